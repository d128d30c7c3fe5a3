import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { useSession } from '@/lib/auth/session-context';
import { useKyc } from '../api/get-kyc';

/** Whether the signed-in user's phone is verified, as a badge (a placeholder while it loads). */
export function PhoneVerificationBadge() {
  const { user } = useSession();
  const kyc = useKyc(user?.id);
  if (kyc.isPending) return <Skeleton className="h-5 w-20" />;
  return kyc.data?.phone_verified ? (
    <Badge variant="success">Verified</Badge>
  ) : (
    <Badge variant="outline">Not verified</Badge>
  );
}
