import { describe, expect, it } from 'vitest';
import { ApiError, type ApiErrorCode } from '@/lib/api/api-error';
import { contactRequestErrorMessage, contactRequestErrorMessages } from './create-contact-request';

const refused = (status: number, code: ApiErrorCode) =>
  new ApiError({ status, code, message: 'The server’s own words.' });

describe('contact request errors', () => {
  it("says plainly when the function's rate limit was hit", () => {
    expect(contactRequestErrorMessage(refused(429, 'rate_limited'))).toBe(
      'Too many requests from this address. Please try again later.',
    );
  });

  it('tells the visitor to come back when everyone together sent too many', () => {
    expect(contactRequestErrorMessage(refused(429, 'busy'))).toBe(
      'We are receiving too many requests right now. Please try again later.',
    );
  });

  it('treats any other refusal as rejected input', () => {
    expect(contactRequestErrorMessage(refused(400, 'validation_failed'))).toBe(
      contactRequestErrorMessages.rejected,
    );
    expect(contactRequestErrorMessage(refused(413, 'payload_too_large'))).toBe(
      contactRequestErrorMessages.rejected,
    );
  });

  it('falls back to a connection message for anything else', () => {
    expect(contactRequestErrorMessage(refused(500, 'unavailable'))).toBe(
      contactRequestErrorMessages.unavailable,
    );
    expect(contactRequestErrorMessage(refused(502, 'unexpected_response'))).toBe(
      contactRequestErrorMessages.unavailable,
    );
    expect(
      contactRequestErrorMessage(new ApiError({ status: 0, code: 'network_error', message: '' })),
    ).toBe(contactRequestErrorMessages.unavailable);
    expect(contactRequestErrorMessage(new Error('boom'))).toBe(
      "We couldn't send your request. Check your connection and try again.",
    );
  });
});
