export function BillingPage() {
  return (
    <main className="container py-16">
      <h1 className="text-3xl font-bold">Billing</h1>
    </main>
  );
}
