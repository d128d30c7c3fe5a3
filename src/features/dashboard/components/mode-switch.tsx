import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { PRICE_PER_MINUTE_LABEL } from '@/config/constants';
import { useKyc, onboardingStep } from '@/lib/kyc';
import { onboardingDialogs } from '@/lib/onboarding-dialog-requests';
import {
  modeInUrl,
  searchWithMode,
  setDashboardMode,
  useDashboardMode,
  type DashboardMode,
} from '@/lib/api/dashboard-mode';
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
  const [searchParams, setSearchParams] = useSearchParams();
  const mayGoLive = onboardingStep(kyc.data) === 'done';

  const switchTo = useCallback(
    (next: DashboardMode) => {
      setDashboardMode(next);
      setSearchParams((params) => searchWithMode(params, next), { replace: true });
      // Every list read so far belongs to the other mode.
      void queryClient.invalidateQueries();
    },
    [queryClient, setSearchParams],
  );

  const choose = (next: DashboardMode) => {
    if (next === mode) return;
    if (next === 'live' && !mayGoLive) {
      onboardingDialogs.request();
      toast.info('Going live needs your business details and a verified phone', {
        description: 'Test mode stays free meanwhile.',
      });
      return;
    }
    switchTo(next);
  };

  // The URL and the switch agree. A mode the URL newly asks for is taken (live only for an account
  // that may go live, once that is known): a link opens its page in its mode. Otherwise the switch
  // leads, and live mode marks every page it shows.
  const asked = modeInUrl(searchParams);
  const seen = useRef<DashboardMode | null | undefined>(undefined);
  const kycKnown = kyc.isSuccess;
  useEffect(() => {
    if (asked === mode) {
      seen.current = asked;
      return;
    }
    if (asked !== null && asked !== seen.current) {
      if (asked === 'live' && !kycKnown) return;
      seen.current = asked;
      if (asked === 'test' || mayGoLive) return switchTo(asked);
      toast.info(
        'This link opens live mode, which needs your business details and a verified phone',
        {
          description: 'You are in test mode.',
        },
      );
    }
    seen.current = asked;
    if ((mode === 'live') !== (asked === 'live'))
      setSearchParams((params) => searchWithMode(params, mode), { replace: true });
  }, [asked, mode, kycKnown, mayGoLive, switchTo, setSearchParams]);

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
