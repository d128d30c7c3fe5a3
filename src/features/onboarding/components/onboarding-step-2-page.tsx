import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { PRODUCT_NAME } from '@/config/constants';
import { paths } from '@/config/paths';

/**
 * /onboarding-step-2 (protected): the page frame. The phone verification flow (phone entry, code
 * entry) arrives with the onboarding issue.
 */
export function OnboardingStep2Page() {
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-muted/30 p-4">
      <Card className="w-full max-w-md">
        <CardHeader>
          <p className="text-sm font-medium text-primary">{PRODUCT_NAME} · Step 2</p>
          <h1 className="text-2xl font-semibold tracking-tight">Verify your phone</h1>
          <CardDescription>
            Phone verification is coming soon. You can continue to your dashboard meanwhile.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild className="w-full">
            <Link to={paths.dashboard.href}>Go to Dashboard</Link>
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
