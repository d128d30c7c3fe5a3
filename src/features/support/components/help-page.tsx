export function HelpPage() {
  return (
    <main className="container py-16">
      <h1 className="text-3xl font-bold">Help Center</h1>
    </main>
  );
}
