import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { supabase } from '@/lib/supabase';

/** A failed checkout start, with the spec §8 toast title and message. */
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
 * Reads the function's answer as spec §7 call 11 describes it: `url` (or `data.url`), else an
 * error (a string or an object with a message). Throws a CheckoutError with the §8 wording.
 */
export function checkoutUrlFrom(data: unknown): string {
  if (data === null || data === undefined || data === '')
    throw new CheckoutError('Payment Error', checkoutMessages.noResponse);
  const body = data as { url?: unknown; data?: { url?: unknown } | null; error?: unknown };
  const url = body.url ?? body.data?.url;
  if (typeof url === 'string' && url) return url;
  throw new CheckoutError('Payment Error', errorText(body.error) ?? checkoutMessages.noUrl);
}

/** The server's own message from a non-2xx answer (`{ "error": { "code", "message" } }`). */
async function httpErrorMessage(error: FunctionsHttpError): Promise<string | null> {
  try {
    const body: unknown = await (error.context as Response).json();
    return errorText((body as { error?: unknown })?.error);
  } catch {
    return null;
  }
}

/**
 * Spec §7 call 11: asks `create-call-credits-payment` for a Stripe Checkout URL. One
 * Idempotency-Key per purchase attempt, so a retried request never opens a second session.
 */
export async function createCheckout({
  amount,
  idempotencyKey,
}: {
  amount: number;
  idempotencyKey: string;
}): Promise<string> {
  let result: Awaited<ReturnType<typeof supabase.functions.invoke>>;
  try {
    result = await supabase.functions.invoke('create-call-credits-payment', {
      body: { amount },
      headers: { 'Idempotency-Key': idempotencyKey },
    });
  } catch (error) {
    throw new CheckoutError('Payment Failed', errorText(error) ?? checkoutMessages.exception);
  }
  if (result.error) {
    const message =
      result.error instanceof FunctionsHttpError ? await httpErrorMessage(result.error) : null;
    if (result.error instanceof FunctionsHttpError)
      throw new CheckoutError('Payment Error', message ?? checkoutMessages.paymentError);
    throw new CheckoutError(
      'Payment Failed',
      errorText(result.error) ?? checkoutMessages.exception,
    );
  }
  return checkoutUrlFrom(result.data);
}

export function useCreateCheckout(
  options: Omit<
    UseMutationOptions<string, Error, { amount: number; idempotencyKey: string }>,
    'mutationFn'
  > = {},
) {
  return useMutation({ ...options, mutationFn: createCheckout });
}
