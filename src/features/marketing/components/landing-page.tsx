export function LandingPage() {
  return (
    <main className="container py-16">
      <h1 className="text-3xl font-bold">Dialwise</h1>
    </main>
  );
}
