import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useSession } from '@/lib/auth/session-context';

/** The profile shows the e-mail only. */
export function ProfileCard() {
  const { user } = useSession();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile</CardTitle>
        <CardDescription>Your account details.</CardDescription>
      </CardHeader>
      <CardContent>
        {user ? (
          <dl className="grid gap-1 text-sm">
            <dt className="text-muted-foreground">Email</dt>
            <dd className="font-medium break-all">{user.email}</dd>
          </dl>
        ) : (
          <p className="text-sm text-muted-foreground">You need to log in to view your profile.</p>
        )}
      </CardContent>
    </Card>
  );
}
