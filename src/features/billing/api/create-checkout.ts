import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { ApiRequestError, invokeFunction } from '@/lib/api-client';

/**
 * A failed checkout start, with its toast title and message (docs/product-rules.md#ui-messages).
 */
export class CheckoutError extends Error {
  readonly title: 'Payment Error' | 'Payment Failed';
  constructor(title: 'Payment Error' | 'Payment Failed', message: string) {
    super(message);
    this.name = 'CheckoutError';
    this.title = title;
  }
}

export const checkoutMessages = {
  paymentError: 'Failed to initiate payment.',
  noResponse: 'No response received from payment backend.',
  noUrl: 'No checkout URL returned. Please try again, or contact support if the issue persists.',
  exception: 'Unable to start checkout.',
} as const;

function errorText(value: unknown): string | null {
  if (typeof value === 'string' && value.trim()) return value;
  if (value && typeof value === 'object' && 'message' in value) {
    const message = (value as { message: unknown }).message;
    if (typeof message === 'string' && message.trim()) return message;
  }
  return null;
}

/**
 * Reads the function's answer: `url` (or `data.url`), else an error (a string or an object with a
 * message). Throws a CheckoutError with the checkout's wording.
 */
export function checkoutUrlFrom(data: unknown): string {
  if (data === null || data === undefined || data === '')
    throw new CheckoutError('Payment Error', checkoutMessages.noResponse);
  const body = data as { url?: unknown; data?: { url?: unknown } | null; error?: unknown };
  const url = body.url ?? body.data?.url;
  if (typeof url === 'string' && url) return url;
  throw new CheckoutError('Payment Error', errorText(body.error) ?? checkoutMessages.noUrl);
}

/**
 * Asks `create-call-credits-payment` for a Stripe Checkout URL. One Idempotency-Key per purchase
 * attempt, so a retried request never opens a second session. A refusal is a Payment Error with
 * the server's message; no answer is a Payment Failed.
 */
export async function createCheckout({
  amount,
  idempotencyKey,
}: {
  amount: number;
  idempotencyKey: string;
}): Promise<string> {
  let data: unknown;
  try {
    data = await invokeFunction('create-call-credits-payment', {
      body: { amount },
      headers: { 'Idempotency-Key': idempotencyKey },
      fallbackMessage: checkoutMessages.paymentError,
      networkMessage: checkoutMessages.exception,
    });
  } catch (error) {
    if (error instanceof ApiRequestError && !error.unanswered)
      throw new CheckoutError('Payment Error', error.message);
    throw new CheckoutError('Payment Failed', errorText(error) ?? checkoutMessages.exception);
  }
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
