import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session-context';
import { useKyc } from '@/lib/kyc';

/**
 * Whether the signed-in user's phone is verified, as a badge (a placeholder while it loads); an
 * unverified phone gets a Verify button beside it, to the verification page.
 */
export function PhoneVerificationBadge() {
  const { user } = useSession();
  const kyc = useKyc(user?.id);
  if (kyc.isPending) return <Skeleton className="h-5 w-20" />;
  if (kyc.data?.phone_verified) return <Badge variant="success">Verified</Badge>;
  return (
    <span className="inline-flex items-center gap-2">
      <Badge variant="outline">Not verified</Badge>
      <Button size="sm" variant="outline" asChild>
        <Link to={paths.verifyPhone.href}>Verify</Link>
      </Button>
    </span>
  );
}
