export function ApiKeyPage() {
  return (
    <main className="container py-16">
      <h1 className="text-3xl font-bold">API Keys</h1>
    </main>
  );
}
