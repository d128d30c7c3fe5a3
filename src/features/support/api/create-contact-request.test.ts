import { PostgrestError } from '@supabase/supabase-js';
import {
  classifyContactRequestError,
  ContactRequestError,
  contactRequestErrorMessage,
} from './create-contact-request';

const pgError = (code: string, message: string) =>
  new PostgrestError({ code, message, details: '', hint: '' });

describe('contact request errors', () => {
  it("says plainly when the database's rate limit was hit", () => {
    const error = pgError('P0001', 'rate_limited: too many contact requests from this address');
    expect(classifyContactRequestError(error)).toBe('rateLimited');
    expect(contactRequestErrorMessage(new ContactRequestError('rateLimited', error))).toBe(
      'Too many requests from this address. Please try again later.',
    );
  });

  it('treats a check violation as rejected input', () => {
    expect(classifyContactRequestError(pgError('23514', 'violates check constraint'))).toBe(
      'rejected',
    );
  });

  it('falls back to a connection message for anything else', () => {
    expect(classifyContactRequestError(pgError('', 'TypeError: Failed to fetch'))).toBe(
      'unavailable',
    );
    expect(contactRequestErrorMessage(new Error('boom'))).toBe(
      "We couldn't send your request. Check your connection and try again.",
    );
  });
});
