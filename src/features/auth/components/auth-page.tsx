export function AuthPage() {
  return (
    <main className="container py-16">
      <h1 className="text-3xl font-bold">Sign in</h1>
    </main>
  );
}
