import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEdgeRuntime, stackPorts } from '@dialwise/local-stack';
import { apiUrl, dbUrl } from './support/stack';

// The product's own functions on a second edge runtime beside the integration stack (the fixture
// block of ports), as an operator's first deploy before `supabase secrets set`: the integration
// stack's database and API, and no provider secrets at all.
const functionsUrl = `http://127.0.0.1:${stackPorts('fixtures').functions}`;
let runtime: Awaited<ReturnType<typeof startEdgeRuntime>>;

beforeAll(async () => {
  runtime = await startEdgeRuntime({
    apiUrl,
    dbUrl,
    functionsPort: stackPorts('fixtures').functions,
    secrets: {},
  });
}, 60_000);

afterAll(async () => {
  await runtime?.stop();
});

describe('functions deployed without their secrets', () => {
  it('load, and the call API answers 503 not_configured naming the secret, never a value', async () => {
    const response = await fetch(`${functionsUrl}/task`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer dw_test_x' },
      body: JSON.stringify({ phone_number: '+14155550100', goal: 'Confirm the appointment' }),
    });
    expect(response.status).toBe(503);
    expect(response.headers.get('Request-Id')).toMatch(/\S/);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error).toMatchObject({ code: 'not_configured' });
    expect(body.error.message).toMatch(/VAPI_API_KEY is not set/);
  });

  it('still answer /status, which names every part that is not configured', async () => {
    const response = await fetch(`${functionsUrl}/status`);
    expect(response.status).toBe(200);
    const status = (await response.json()) as {
      status: string;
      components: { api: { status: string }; voice_provider: { status: string } };
      not_configured: { part: string; missing: string[] }[];
    };
    expect(status.components.api.status).toBe('operational');
    expect(status.components.voice_provider.status).toBe('down');
    expect(status.not_configured).toEqual(
      expect.arrayContaining([
        { part: 'voice_provider', missing: ['VAPI_API_KEY', 'VAPI_CALLER_ID_CREDENTIAL_ID'] },
        { part: 'payments', missing: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] },
        { part: 'database', missing: ['DB_POOLER_URL'] },
      ]),
    );
    expect(status.status).toBe('down');
  });

  it('answer 503 where a secret is read at load or in the request (so providers retry later)', async () => {
    for (const name of ['create-call-credits-payment', 'sms-inbound', 'stripe-webhook']) {
      const response = await fetch(`${functionsUrl}/${name}`, {
        method: 'POST',
        // Stripe's signature is checked against the secret that is missing.
        headers: { 'Stripe-Signature': 't=1,v1=00' },
        body: '{}',
      });
      const body = (await response.json()) as { error?: { code: string } };
      expect([response.status, body.error?.code], name).toEqual([503, 'not_configured']);
    }
  });
});
