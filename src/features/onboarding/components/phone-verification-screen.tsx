import { useNavigate } from 'react-router-dom';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { PRODUCT_NAME } from '@/config/constants';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session-context';
import { useKyc } from '@/lib/kyc';
import { PhoneVerification } from './phone-verification';
import { phoneVerificationCopy } from './phone-verification-dialog';

/** The phone verification flow as a page: /onboarding-step-2 and /verify-phone. */
export function PhoneVerificationScreen({ eyebrow }: { eyebrow?: string }) {
  const { user } = useSession();
  const kyc = useKyc(user?.id);
  const navigate = useNavigate();
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-muted/30 p-4">
      <Card className="w-full max-w-md">
        <CardHeader>
          <p className="text-sm font-medium text-primary">
            {PRODUCT_NAME}
            {eyebrow ? ` · ${eyebrow}` : ''}
          </p>
          <h1 className="text-2xl font-semibold tracking-tight">{phoneVerificationCopy.title}</h1>
          <CardDescription>{phoneVerificationCopy.description}</CardDescription>
        </CardHeader>
        <CardContent>
          {kyc.isPending && user ? (
            <Spinner label="Loading..." />
          ) : (
            <PhoneVerification
              variant="page"
              initialPhone={kyc.data?.phone}
              onVerified={() => navigate(paths.dashboard.href)}
            />
          )}
        </CardContent>
      </Card>
    </main>
  );
}
