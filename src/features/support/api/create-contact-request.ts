import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { invokeFunction } from '@/lib/api/invoke-function';
import { ApiError } from '@/lib/api/api-error';
import type { ContactRequestValues } from './contact-request-schema';

/** What the visitor is told, by the function's code (`rejected`, `unavailable`: by status). */
export const contactRequestErrorMessages = {
  rate_limited: 'Too many requests from this address. Please try again later.',
  busy: 'We are receiving too many requests right now. Please try again later.',
  /** Any other refusal of what was sent. */
  rejected: 'Some details were not accepted. Please check the form and try again.',
  /** No answer, the server failed, or anything unexpected. */
  unavailable: "We couldn't send your request. Check your connection and try again.",
} as const;

/** The visitor-facing message for any failure of the mutation (including unexpected throws). */
export function contactRequestErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.unanswered)
    return contactRequestErrorMessages.unavailable;
  if (error.code === 'rate_limited' || error.code === 'busy')
    return contactRequestErrorMessages[error.code];
  if (error.status >= 400 && error.status < 500 && error.status !== 408)
    return contactRequestErrorMessages.rejected;
  return contactRequestErrorMessages.unavailable;
}

/**
 * Sends one request to the `contact-request` edge function, which stores it with the service
 * role after its limits (visitors cannot write to `contact_requests` themselves). `website` is
 * the form's honeypot field: empty unless a bot filled it. Throws ApiError (worded by
 * contactRequestErrorMessage).
 */
export async function createContactRequest(
  values: ContactRequestValues & { website?: string },
): Promise<void> {
  await invokeFunction('contact-request', {
    body: {
      fullName: values.fullName,
      email: values.email,
      companyName: values.companyName,
      phoneNumber: values.phoneNumber,
      role: values.role,
      message: values.message,
      website: values.website ?? '',
    },
  });
}

export function useCreateContactRequest(
  options: Omit<
    UseMutationOptions<void, Error, ContactRequestValues & { website?: string }>,
    'mutationFn'
  > = {},
) {
  return useMutation({ ...options, mutationFn: createContactRequest });
}
