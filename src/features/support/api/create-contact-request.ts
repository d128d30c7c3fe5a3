import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { PostgrestError } from '@supabase/supabase-js';
import { supabase } from '@/lib/supabase';
import type { ContactRequestValues } from './contact-request-schema';

/** What the database says when one address has sent too many requests (see the migration). */
const RATE_LIMIT_MARKER = 'rate_limited';

export const contactRequestErrorMessages = {
  rateLimited: 'Too many requests from this address. Please try again later.',
  rejected: 'Some details were not accepted. Please check the form and try again.',
  unavailable: "We couldn't send your request. Check your connection and try again.",
} as const;

export type ContactRequestErrorKind = keyof typeof contactRequestErrorMessages;

/** A failed contact request, with a message fit to show the visitor as is. */
export class ContactRequestError extends Error {
  readonly kind: ContactRequestErrorKind;
  readonly postgrestError: PostgrestError;

  constructor(kind: ContactRequestErrorKind, postgrestError: PostgrestError) {
    super(contactRequestErrorMessages[kind]);
    this.name = 'ContactRequestError';
    this.kind = kind;
    this.postgrestError = postgrestError;
  }
}

/** The visitor-facing message for any failure of the mutation (including unexpected throws). */
export function contactRequestErrorMessage(error: unknown): string {
  return error instanceof ContactRequestError
    ? error.message
    : contactRequestErrorMessages.unavailable;
}

export function classifyContactRequestError(error: PostgrestError): ContactRequestErrorKind {
  if (error.code === 'P0001' && error.message.startsWith(RATE_LIMIT_MARKER)) return 'rateLimited';
  // 23xxx: integrity constraint violations (check, not-null), 22xxx: bad data (e.g. too long).
  if (error.code?.startsWith('23') || error.code?.startsWith('22')) return 'rejected';
  return 'unavailable';
}

/**
 * Stores one request in `contact_requests`. Deliberately no `.select()`: anonymous visitors may
 * insert but never read rows back (RLS and column grants), so the insert returns nothing.
 */
export async function createContactRequest(values: ContactRequestValues): Promise<void> {
  const { error } = await supabase.from('contact_requests').insert({
    full_name: values.fullName,
    email: values.email,
    company_name: values.companyName,
    phone_number: values.phoneNumber === '' ? null : values.phoneNumber,
    role: values.role,
    message: values.message,
  });
  if (error) throw new ContactRequestError(classifyContactRequestError(error), error);
}

export function useCreateContactRequest(
  options: Omit<UseMutationOptions<void, Error, ContactRequestValues>, 'mutationFn'> = {},
) {
  return useMutation({ ...options, mutationFn: createContactRequest });
}
