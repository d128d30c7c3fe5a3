export function ContactPage() {
  return (
    <main className="container py-16">
      <h1 className="text-3xl font-bold">Contact Enterprise Sales</h1>
    </main>
  );
}
