import { Wallet } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths, type DashboardTab } from '@/config/paths';
import { formatUsd } from '@/lib/format';
import { useSession } from '@/lib/auth/session-context';
import { useBalance } from '@/lib/balance';

/**
 * Balance bar: sticky, 'Balance' with the dollar amount available (`profiles.available_credits`:
 * credits minus holds of calls in progress), or a
 * placeholder while it is unknown (loading, failed, or no profile row); a button opens billing.
 */
export function BalanceBar() {
  const { user } = useSession();
  const navigate = useNavigate();
  const balance = useBalance(user?.id);
  const amount = balance.data;

  return (
    <div className="sticky top-0 z-30 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="flex h-14 items-center justify-between gap-4 px-4 md:px-8">
        <p className="flex items-center gap-2 text-sm">
          <Wallet className="size-4 text-muted-foreground" aria-hidden />
          <span className="text-muted-foreground">Balance</span>
          {typeof amount === 'number' ? (
            <span className="text-base font-semibold tabular-nums" data-testid="balance-amount">
              {formatUsd(amount)}
            </span>
          ) : (
            <>
              <Skeleton className="h-5 w-16" />
              <span className="sr-only">
                {balance.isPending && balance.fetchStatus !== 'idle'
                  ? 'Loading balance'
                  : 'Balance unavailable'}
              </span>
            </>
          )}
        </p>
        <Button
          size="sm"
          onClick={() =>
            navigate(paths.dashboard.href, {
              state: { activeTab: 'billing' satisfies DashboardTab },
            })
          }
        >
          Add Credits
        </Button>
      </div>
    </div>
  );
}
