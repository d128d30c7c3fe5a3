export function PricingPage() {
  return (
    <main className="container py-16">
      <h1 className="text-3xl font-bold">Pricing</h1>
    </main>
  );
}
