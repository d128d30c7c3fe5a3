import { describe, expect, it } from 'vitest';
import { jsonResponse, network, unreachable } from '@/testing/network';
import { storeSession } from '@/testing/session';
import { invokeFunction } from './invoke-function';
import { FUNCTIONS_URL } from './sign-request';

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
