// The project's own keys as the functions see them, hosted and locally: SUPABASE_URL, the API keys
// as JSON dictionaries by name (SUPABASE_PUBLISHABLE_KEYS, SUPABASE_SECRET_KEYS) and the JWKS
// (SUPABASE_JWKS). Every function runs with verify_jwt = false, so these checks are the only ones.
import { type EnvGetter, requiredFrom } from '../env.ts';
import {
  createSessionVerifier,
  type JsonWebKeySet,
  jwksLoader,
  type SessionVerifier,
} from './session-jwt.ts';

export type PlatformKeys = {
  url: string;
  /** The default publishable key: what the functions send as `apikey` to reach Auth. */
  publishableKey: string;
  /** The default secret key: the functions' own service-role access. */
  secretKey: string;
  /** Every secret key (a rotation has two for a while); each one is the service role. */
  secretKeys: string[];
  jwks: JsonWebKeySet | null;
};

function keyDictionary(get: EnvGetter, name: string): Record<string, string> {
  const raw = get(name);
  if (!raw) throw new Error(`${name} is not set (hosted Supabase sets it for every function)`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error(`${name} must be a JSON object of keys by name`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new Error(`${name} must be a JSON object of keys by name`);
  const keys = Object.fromEntries(
    Object.entries(parsed as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
    ),
  );
  if (!keys.default) throw new Error(`${name} has no "default" key`);
  return keys;
}

export function platformKeysFrom(get: EnvGetter): PlatformKeys {
  const secret = keyDictionary(get, 'SUPABASE_SECRET_KEYS');
  let jwks: JsonWebKeySet | null = null;
  try {
    const raw = get('SUPABASE_JWKS');
    const parsed = raw ? (JSON.parse(raw) as JsonWebKeySet) : null;
    jwks = parsed && Array.isArray(parsed.keys) ? parsed : null;
  } catch {
    jwks = null;
  }
  return {
    url: requiredFrom(get)('SUPABASE_URL').replace(/\/+$/, ''),
    publishableKey: keyDictionary(get, 'SUPABASE_PUBLISHABLE_KEYS').default!,
    secretKey: secret.default!,
    secretKeys: Object.values(secret),
    jwks,
  };
}

/** Compares two strings in time that depends only on their lengths, never on where they differ. */
export function timingSafeEqual(a: string, b: string): boolean {
  const left = new TextEncoder().encode(a);
  const right = new TextEncoder().encode(b);
  let difference = left.length ^ right.length;
  for (let i = 0; i < Math.max(left.length, right.length); i++)
    difference |= (left[i] ?? 0) ^ (right[i] ?? 0);
  return difference === 0;
}

/**
 * Whether the request carries one of the project's secret keys, in `apikey` (as the scheduler
 * and Supabase's clients send it) or as the bearer token. Each candidate is compared in constant
 * time with every key.
 */
export function presentsSecretKey(request: Request, secretKeys: readonly string[]): boolean {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  const candidates = [request.headers.get('apikey'), bearer].filter(
    (value): value is string => typeof value === 'string' && value !== '',
  );
  let matched = false;
  for (const candidate of candidates)
    for (const key of secretKeys) matched = timingSafeEqual(candidate, key) || matched;
  return matched;
}

/** A session verifier for the project: the JWKS from SUPABASE_JWKS, refetched from Auth. */
export function sessionVerifierFor(
  keys: PlatformKeys,
  fetchFn: typeof fetch = fetch,
): SessionVerifier {
  return createSessionVerifier({
    loadJwks: jwksLoader(keys.url, fetchFn),
    initialJwks: keys.jwks,
  });
}
