export function ProfilePage() {
  return (
    <main className="container py-16">
      <h1 className="text-3xl font-bold">Profile</h1>
    </main>
  );
}
