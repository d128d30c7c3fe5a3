import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { AuthCallResult } from '@/features/auth/api/credentials';
import { NewPasswordForm } from '@/features/auth/components/new-password-form';

/** Profile: a signed-in user changes the password; other sessions are signed out by the server. */
export function ChangePasswordCard({
  setPassword,
}: {
  setPassword?: (password: string) => Promise<AuthCallResult>;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Change password</CardTitle>
        <CardDescription>Your other signed-in devices will be signed out.</CardDescription>
      </CardHeader>
      <CardContent>
        <NewPasswordForm setPassword={setPassword} submitLabel="Change password" source="profile" />
      </CardContent>
    </Card>
  );
}
