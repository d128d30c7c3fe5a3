import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@contract/errors.ts';
import { ApiError, parseApiError, unansweredError } from './api-error';

describe('parseApiError', () => {
  it('reads code, message, field, request id and the rest of the error object', () => {
    const error = parseApiError(400, {
      error: {
        code: 'invalid_request',
        message: 'Row 2: phone_number must be E.164',
        field: 'tasks',
        request_id: 'req_1',
        rows: [{ index: 1, field: 'phone_number', message: 'must be E.164' }],
      },
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'invalid_request',
      message: 'Row 2: phone_number must be E.164',
      field: 'tasks',
      requestId: 'req_1',
      unanswered: false,
      details: { rows: [{ index: 1, field: 'phone_number', message: 'must be E.164' }] },
    });
  });

  it('knows every code of the call API and of the other functions', () => {
    for (const code of [...ERROR_CODES, 'incorrect_code', 'busy', 'phone_taken'])
      expect(parseApiError(400, { error: { code, message: 'm' } }).code).toBe(code);
  });

  it('keeps the message of a code the contract does not know, as unexpected_response', () => {
    expect(
      parseApiError(409, { error: { code: 'brand_new', message: 'Try later.' } }),
    ).toMatchObject({ code: 'unexpected_response', message: 'Try later.' });
  });

  it('takes a bare string error as the message', () => {
    expect(parseApiError(402, { error: 'Card declined' })).toMatchObject({
      code: 'unexpected_response',
      message: 'Card declined',
      field: undefined,
    });
  });

  it("words a body that is not ours in the feature's words, or plainly", () => {
    expect(parseApiError(502, '<html>Bad gateway</html>').message).toBe(
      'The server could not handle the request. Please try again.',
    );
    expect(
      parseApiError(401, { code: 401, message: 'Invalid JWT' }, { wording: { unexpected: 'No.' } }),
    ).toMatchObject({ status: 401, code: 'unexpected_response', message: 'No.' });
  });

  it('adds Retry-After and the Request-Id header', () => {
    const error = parseApiError(
      429,
      { error: { code: 'rate_limited', message: 'Slow down.' } },
      { headers: new Headers({ 'Retry-After': '30', 'Request-Id': 'req_9' }) },
    );
    expect(error).toMatchObject({ code: 'rate_limited', retryAfter: 30, requestId: 'req_9' });
    expect(parseApiError(503, null, { headers: new Headers() }).retryAfter).toBeUndefined();
  });
});

describe('unansweredError', () => {
  it('is status 0 and network_error, in the feature’s words or plainly', () => {
    expect(unansweredError({ unanswered: 'No line.' })).toMatchObject({
      status: 0,
      code: 'network_error',
      unanswered: true,
      message: 'No line.',
    });
    expect(unansweredError().message).toBe(
      'Could not reach the server. Check your connection and try again.',
    );
  });
});
