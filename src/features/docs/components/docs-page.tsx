export function DocsPage() {
  return (
    <main className="container py-16">
      <h1 className="text-3xl font-bold">API documentation</h1>
    </main>
  );
}
