import { createHmac } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createSessionVerifier, type JsonWebKeySet, SessionTokenRejected } from './session-jwt';

async function signingKey(kid: string) {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' };
  const sign = (claims: Record<string, unknown>, expiresAt: number) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
      .setExpirationTime(expiresAt)
      .sign(privateKey);
  return { jwk, sign };
}

const user = { sub: 'user-1', role: 'authenticated', email: 'kim@example.com' };

/** A key set that the test changes, and how often the verifier fetched it. */
function keySet(initial: JsonWebKeySet) {
  let current = initial;
  let fetches = 0;
  return {
    loadJwks: async () => {
      fetches++;
      return current;
    },
    rotate: (next: JsonWebKeySet) => (current = next),
    fetches: () => fetches,
  };
}

describe('session tokens verified against the JWKS', () => {
  it('accepts a signed, unexpired user token and caches the key set', async () => {
    const first = await signingKey('key-1');
    const keys = keySet({ keys: [first.jwk] });
    const verifier = createSessionVerifier({ loadJwks: keys.loadJwks });
    const token = await first.sign(user, Math.floor(Date.now() / 1000) + 600);
    expect(await verifier.verify(token)).toMatchObject({ sub: 'user-1', email: 'kim@example.com' });
    await verifier.verify(token);
    expect(keys.fetches()).toBe(1);
  });

  it('picks up a rotated key with one refetch, and holds off refetching for made-up kids', async () => {
    let clock = 1_000_000;
    const first = await signingKey('key-1');
    const second = await signingKey('key-2');
    const keys = keySet({ keys: [first.jwk] });
    const verifier = createSessionVerifier({
      loadJwks: keys.loadJwks,
      initialJwks: { keys: [first.jwk] },
      cooldownMs: 30_000,
      now: () => clock,
    });
    keys.rotate({ keys: [first.jwk, second.jwk] });
    clock += 31_000;
    const rotated = await second.sign(user, Math.floor(clock / 1000) + 600);
    expect((await verifier.verify(rotated)).sub).toBe('user-1');
    expect(keys.fetches()).toBe(1);

    const stranger = await signingKey('made-up');
    const token = await stranger.sign(user, Math.floor(clock / 1000) + 600);
    for (let i = 0; i < 5; i++)
      await expect(verifier.verify(token)).rejects.toBeInstanceOf(SessionTokenRejected);
    expect(keys.fetches()).toBe(1);
  });

  it('refuses expired, unsigned, alg none, HS256 and non-user tokens', async () => {
    const key = await signingKey('key-1');
    const verifier = createSessionVerifier({ loadJwks: async () => ({ keys: [key.jwk] }) });
    const seconds = Math.floor(Date.now() / 1000);
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    // HS256 with a shared secret (the legacy scheme), signed by hand.
    const hsInput = `${b64({ alg: 'HS256', kid: 'key-1' })}.${b64({ ...user, exp: seconds + 600 })}`;
    const hs256 = `${hsInput}.${createHmac('sha256', 'a-shared-secret').update(hsInput).digest('base64url')}`;
    const tokens = [
      await key.sign(user, seconds - 1),
      await key.sign({ ...user, role: 'service_role' }, seconds + 600),
      await key.sign({ role: 'authenticated' }, seconds + 600),
      `${b64({ alg: 'ES256', kid: 'key-1' })}.${b64({ ...user, exp: seconds + 600 })}.`,
      `${b64({ alg: 'none' })}.${b64({ ...user, exp: seconds + 600 })}.`,
      hs256,
      'not-a-jwt',
    ];
    for (const token of tokens)
      await expect(verifier.verify(token)).rejects.toBeInstanceOf(SessionTokenRejected);
  });
});
