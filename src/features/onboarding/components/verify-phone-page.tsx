import { Navigate } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session-context';
import { useKyc } from '@/lib/kyc';
import { PhoneVerificationScreen } from './phone-verification-screen';

/**
 * The standalone phone verification page (/verify-phone). Behind the protected-route guard
 * (signed out → /auth); a phone already verified → /dashboard.
 */
export function VerifyPhonePage() {
  const { user } = useSession();
  const kyc = useKyc(user?.id);
  if (user && kyc.isPending) return <Spinner label="Loading..." className="min-h-screen" />;
  if (kyc.data?.phone_verified) return <Navigate to={paths.dashboard.href} replace />;
  return <PhoneVerificationScreen />;
}
