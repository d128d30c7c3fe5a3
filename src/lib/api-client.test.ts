import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiRequestError,
  apiErrorFrom,
  apiErrorFromBody,
  invokeFunction,
  requestJson,
} from '@/lib/api-client';

const jsonResponse = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiErrorFromBody', () => {
  it('reads code, message, field and request id from { error }', () => {
    const error = apiErrorFromBody(400, {
      error: {
        code: 'invalid_request',
        message: 'phone_number must be E.164',
        field: 'phone_number',
        request_id: 'req_1',
      },
    });
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      status: 400,
      code: 'invalid_request',
      message: 'phone_number must be E.164',
      field: 'phone_number',
      requestId: 'req_1',
      unanswered: false,
    });
  });

  it('takes a bare string error as the message', () => {
    expect(apiErrorFromBody(402, { error: 'Card declined' })).toMatchObject({
      code: 'http_402',
      message: 'Card declined',
      field: undefined,
    });
  });

  it("falls back to the feature's wording when the body is not ours", () => {
    expect(apiErrorFromBody(502, '<html>Bad gateway</html>').message).toBe(
      'The server answered 502. Please try again.',
    );
    expect(apiErrorFromBody(502, null, { fallbackMessage: 'Payment failed.' }).message).toBe(
      'Payment failed.',
    );
    expect(
      apiErrorFromBody(503, { error: {} }, { fallbackMessage: (s) => `Answered ${s}.` }).message,
    ).toBe('Answered 503.');
  });
});

describe('apiErrorFrom', () => {
  it('adds Retry-After and the Request-Id header', async () => {
    const error = await apiErrorFrom(
      jsonResponse(
        429,
        { error: { code: 'rate_limited', message: 'Slow down.' } },
        { 'Retry-After': '30', 'Request-Id': 'req_9' },
      ),
    );
    expect(error).toMatchObject({
      status: 429,
      code: 'rate_limited',
      retryAfter: 30,
      requestId: 'req_9',
    });
  });

  it('reads a body that is not JSON', async () => {
    const error = await apiErrorFrom(new Response('upstream timeout', { status: 504 }));
    expect(error).toMatchObject({ status: 504, code: 'http_504', retryAfter: undefined });
  });
});

describe('requestJson', () => {
  it('sends the bearer token and JSON body, and resolves with the answer', async () => {
    const fetchSpy = vi.fn(async () => jsonResponse(201, { task_id: 't1' }));
    vi.stubGlobal('fetch', fetchSpy);
    await expect(
      requestJson('https://api.example/task', { method: 'POST', bearer: 'k', json: { a: 1 } }),
    ).resolves.toEqual({ task_id: 't1' });
    expect(fetchSpy).toHaveBeenCalledWith(
      'https://api.example/task',
      expect.objectContaining({
        method: 'POST',
        body: '{"a":1}',
        headers: { Authorization: 'Bearer k', 'Content-Type': 'application/json' },
      }),
    );
  });

  it('throws the parsed refusal', async () => {
    vi.stubGlobal('fetch', async () =>
      jsonResponse(402, { error: { code: 'insufficient_credits', message: 'Add credits.' } }),
    );
    await expect(requestJson('https://api.example/task')).rejects.toMatchObject({
      status: 402,
      code: 'insufficient_credits',
      message: 'Add credits.',
    });
  });

  it("words no answer with the feature's network message, and rethrows an abort", async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(
      requestJson('https://api.example/task', { networkMessage: 'No line.' }),
    ).rejects.toMatchObject({ status: 0, code: 'network_error', message: 'No line.' });

    vi.stubGlobal('fetch', async () => {
      throw new DOMException('aborted', 'AbortError');
    });
    await expect(requestJson('https://api.example/task')).rejects.toHaveProperty(
      'name',
      'AbortError',
    );
  });
});

describe('invokeFunction (through supabase-js)', () => {
  it('turns a refusal into the parsed ApiRequestError', async () => {
    vi.stubGlobal('fetch', async () =>
      jsonResponse(409, { error: { code: 'conflict', message: 'Already done.' } }),
    );
    await expect(invokeFunction('contact-request', { body: {} })).rejects.toMatchObject({
      status: 409,
      code: 'conflict',
      message: 'Already done.',
    });
  });

  it("keeps the failure's own message when no answer arrived", async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await invokeFunction('contact-request', { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 0, unanswered: true, code: 'network_error' });
    expect((error as Error).message).toBe('Failed to send a request to the Edge Function');
  });

  it('resolves with the data of a 2xx answer', async () => {
    vi.stubGlobal('fetch', async () => jsonResponse(200, { url: 'https://checkout.example/1' }));
    await expect(invokeFunction('create-call-credits-payment', { body: {} })).resolves.toEqual({
      url: 'https://checkout.example/1',
    });
  });
});
