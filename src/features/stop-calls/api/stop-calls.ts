import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { invokeFunction } from '@/lib/api/invoke-function';

/** What the person is told when the number could not be taken, by the function's code. */
export const stopCallsErrorMessages = {
  rate_limited: 'Too many requests from this address. Please try again later.',
  busy: 'We are receiving too many requests right now. Please try again later.',
  unavailable:
    'We couldn\'t take the number just now. Check your connection and try again, or say "stop calling" on the next call.',
} as const;

/** The message for any failure of the mutation: the function's own words for a 400. */
export function stopCallsErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.unanswered) return stopCallsErrorMessages.unavailable;
  if (error.code === 'rate_limited' || error.code === 'busy')
    return stopCallsErrorMessages[error.code];
  if (error.status === 400 && error.message) return error.message;
  return stopCallsErrorMessages.unavailable;
}

/**
 * Sends the number to the `stop-calls` function, which lists it on the do-not-call list of every
 * business that called it through us. `website` is the form's honeypot: empty unless a bot filled
 * it. Resolves with the sentence to show; throws ApiError.
 */
export async function requestStopCalls(input: {
  phoneNumber: string;
  website?: string;
}): Promise<string> {
  const answer = await invokeFunction<{ ok: true; message: string }>('stop-calls', {
    body: { phoneNumber: input.phoneNumber, website: input.website ?? '' },
  });
  return answer.message;
}

export function useStopCalls() {
  return useMutation({ mutationFn: requestStopCalls });
}
