import { describe, expect, it } from 'vitest';
import { jsonResponse, network, unreachable } from '@/testing/network';
import { storeSession, testSession } from '@/testing/session';
import { ApiError } from './api-error';
import { callApi, unwrap } from './call-api';
import { FUNCTIONS_URL } from './sign-request';

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
