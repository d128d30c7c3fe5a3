import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { invokeFunction } from '@/lib/api/invoke-function';
import { ApiError } from '@/lib/api/api-error';

export const checkoutMessages = {
  paymentError: 'Failed to initiate payment.',
  noResponse: 'No response received from payment backend.',
  noUrl: 'No checkout URL returned. Please try again, or contact support if the issue persists.',
  exception: 'Unable to start checkout.',
} as const;

/**
 * The toast of a failed checkout start (docs/product-rules.md#ui-messages): a refusal is a
 * Payment Error in the server's words, no answer (or anything else) a Payment Failed.
 */
export function checkoutErrorToast(error: unknown): {
  title: 'Payment Error' | 'Payment Failed';
  message: string;
} {
  if (error instanceof ApiError && !error.unanswered)
    return { title: 'Payment Error', message: error.message };
  return {
    title: 'Payment Failed',
    message: (error instanceof Error && error.message) || checkoutMessages.exception,
  };
}

function errorText(value: unknown): string | null {
  if (typeof value === 'string' && value.trim()) return value;
  if (value && typeof value === 'object' && 'message' in value) {
    const message = (value as { message: unknown }).message;
    if (typeof message === 'string' && message.trim()) return message;
  }
  return null;
}

const noCheckout = (message: string) =>
  new ApiError({ status: 200, code: 'unexpected_response', message });

/**
 * Reads the function's answer: `url` (or `data.url`), else an error (a string or an object with a
 * message). Throws an ApiError in the checkout's words.
 */
export function checkoutUrlFrom(data: unknown): string {
  if (data === null || data === undefined || data === '')
    throw noCheckout(checkoutMessages.noResponse);
  const body = data as { url?: unknown; data?: { url?: unknown } | null; error?: unknown };
  const url = body.url ?? body.data?.url;
  if (typeof url === 'string' && url) return url;
  throw noCheckout(errorText(body.error) ?? checkoutMessages.noUrl);
}

/**
 * Asks `create-call-credits-payment` for a Stripe Checkout URL. One Idempotency-Key per purchase
 * attempt, so a retried request never opens a second session. Throws ApiError.
 */
export async function createCheckout({
  amount,
  idempotencyKey,
}: {
  amount: number;
  idempotencyKey: string;
}): Promise<string> {
  const data = await invokeFunction<unknown>('create-call-credits-payment', {
    body: { amount },
    headers: { 'Idempotency-Key': idempotencyKey },
    wording: { unexpected: checkoutMessages.paymentError, unanswered: checkoutMessages.exception },
  });
  return checkoutUrlFrom(data);
}

export function useCreateCheckout(
  options: Omit<
    UseMutationOptions<string, Error, { amount: number; idempotencyKey: string }>,
    'mutationFn'
  > = {},
) {
  return useMutation({ ...options, mutationFn: createCheckout });
}
