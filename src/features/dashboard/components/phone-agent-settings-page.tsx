export function PhoneAgentSettingsPage() {
  return (
    <main className="container py-16">
      <h1 className="text-3xl font-bold">Phone Agent Settings</h1>
    </main>
  );
}
