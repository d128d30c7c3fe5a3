export function StatusPage() {
  return (
    <main className="container py-16">
      <h1 className="text-3xl font-bold">All Systems Operational</h1>
    </main>
  );
}
