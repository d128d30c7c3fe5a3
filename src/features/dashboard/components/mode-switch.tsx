import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { PRICE_PER_MINUTE_LABEL } from '@/config/constants';
import { useKyc, onboardingStep } from '@/lib/kyc';
import { onboardingDialogs } from '@/lib/onboarding-dialog-requests';
import { setDashboardMode, useDashboardMode, type DashboardMode } from '@/lib/api/dashboard-mode';
import { useSession } from '@/lib/auth/session-context';
import { toast } from '@/lib/toast';

/** What a live call costs, said on the button that turns live mode on. */
const LIVE_PRICE = PRICE_PER_MINUTE_LABEL;

/**
 * The Test / Live switch (as Stripe's), in the header of every account page: which objects every
 * page shows and where a call placed here goes. Test (the default) uses the test key set: the
 * simulated network, free, at any hour, before any paperwork. Live is reached on purpose: an
 * account without its business details and a verified phone is asked for them instead.
 */
export function ModeSwitch() {
  const mode = useDashboardMode();
  const { user } = useSession();
  const kyc = useKyc(user?.id);
  const queryClient = useQueryClient();
  const choose = (next: DashboardMode) => {
    if (next === mode) return;
    if (next === 'live' && onboardingStep(kyc.data) !== 'done') {
      onboardingDialogs.request();
      toast.info('Going live needs your business details and a verified phone', {
        description: 'Test mode stays free meanwhile.',
      });
      return;
    }
    setDashboardMode(next);
    // Every list read so far belongs to the other mode.
    void queryClient.invalidateQueries();
  };
  return (
    <div role="group" aria-label="Mode" className="inline-flex shrink-0 rounded-md border p-0.5">
      <Button
        type="button"
        size="sm"
        variant={mode === 'test' ? 'default' : 'ghost'}
        aria-pressed={mode === 'test'}
        title="Test mode: calls go to the simulated network, free, at any hour"
        onClick={() => choose('test')}
      >
        Test
      </Button>
      <Button
        type="button"
        size="sm"
        variant={mode === 'live' ? 'default' : 'ghost'}
        aria-pressed={mode === 'live'}
        title={`Live mode: real calls, ${LIVE_PRICE} after your 100 free minutes`}
        onClick={() => choose('live')}
      >
        Live · {LIVE_PRICE}
      </Button>
    </div>
  );
}

/** The strip under the header in test mode, so no page is mistaken for live. */
export function TestModeStrip() {
  const mode = useDashboardMode();
  if (mode !== 'test') return null;
  return (
    <p className="border-b bg-amber-100 px-4 py-1 text-center text-xs font-medium text-amber-950 md:px-8">
      Test mode: calls go to the simulated network, free. Nothing here is billed or reaches a real
      phone.
    </p>
  );
}
