import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invokeFunction } from '@/lib/api/invoke-function';
import { ApiError } from '@/lib/api/api-error';
import { balanceKeys } from '@/lib/balance';
import { billingKeys } from './query-keys';

export type CheckoutConfirmation = {
  session_id: string;
  status: string | null;
  payment_status: string | null;
  amount: number | null;
  credited: boolean;
};

/**
 * Back from checkout: `confirm-call-credits-payment` retrieves the session from Stripe and records
 * it if paid (the same idempotent path as the webhook), so credits show at once. Throws
 * ApiError when refused or unanswered.
 */
export async function confirmCheckout(sessionId: string): Promise<CheckoutConfirmation> {
  const data = await invokeFunction<CheckoutConfirmation | null>('confirm-call-credits-payment', {
    body: { session_id: sessionId },
  });
  if (!data)
    throw new ApiError({
      status: 200,
      code: 'unexpected_response',
      message: 'No response received from payment backend.',
    });
  return data;
}

/** Confirms, then refetches the balance, the history and the usage of the user. */
export function useConfirmCheckout(userId: string | null | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmCheckout,
    onSettled: async () => {
      if (!userId) return;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: balanceKeys.ofUser(userId) }),
        queryClient.invalidateQueries({ queryKey: billingKeys.user(userId) }),
      ]);
    },
  });
}
