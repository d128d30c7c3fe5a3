import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeSession, testSession } from '@/testing/session';
import { callApi, FUNCTIONS_URL, invokeFunction, unwrap } from './api-client';
import { ApiError } from './api-error';

const jsonResponse = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

/** The network, the edge we do not own: records each request and answers from `answer`. */
function network(answer: (request: Request) => Response | Promise<Response>) {
  const requests: Request[] = [];
  vi.stubGlobal('fetch', async (request: Request) => {
    requests.push(request);
    return answer(request);
  });
  return requests;
}

const unreachable = () => {
  throw new TypeError('Failed to fetch');
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the call API client', () => {
  it('signs each request with the signed-in session’s token, which no caller passes', async () => {
    const session = storeSession(testSession());
    const requests = network(() =>
      jsonResponse(200, { object: 'list', data: [], has_more: false }),
    );
    await expect(
      unwrap(callApi.GET('/task', { params: { query: { limit: 5 } } })),
    ).resolves.toEqual({ object: 'list', data: [], has_more: false });
    expect(requests[0]!.url).toBe(`${FUNCTIONS_URL}/task?limit=5`);
    expect(requests[0]!.headers.get('Authorization')).toBe(`Bearer ${session.access_token}`);
  });

  it('sends nothing of a session when signed out (the API answers 401)', async () => {
    const requests = network(() =>
      jsonResponse(401, { error: { code: 'unauthorized', message: 'Sign in again.' } }),
    );
    await expect(
      unwrap(callApi.GET('/task/{id}', { params: { path: { id: 'task_1' } } })),
    ).rejects.toMatchObject({ status: 401, code: 'unauthorized', message: 'Sign in again.' });
    expect(requests[0]!.headers.get('Authorization')).toBeNull();
  });

  it('sends the typed body as JSON and throws the parsed refusal', async () => {
    storeSession();
    const requests = network(() =>
      jsonResponse(
        402,
        { error: { code: 'insufficient_credits', message: 'Add credits.' } },
        { 'Request-Id': 'req_7' },
      ),
    );
    const error = await unwrap(
      callApi.POST('/task', { body: { phone_number: '+14155550100', goal: 'Confirm.' } }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 402, code: 'insufficient_credits', requestId: 'req_7' });
    expect(requests[0]!.method).toBe('POST');
    expect(requests[0]!.headers.get('Content-Type')).toBe('application/json');
    expect(await requests[0]!.json()).toEqual({ phone_number: '+14155550100', goal: 'Confirm.' });
  });

  it("words no answer in the call service's words, and rethrows an abort", async () => {
    network(unreachable);
    await expect(unwrap(callApi.GET('/task/batches'))).rejects.toMatchObject({
      status: 0,
      code: 'network_error',
      message: 'Could not reach the call service. Check your connection and try again.',
    });

    network(() => {
      throw new DOMException('aborted', 'AbortError');
    });
    await expect(unwrap(callApi.GET('/task/batches'))).rejects.toHaveProperty('name', 'AbortError');
  });
});

describe('invokeFunction (the functions outside the call API)', () => {
  it('posts JSON with the session’s token and extra headers, and resolves with the answer', async () => {
    const session = storeSession();
    const requests = network(() => jsonResponse(200, { url: 'https://checkout.example/1' }));
    await expect(
      invokeFunction('create-call-credits-payment', {
        body: { amount: 25 },
        headers: { 'Idempotency-Key': 'k1' },
      }),
    ).resolves.toEqual({ url: 'https://checkout.example/1' });
    expect(requests[0]!.url).toBe(`${FUNCTIONS_URL}/create-call-credits-payment`);
    expect(requests[0]!.headers.get('Authorization')).toBe(`Bearer ${session.access_token}`);
    expect(requests[0]!.headers.get('Idempotency-Key')).toBe('k1');
    expect(await requests[0]!.json()).toEqual({ amount: 25 });
  });

  it('reads a GET without a body, as a visitor when signed out', async () => {
    const requests = network(() => jsonResponse(200, { exported_at: '2026-11-27T00:00:00Z' }));
    await invokeFunction('account/export', { method: 'GET' });
    expect(requests[0]!.method).toBe('GET');
    expect(requests[0]!.body).toBeNull();
    expect(requests[0]!.headers.get('Authorization')).toBeNull();
  });

  it('throws a refusal through the same parser as the call API', async () => {
    network(() =>
      jsonResponse(400, {
        error: { code: 'invalid_request', message: 'Type your e-mail address.', field: 'confirm' },
      }),
    );
    await expect(
      invokeFunction('account/delete', { body: { confirm: 'x' } }),
    ).rejects.toMatchObject({ status: 400, code: 'invalid_request', field: 'confirm' });
  });

  it("words a page that is not ours, and no answer, in the caller's words", async () => {
    network(() => new Response('<html>bad gateway</html>', { status: 502 }));
    const wording = { unexpected: 'Failed to initiate payment.', unanswered: 'Unable to start.' };
    await expect(invokeFunction('create-call-credits-payment', { wording })).rejects.toMatchObject({
      status: 502,
      code: 'unexpected_response',
      message: 'Failed to initiate payment.',
    });
    network(unreachable);
    await expect(invokeFunction('create-call-credits-payment', { wording })).rejects.toMatchObject({
      status: 0,
      code: 'network_error',
      message: 'Unable to start.',
    });
  });
});
