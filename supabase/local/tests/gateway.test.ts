import { describe, expect, it } from 'vitest';
import { apiUrl, publishableKey, secretKey } from './support';

// The gateway behaves like Supabase's Kong: API keys where Kong wants them, CORS, JSON errors.
describe('API gateway', () => {
  it('requires an API key for the REST and auth APIs', async () => {
    const none = await fetch(`${apiUrl}/rest/v1/profiles`);
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ message: 'No API key found in request' });
    const wrong = await fetch(`${apiUrl}/auth/v1/user`, { headers: { apikey: 'not-a-key' } });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ message: 'Invalid API key' });
  });

  it('leaves the e-mail verification link open, as Kong does', async () => {
    const response = await fetch(`${apiUrl}/auth/v1/verify?token=nope&type=signup`, {
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
  });

  it('answers CORS preflights and exposes the API version header', async () => {
    const preflight = await fetch(`${apiUrl}/rest/v1/profiles`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'apikey, authorization, content-type, x-client-info',
      },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('apikey');
    const response = await fetch(`${apiUrl}/auth/v1/health`, {
      headers: { apikey: publishableKey, Origin: 'http://localhost:5173' },
    });
    expect(response.headers.get('access-control-expose-headers')).toContain(
      'X-Supabase-Api-Version',
    );
  });

  it('sends one Access-Control-Allow-Origin on proxied responses, so browsers accept them', async () => {
    const response = await fetch(`${apiUrl}/rest/v1/profiles?select=id&limit=1`, {
      headers: { apikey: publishableKey, Origin: 'http://localhost:5173' },
    });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('leaves a function’s own CORS headers on its responses, as Kong’s cors plugin does', async () => {
    // contact-request sends its own Allow-Headers and Allow-Methods on every answer, errors too.
    const response = await fetch(`${apiUrl}/functions/v1/contact-request`, {
      method: 'POST',
      headers: { Origin: 'http://localhost:5173', 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
    expect(response.headers.get('access-control-allow-headers')).toBe(
      'authorization, x-api-key, idempotency-key, last-event-id, content-type, x-client-info, apikey, dialwise-mode',
    );
    // The preflight is still the gateway's own, whatever the function would answer.
    const preflight = await fetch(`${apiUrl}/functions/v1/contact-request`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'x-supabase-new-feature',
      },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-headers')).toBe('x-supabase-new-feature');
  });

  it('passes PostgREST’s own exposed headers through, with the gateway’s single allow-origin', async () => {
    const response = await fetch(`${apiUrl}/rest/v1/profiles?select=id&limit=1`, {
      headers: { apikey: publishableKey, Origin: 'http://localhost:5173' },
    });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-expose-headers')).toContain('Content-Range');
  });

  it('forwards REST calls to PostgREST with the caller’s role', async () => {
    const asService = await fetch(`${apiUrl}/rest/v1/profiles?select=id&limit=1`, {
      headers: { apikey: secretKey, Authorization: `Bearer ${secretKey}` },
    });
    expect(asService.status).toBe(200);
    const badJwt = await fetch(`${apiUrl}/rest/v1/profiles`, {
      headers: { apikey: publishableKey, Authorization: 'Bearer not.a.jwt' },
    });
    expect(badJwt.status).toBe(401);
    expect(((await badJwt.json()) as { code: string }).code).toMatch(/^PGRST3/);
  });

  it('refuses bodies over the limit with 413 and unknown routes with 404', async () => {
    const huge = await fetch(`${apiUrl}/rest/v1/contact_requests`, {
      method: 'POST',
      headers: { apikey: publishableKey, 'Content-Type': 'application/json' },
      body: 'x'.repeat(11 * 1024 * 1024),
    });
    expect(huge.status).toBe(413);
    const unknown = await fetch(`${apiUrl}/graphql/v1`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'no Route matched with those values' });
  });

  it('answers health checks', async () => {
    expect(await (await fetch(`${apiUrl}/health`)).json()).toMatchObject({ status: 'ok' });
  });
});
