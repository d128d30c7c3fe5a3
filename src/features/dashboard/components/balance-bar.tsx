import { Wallet } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths, type DashboardTab } from '@/config/paths';
import { formatUsd } from '@/lib/format';
import { useSession } from '@/lib/auth/session-context';
import { useBalance } from '@/lib/balance';
import { ModeSwitch, TestModeStrip } from './mode-switch';

/**
 * The balance bar: sticky, 'Balance' with the dollar amount available (credits minus what calls
 * in progress or waiting for a retry hold), what is held when anything is, or a placeholder while
 * it is unknown (loading, failed, or no profile row); the Test / Live switch that governs every
 * page; a button opens billing. In test mode a strip under it says so.
 */
export function BalanceBar() {
  const { user } = useSession();
  const navigate = useNavigate();
  const balance = useBalance(user?.id);
  const amount = balance.data?.available;
  const held = balance.data?.held ?? 0;

  return (
    <div className="sticky top-0 z-30 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="flex min-h-14 flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-2 md:h-14 md:flex-nowrap md:px-8 md:py-0">
        <p className="flex items-center gap-2 text-sm">
          <Wallet className="size-4 text-muted-foreground" aria-hidden />
          <span className="text-muted-foreground">Balance</span>
          {typeof amount === 'number' ? (
            <>
              <span className="text-base font-semibold tabular-nums" data-testid="balance-amount">
                {formatUsd(amount)}
              </span>
              {held > 0 ? (
                <span
                  className="text-muted-foreground tabular-nums"
                  data-testid="balance-held"
                  title="Held for calls in progress or waiting for a retry; what they do not use comes back when they end."
                >
                  · {formatUsd(held)} held
                  <span className="sr-only"> for calls in progress</span>
                </span>
              ) : null}
            </>
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
        <div className="flex items-center gap-2">
          <ModeSwitch />
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
      <TestModeStrip />
    </div>
  );
}
