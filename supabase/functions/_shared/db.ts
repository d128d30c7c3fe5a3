// The functions' one way to the database. The service-role client (supabase-js over PostgREST)
// bypasses row-level security, so every query that reads a user's rows filters by that user
// explicitly. Its SQL function calls (`db.rpc`) go over the instance's direct pool when there is
// one (the call path's hot path; db/pool.ts); table reads and writes (`db.from`) and the auth admin
// API stay with PostgREST and GoTrue. Modules that must also run under Node (phone verification)
// use the fetch-only helpers of db/rest.ts.
import { createClient, type SupabaseClient } from 'npm:@supabase/supabase-js@2.109.0';
import { withDirectRpc } from './db/direct-rpc.ts';
import { sqlPoolFromEnv } from './db/pool-from-env.ts';
import { env } from './env.ts';
import {
  type PlatformKeys,
  platformKeysFrom,
  sessionVerifierFor,
} from './platform/platform-keys.ts';
import { type SessionVerifier, SessionTokenRejected } from './platform/session-jwt.ts';

export type Db = SupabaseClient;

export { createSupabaseRest, type SupabaseRest } from './db/rest.ts';
export { sqlPoolFromEnv } from './db/pool-from-env.ts';

export function createServiceClient(url: string, secretKey: string): Db {
  return createClient(url, secretKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

let keys: PlatformKeys | null = null;

/** The project's URL, API keys and JWKS, read once from the function's environment. */
export function platformKeys(): PlatformKeys {
  keys ??= platformKeysFrom(env);
  return keys;
}

let admin: Db | null = null;

/** The instance's service-role client (the secret key), rpc over the pool if any. */
export function adminDb(): Db {
  admin ??= withDirectRpc(
    createServiceClient(platformKeys().url, platformKeys().secretKey),
    sqlPoolFromEnv(),
  );
  return admin;
}

let bulk: Db | null = null;

/**
 * The service-role client for work off the call path that may run long or many at once for one
 * account (recording downloads and copies, exports): its SQL goes over a pool of its own, so it
 * can never take the connections a call needs.
 */
export function bulkDb(): Db {
  bulk ??= withDirectRpc(
    createServiceClient(platformKeys().url, platformKeys().secretKey),
    sqlPoolFromEnv('bulk'),
  );
  return bulk;
}

let verifier: SessionVerifier | null = null;

/** The instance's verifier of access tokens, with its cached JWKS. */
export function sessionVerifier(): SessionVerifier {
  verifier ??= sessionVerifierFor(platformKeys());
  return verifier;
}

/**
 * The signed-in user of an access token, verified inside the function (signature against the
 * project's JWKS, expiry, a user's role), or null for any token it refuses.
 */
export async function userFromToken(token: string) {
  try {
    const claims = await sessionVerifier().verify(token);
    return { id: claims.sub, email: claims.email };
  } catch (error) {
    if (error instanceof SessionTokenRejected) return null;
    throw error;
  }
}

/** Throws on a Supabase error so no error value is ever swallowed. */
export function must<T>(result: { data: T; error: { message: string; code?: string } | null }): T {
  if (result.error)
    throw new Error(
      `Database error${result.error.code ? ` ${result.error.code}` : ''}: ${result.error.message}`,
    );
  return result.data;
}
