// The functions' one way to the database. The service-role client (supabase-js over PostgREST)
// bypasses row-level security, so every query that reads a user's rows filters by that user
// explicitly. Its SQL function calls (`db.rpc`) go over the instance's direct pool when there is
// one (the call path's hot path; db/pool.ts); table reads and writes (`db.from`) and the auth admin
// API stay with PostgREST and GoTrue. Modules that must also run under Node (phone verification)
// use the fetch-only helpers of db/rest.ts.
import { createClient, type SupabaseClient } from 'npm:@supabase/supabase-js@2.109.0';
import { withDirectRpc } from './db/direct-rpc.ts';
import { sqlPoolFromEnv } from './db/pool-from-env.ts';
import { requireEnv } from './env.ts';

export type Db = SupabaseClient;

export { createSupabaseRest, type SupabaseRest } from './db/rest.ts';
export { sqlPoolFromEnv } from './db/pool-from-env.ts';

export function createServiceClient(url: string, serviceRoleKey: string): Db {
  return createClient(url, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

let admin: Db | null = null;

/** The instance's service-role client, from SUPABASE_URL and the key, rpc over the pool if any. */
export function adminDb(): Db {
  admin ??= withDirectRpc(
    createServiceClient(
      requireEnv('SUPABASE_URL').replace(/\/+$/, ''),
      requireEnv('SUPABASE_SERVICE_ROLE_KEY'),
    ),
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
    createServiceClient(
      requireEnv('SUPABASE_URL').replace(/\/+$/, ''),
      requireEnv('SUPABASE_SERVICE_ROLE_KEY'),
    ),
    sqlPoolFromEnv('bulk'),
  );
  return bulk;
}

/** The signed-in user behind a session access token (asks the auth server), or null. */
export async function userFromToken(token: string) {
  const { data, error } = await adminDb().auth.getUser(token);
  if (error || !data.user) return null;
  return { id: data.user.id, email: data.user.email ?? null };
}

/** Throws on a Supabase error so no error value is ever swallowed. */
export function must<T>(result: { data: T; error: { message: string; code?: string } | null }): T {
  if (result.error)
    throw new Error(
      `Database error${result.error.code ? ` ${result.error.code}` : ''}: ${result.error.message}`,
    );
  return result.data;
}
