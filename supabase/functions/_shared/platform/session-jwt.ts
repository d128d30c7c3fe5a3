// Verifies a signed-in user's access token inside the function, against the project's JWT signing
// keys (the JWKS Auth publishes), with WebCrypto alone so the same module runs under Deno and in
// Vitest. Only asymmetric keys with a `kid` count (ES256, hosted's default, and RS256): an unsigned
// token, `alg: none`, HS256 (the legacy shared secret), an unknown key or an expired token is
// refused. Why not supabase-js's getClaims or @supabase/server: docs/decisions/0021-keys-and-sessions-verified-inside-functions.md.

export type JsonWebKey_ = {
  kid?: string;
  alg?: string;
  kty?: string;
  crv?: string;
  x?: string;
  y?: string;
  n?: string;
  e?: string;
};
export type JsonWebKeySet = { keys: JsonWebKey_[] };

/** The claims of a verified access token that the functions act on. */
export type SessionClaims = {
  sub: string;
  role: string;
  email: string | null;
  session_id: string | null;
  exp: number;
};

/** Why a token was refused (for logs and tests; callers answer one 401 whatever the reason). */
export class SessionTokenRejected extends Error {}

const ALGORITHMS = {
  ES256: {
    import: { name: 'ECDSA', namedCurve: 'P-256' },
    verify: { name: 'ECDSA', hash: 'SHA-256' },
    kty: 'EC',
  },
  RS256: {
    import: { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
    verify: { name: 'RSASSA-PKCS1-v1_5' },
    kty: 'RSA',
  },
} as const;
type Algorithm = keyof typeof ALGORITHMS;

/** Bytes over a plain ArrayBuffer, as Web Crypto takes them (written so Deno 2.1's TypeScript reads it too). */
type Bytes = ReturnType<typeof Uint8Array.from>;

function base64UrlBytes(segment: string): Bytes {
  if (!/^[A-Za-z0-9_-]*$/.test(segment)) throw new SessionTokenRejected('not base64url');
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function jsonSegment(segment: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(base64UrlBytes(segment)));
  } catch {
    throw new SessionTokenRejected('malformed token');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new SessionTokenRejected('malformed token');
  return parsed as Record<string, unknown>;
}

export type SessionVerifierOptions = {
  /** Fetches the current key set (the project's /auth/v1/.well-known/jwks.json). */
  loadJwks: () => Promise<JsonWebKeySet>;
  /** A key set known at start (hosted's SUPABASE_JWKS), used until it is older than maxAgeMs. */
  initialJwks?: JsonWebKeySet | null;
  /** How long a fetched key set is trusted before the next token refetches it. */
  maxAgeMs?: number;
  /**
   * The least time between two fetches for an unknown `kid`, so tokens with made-up kids cannot
   * make every request fetch the key set.
   */
  cooldownMs?: number;
  now?: () => number;
};

/**
 * A verifier with its own key-set cache. A token whose `kid` is not in the cache refetches the
 * key set once (a rotated signing key), unless a fetch happened within the cooldown.
 */
export function createSessionVerifier(options: SessionVerifierOptions) {
  const now = options.now ?? (() => Date.now());
  const maxAgeMs = options.maxAgeMs ?? 10 * 60 * 1000;
  const cooldownMs = options.cooldownMs ?? 30 * 1000;
  let jwks: JsonWebKeySet | null = options.initialJwks ?? null;
  let fetchedAt = jwks ? now() : -Infinity;
  let inFlight: Promise<void> | null = null;
  const imported = new Map<string, Promise<CryptoKey>>();

  function refetch(): Promise<void> {
    inFlight ??= (async () => {
      try {
        const fresh = await options.loadJwks();
        if (!fresh || !Array.isArray(fresh.keys)) throw new Error('the JWKS has no "keys"');
        jwks = fresh;
        imported.clear();
      } finally {
        fetchedAt = now();
        inFlight = null;
      }
    })();
    return inFlight;
  }

  async function keyFor(kid: string, alg: Algorithm): Promise<CryptoKey> {
    if (!jwks || now() - fetchedAt > maxAgeMs) await refetch();
    const find = () =>
      jwks?.keys.find(
        (key) =>
          key.kid === kid &&
          key.kty === ALGORITHMS[alg].kty &&
          (key.alg === undefined || key.alg === alg),
      );
    let jwk = find();
    if (!jwk && now() - fetchedAt >= cooldownMs) {
      await refetch();
      jwk = find();
    }
    if (!jwk) throw new SessionTokenRejected(`no signing key "${kid}"`);
    const cacheKey = `${alg}:${kid}`;
    let key = imported.get(cacheKey);
    if (!key) {
      const { kty, crv, x, y, n, e } = jwk;
      key = crypto.subtle.importKey(
        'jwk',
        { kty, crv, x, y, n, e } as JsonWebKey,
        ALGORITHMS[alg].import,
        false,
        ['verify'],
      );
      imported.set(cacheKey, key);
      key.catch(() => imported.delete(cacheKey));
    }
    return await key;
  }

  return {
    /** The verified claims of a user's access token; throws SessionTokenRejected otherwise. */
    async verify(token: string): Promise<SessionClaims> {
      const parts = token.split('.');
      if (parts.length !== 3 || parts.some((part) => part === ''))
        throw new SessionTokenRejected('not a signed JWT');
      const [rawHeader, rawPayload, rawSignature] = parts as [string, string, string];
      const header = jsonSegment(rawHeader);
      const alg = header.alg;
      if (typeof alg !== 'string' || !(alg in ALGORITHMS))
        throw new SessionTokenRejected(`algorithm ${String(alg)} is not accepted`);
      if (typeof header.kid !== 'string' || !header.kid)
        throw new SessionTokenRejected('the token names no signing key');
      const key = await keyFor(header.kid, alg as Algorithm);
      const valid = await crypto.subtle.verify(
        ALGORITHMS[alg as Algorithm].verify,
        key,
        base64UrlBytes(rawSignature),
        new TextEncoder().encode(`${rawHeader}.${rawPayload}`),
      );
      if (!valid) throw new SessionTokenRejected('bad signature');

      const claims = jsonSegment(rawPayload);
      const seconds = Math.floor(now() / 1000);
      if (typeof claims.exp !== 'number') throw new SessionTokenRejected('no expiry');
      if (claims.exp <= seconds) throw new SessionTokenRejected('expired');
      if (typeof claims.nbf === 'number' && claims.nbf > seconds + 30)
        throw new SessionTokenRejected('not yet valid');
      if (typeof claims.sub !== 'string' || !claims.sub)
        throw new SessionTokenRejected('no user (sub)');
      if (claims.role !== 'authenticated')
        throw new SessionTokenRejected(`role ${String(claims.role)} is not a signed-in user`);
      return {
        sub: claims.sub,
        role: claims.role,
        email: typeof claims.email === 'string' && claims.email ? claims.email : null,
        session_id: typeof claims.session_id === 'string' ? claims.session_id : null,
        exp: claims.exp,
      };
    },
  };
}

export type SessionVerifier = ReturnType<typeof createSessionVerifier>;

/** The project's published key set, fetched from Auth's public JWKS endpoint. */
export function jwksLoader(supabaseUrl: string, fetchFn: typeof fetch = fetch) {
  const url = `${supabaseUrl.replace(/\/+$/, '')}/auth/v1/.well-known/jwks.json`;
  return async (): Promise<JsonWebKeySet> => {
    const response = await fetchFn(url, { signal: AbortSignal.timeout(5000) });
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`GET ${url} answered ${response.status}`);
    }
    return (await response.json()) as JsonWebKeySet;
  };
}
