import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  createLocalJWKSet,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  SignJWT,
  type JSONWebKeySet,
  type JWK,
} from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANON_KEY as LEGACY_ANON_KEY,
  JWT_SECRET as LEGACY_JWT_SECRET,
  LOCAL_SIGNING_KEY,
  SERVICE_ROLE_KEY as LEGACY_SERVICE_ROLE_KEY,
  supabaseDir,
} from '../local/config';
import { anonClient, createUser, deleteCreatedUsers, serviceClient } from './support/clients';
import { apiUrl, publishableKey, secretKey } from './support/stack';

// What an attacker who knows the platform would try: the legacy keys and secret, tokens that
// claim the service role without the project's signature, and the secret key from a browser.
// Hosted answers are from Supabase's "API keys" guide and what its gateway returns.

const functionsUrl = `${apiUrl}/functions/v1`;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36';
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

/** Every function of the project, from its folders. */
const functionNames = readdirSync(path.join(supabaseDir, 'functions')).filter(
  (name) =>
    !name.startsWith('_') &&
    !name.startsWith('.') &&
    statSync(path.join(supabaseDir, 'functions', name)).isDirectory(),
);

type Forged = { label: string; token: string };
let forged: Forged[] = [];

async function signWith(key: JWK, kid: string, claims: Record<string, unknown>, exp: number) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
    .setIssuedAt(exp - 3600)
    .setExpirationTime(exp)
    .sign(await importJWK(key, 'ES256'));
}

beforeAll(async () => {
  const serviceClaims = { role: 'service_role', iss: 'supabase', sub: 'service' };
  const other = await generateKeyPair('ES256', { extractable: true });
  const otherKey = await exportJWK(other.privateKey);
  forged = [
    {
      label: 'unsigned',
      token: `${b64({ alg: 'ES256', kid: LOCAL_SIGNING_KEY.kid, typ: 'JWT' })}.${b64({ ...serviceClaims, exp: now() + 3600 })}.`,
    },
    {
      label: 'alg: none',
      token: `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...serviceClaims, exp: now() + 3600 })}.`,
    },
    {
      label: 'HS256 with the legacy secret',
      token: await new SignJWT(serviceClaims)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setExpirationTime(now() + 3600)
        .sign(new TextEncoder().encode(LEGACY_JWT_SECRET)),
    },
    { label: 'the legacy service_role key', token: LEGACY_SERVICE_ROLE_KEY },
    {
      label: 'ES256 with another key, under the project key’s kid',
      token: await signWith(otherKey, LOCAL_SIGNING_KEY.kid, serviceClaims, now() + 3600),
    },
    {
      label: 'ES256 with another key and kid',
      token: await signWith(otherKey, 'attacker-key', serviceClaims, now() + 3600),
    },
    {
      label: 'expired, signed with the project key',
      token: await signWith(LOCAL_SIGNING_KEY, LOCAL_SIGNING_KEY.kid, serviceClaims, now() - 60),
    },
    {
      // Even the project's own signature does not make a token the service role in a function:
      // only the secret key is.
      label: 'valid, signed with the project key',
      token: await signWith(LOCAL_SIGNING_KEY, LOCAL_SIGNING_KEY.kid, serviceClaims, now() + 600),
    },
  ];
});

afterAll(deleteCreatedUsers);

function callFunction(name: string, token: string, init: RequestInit = {}) {
  return fetch(`${functionsUrl}/${name}`, {
    method: 'POST',
    ...init,
    headers: {
      apikey: publishableKey,
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      ...(init.headers as Record<string, string> | undefined),
    },
    body: init.method === 'GET' ? undefined : (init.body ?? '{"now":"2030-01-01T00:00:00Z"}'),
  });
}

describe('API keys at the gateway', () => {
  it('takes the publishable key as anon and the secret key as the service role', async () => {
    // anon is granted nothing on profiles: Postgres itself refuses, so the key reached it as anon.
    const anonymous = await anonClient().from('profiles').select('id');
    expect(anonymous.error).toMatchObject({ code: '42501' });
    const user = await createUser('keys-service');
    const asService = await serviceClient().from('profiles').select('id').eq('id', user.user.id);
    expect(asService.error).toBeNull();
    expect(asService.data).toEqual([{ id: user.user.id }]);
    const admin = await serviceClient().auth.admin.getUserById(user.user.id);
    expect(admin.data.user?.email).toBe(user.email);
  });

  it('refuses the legacy JWT keys, as a project whose legacy keys are disabled', async () => {
    for (const key of [LEGACY_ANON_KEY, LEGACY_SERVICE_ROLE_KEY]) {
      for (const route of ['/rest/v1/profiles', '/auth/v1/settings']) {
        const response = await fetch(`${apiUrl}${route}`, { headers: { apikey: key } });
        expect(response.status).toBe(401);
        expect(await response.json()).toMatchObject({ message: 'Legacy API keys are disabled' });
      }
    }
  });

  it('answers a missing or unknown key as hosted does', async () => {
    const missing = await fetch(`${apiUrl}/rest/v1/profiles`);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({
      message: 'No API key found in request',
      hint: 'No `apikey` request header or url param was found.',
    });
    const unknown = await fetch(`${apiUrl}/rest/v1/profiles`, {
      headers: { apikey: 'sb_secret_not-this-projects-key-at-all' },
    });
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toEqual({ message: 'Unregistered API key' });
    const garbage = await fetch(`${apiUrl}/rest/v1/profiles`, { headers: { apikey: 'garbage' } });
    expect(garbage.status).toBe(401);
    expect(await garbage.json()).toMatchObject({ message: 'Invalid API key' });
  });

  it('refuses the secret key from a browser, by its User-Agent', async () => {
    const response = await fetch(`${apiUrl}/rest/v1/profiles`, {
      headers: { apikey: secretKey, 'User-Agent': BROWSER },
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('sb-error-code')).toBe('UNAUTHORIZED_INVALID_API_KEY_TYPE');
    expect(await response.json()).toMatchObject({
      message: 'Forbidden use of secret API key in browser',
    });
    const publishable = await fetch(`${apiUrl}/rest/v1/profiles`, {
      headers: { apikey: publishableKey, 'User-Agent': BROWSER },
    });
    expect(await publishable.json()).toMatchObject({ code: '42501' });
  });

  it('never lets a forged token reach the data as the service role', async () => {
    const user = await createUser('keys-victim');
    for (const { label, token } of forged) {
      const response = await fetch(`${apiUrl}/rest/v1/profiles?id=eq.${user.user.id}`, {
        headers: { apikey: publishableKey, Authorization: `Bearer ${token}` },
      });
      const rows = response.ok ? ((await response.json()) as unknown[]) : [];
      // PostgREST refuses every one but the project-signed token, which it verifies and runs
      // as the service role: that one is a real credential the gateway itself mints.
      if (label === 'valid, signed with the project key') continue;
      expect({ label, status: response.status, rows }).toEqual({ label, status: 401, rows: [] });
    }
  });
});

describe('access tokens', () => {
  it('are ES256 with a kid that the served JWKS verifies', async () => {
    const jwksResponse = await fetch(`${apiUrl}/auth/v1/.well-known/jwks.json`);
    expect(jwksResponse.status).toBe(200);
    const jwks = (await jwksResponse.json()) as JSONWebKeySet;
    expect(jwks.keys.length).toBeGreaterThan(0);
    for (const key of jwks.keys) {
      expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
      expect(key).not.toHaveProperty('d');
    }
    const { client, user } = await createUser('keys-token');
    const token = (await client.auth.getSession()).data.session!.access_token;
    const header = decodeProtectedHeader(token);
    expect(header.alg).toBe('ES256');
    expect(jwks.keys.map((key) => key.kid)).toContain(header.kid);
    const { payload } = await jwtVerify(token, createLocalJWKSet(jwks));
    expect(payload).toMatchObject({ sub: user.id, role: 'authenticated' });
  });
});

describe('the functions', () => {
  it('have verify_jwt off and reach their own checks', () => {
    expect(functionNames.length).toBeGreaterThan(10);
    expect(functionNames).toEqual(expect.arrayContaining(['dispatch', 'account', 'task']));
  });

  it('run dispatch for the secret key only, in apikey or as the bearer token', async () => {
    const byApiKey = await fetch(`${functionsUrl}/dispatch`, {
      method: 'POST',
      headers: { apikey: secretKey, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(byApiKey.status).toBe(200);
    const byBearer = await fetch(`${functionsUrl}/dispatch`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${secretKey}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(byBearer.status).toBe(200);
    const withPublishable = await fetch(`${functionsUrl}/dispatch`, {
      method: 'POST',
      headers: { apikey: publishableKey, Authorization: `Bearer ${publishableKey}` },
      body: '{}',
    });
    expect(withPublishable.status).toBe(401);
  });

  it('refuse every token that claims the service role, in dispatch, account and every entry', async () => {
    for (const { label, token } of forged) {
      const dispatch = await callFunction('dispatch', token);
      expect({ label, status: dispatch.status }).toEqual({ label, status: 401 });
      const account = await callFunction('account/export', token, { method: 'GET' });
      expect({ label, status: account.status }).toEqual({ label, status: 401 });
      for (const name of functionNames) {
        const response = await callFunction(name, token);
        await response.body?.cancel();
        // Each refuses in its own words (401, or 400 for a missing provider signature or a
        // form's validation); none treats the token as a caller.
        expect({ label, name, refused: response.status >= 400 && response.status < 500 }).toEqual({
          label,
          name,
          refused: true,
        });
      }
    }
  });

  it('refuse a session token that is expired or signed by anyone but the project', async () => {
    const { client, user } = await createUser('keys-session');
    const real = (await client.auth.getSession()).data.session!.access_token;
    const exported = await callFunction('account/export', real, { method: 'GET' });
    expect(exported.status).toBe(200);
    await exported.body?.cancel();

    const claims = { sub: user.id, role: 'authenticated', aud: 'authenticated', email: user.email };
    const other = await exportJWK(
      (await generateKeyPair('ES256', { extractable: true })).privateKey,
    );
    const sessions = [
      await signWith(LOCAL_SIGNING_KEY, LOCAL_SIGNING_KEY.kid, claims, now() - 60),
      await signWith(other, LOCAL_SIGNING_KEY.kid, claims, now() + 600),
      await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setExpirationTime(now() + 600)
        .sign(new TextEncoder().encode(LEGACY_JWT_SECRET)),
      `${b64({ alg: 'none' })}.${b64({ ...claims, exp: now() + 600 })}.`,
    ];
    for (const token of sessions) {
      for (const [name, init] of [
        ['account/export', { method: 'GET' }],
        ['task', { method: 'GET' }],
        ['create-call-credits-payment', { body: '{"amount_cents":1000}' }],
        ['send_verification_code', { body: '{"phone":"+14155550123"}' }],
      ] as const) {
        const response = await callFunction(name, token, init);
        await response.body?.cancel();
        expect({ name, status: response.status }).toEqual({ name, status: 401 });
      }
    }
  });
});
