export function OnboardingStep2Page() {
  return (
    <main className="container py-16">
      <h1 className="text-3xl font-bold">Verify your phone</h1>
    </main>
  );
}
