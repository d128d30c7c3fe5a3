export function DashboardPage() {
  return (
    <main className="container py-16">
      <h1 className="text-3xl font-bold">Dashboard</h1>
    </main>
  );
}
