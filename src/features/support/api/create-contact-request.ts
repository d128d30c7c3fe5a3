import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { ApiRequestError, invokeFunction } from '@/lib/api-client';
import type { ContactRequestValues } from './contact-request-schema';

export const contactRequestErrorMessages = {
  rateLimited: 'Too many requests from this address. Please try again later.',
  busy: 'We are receiving too many requests right now. Please try again later.',
  rejected: 'Some details were not accepted. Please check the form and try again.',
  unavailable: "We couldn't send your request. Check your connection and try again.",
} as const;

export type ContactRequestErrorKind = keyof typeof contactRequestErrorMessages;

/** A failed contact request, with a message fit to show the visitor as is. */
export class ContactRequestError extends Error {
  readonly kind: ContactRequestErrorKind;
  readonly status: number | null;

  constructor(kind: ContactRequestErrorKind, status: number | null = null) {
    super(contactRequestErrorMessages[kind]);
    this.name = 'ContactRequestError';
    this.kind = kind;
    this.status = status;
  }
}

/** The visitor-facing message for any failure of the mutation (including unexpected throws). */
export function contactRequestErrorMessage(error: unknown): string {
  return error instanceof ContactRequestError
    ? error.message
    : contactRequestErrorMessages.unavailable;
}

/** Maps the contact-request function's `{ error: { code } }` answer to what the visitor is told. */
export function classifyContactRequestError(
  status: number,
  code: string | undefined,
): ContactRequestErrorKind {
  if (code === 'rate_limited') return 'rateLimited';
  if (code === 'busy') return 'busy';
  if (status >= 400 && status < 500 && status !== 408) return 'rejected';
  return 'unavailable';
}

/**
 * Sends one request to the `contact-request` edge function, which stores it with the service
 * role after its limits (visitors cannot write to `contact_requests` themselves). `website` is
 * the form's honeypot field: empty unless a bot filled it.
 */
export async function createContactRequest(
  values: ContactRequestValues & { website?: string },
): Promise<void> {
  try {
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
  } catch (error) {
    if (error instanceof ApiRequestError && !error.unanswered)
      throw new ContactRequestError(
        classifyContactRequestError(error.status, error.code),
        error.status,
      );
    throw new ContactRequestError('unavailable');
  }
}

export function useCreateContactRequest(
  options: Omit<
    UseMutationOptions<void, Error, ContactRequestValues & { website?: string }>,
    'mutationFn'
  > = {},
) {
  return useMutation({ ...options, mutationFn: createContactRequest });
}
