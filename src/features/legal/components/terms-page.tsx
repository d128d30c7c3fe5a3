export function TermsPage() {
  return (
    <main className="container py-16">
      <h1 className="text-3xl font-bold">Terms of Service</h1>
    </main>
  );
}
