import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { useSession } from '@/lib/auth/session-context';
import { formatUsd } from '@/lib/format';
import { useConfirmCheckout } from '../api/confirm-checkout';

/**
 * The query Stripe Checkout sends the browser back with (see create-call-credits-payment), less
 * `tab=billing`, which keeps the billing tab open.
 */
export const CHECKOUT_PARAMS = ['checkout', 'session_id'] as const;

/**
 * Back from checkout on the billing tab: a paid session is confirmed at once (credits, balance and
 * history refetched) with a toast saying how much was added; a canceled one gets a neutral note.
 * The query is then removed so a reload does not repeat it.
 */
export function useCheckoutReturn() {
  const [params, setParams] = useSearchParams();
  const { user } = useSession();
  const confirm = useConfirmCheckout(user?.id);
  const handled = useRef<string | null>(null);
  const outcome = params.get('checkout');
  const sessionId = params.get('session_id');
  const { mutate } = confirm;

  useEffect(() => {
    if (!outcome || !user) return;
    const key = `${outcome}:${sessionId ?? ''}`;
    if (handled.current === key) return;
    handled.current = key;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of CHECKOUT_PARAMS) next.delete(name);
        return next;
      },
      { replace: true },
    );

    if (outcome === 'canceled') {
      toast('Checkout canceled', {
        description: 'No payment was made. Your balance is unchanged.',
      });
      return;
    }
    if (outcome !== 'success' || !sessionId) return;
    mutate(sessionId, {
      onSuccess: (result) => {
        if (result.credited && result.amount !== null)
          toast.success('Payment successful', {
            description: `${formatUsd(result.amount)} in credits was added to your balance.`,
          });
        else
          toast('Payment processing', {
            description:
              'Your payment has not completed yet. Credits are added as soon as it does.',
          });
      },
      onError: () => {
        toast('Payment received', {
          description:
            'We could not confirm it yet. Credits are added as soon as the payment provider confirms it.',
        });
      },
    });
  }, [outcome, sessionId, user, mutate, setParams]);

  return { confirming: confirm.isPending };
}
