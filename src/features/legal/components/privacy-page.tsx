export function PrivacyPage() {
  return (
    <main className="container py-16">
      <h1 className="text-3xl font-bold">Privacy Policy</h1>
    </main>
  );
}
