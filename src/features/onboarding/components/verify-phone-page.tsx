import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { PRODUCT_NAME } from '@/config/constants';
import { paths } from '@/config/paths';

/**
 * The standalone phone verification page (/verify-phone). It sits behind the protected-route
 * guard (signed out → /auth). The verification flow and the 'already verified → /dashboard' rule
 * arrive with the onboarding issue.
 */
export function VerifyPhonePage() {
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-muted/30 p-4">
      <Card className="w-full max-w-md">
        <CardHeader>
          <p className="text-sm font-medium text-primary">{PRODUCT_NAME}</p>
          <h1 className="text-2xl font-semibold tracking-tight">Verify your phone</h1>
          <CardDescription>Phone verification is coming soon.</CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild variant="outline" className="w-full">
            <Link to={paths.dashboard.href}>Go to Dashboard</Link>
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
