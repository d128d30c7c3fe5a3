export function PhoneAgentDocsPage() {
  return (
    <main className="container py-16">
      <h1 className="text-3xl font-bold">Phone agent</h1>
    </main>
  );
}
