import {
  classifyContactRequestError,
  ContactRequestError,
  contactRequestErrorMessage,
} from './create-contact-request';

describe('contact request errors', () => {
  it("says plainly when the function's rate limit was hit", () => {
    expect(classifyContactRequestError(429, 'rate_limited')).toBe('rateLimited');
    expect(contactRequestErrorMessage(new ContactRequestError('rateLimited', 429))).toBe(
      'Too many requests from this address. Please try again later.',
    );
  });

  it('tells the visitor to come back when everyone together sent too many', () => {
    expect(classifyContactRequestError(429, 'busy')).toBe('busy');
    expect(contactRequestErrorMessage(new ContactRequestError('busy', 429))).toBe(
      'We are receiving too many requests right now. Please try again later.',
    );
  });

  it('treats any other refusal as rejected input', () => {
    expect(classifyContactRequestError(400, 'validation_failed')).toBe('rejected');
    expect(classifyContactRequestError(413, 'payload_too_large')).toBe('rejected');
  });

  it('falls back to a connection message for anything else', () => {
    expect(classifyContactRequestError(500, 'unavailable')).toBe('unavailable');
    expect(classifyContactRequestError(502, undefined)).toBe('unavailable');
    expect(contactRequestErrorMessage(new Error('boom'))).toBe(
      "We couldn't send your request. Check your connection and try again.",
    );
  });
});
