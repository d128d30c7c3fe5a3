// The service-role database client of the functions (PostgREST through supabase-js). It bypasses
// row-level security, so every query that reads a user's rows filters by that user explicitly.
import { createClient, type SupabaseClient } from 'npm:@supabase/supabase-js@2';

export type Db = SupabaseClient;

export function createServiceClient(url: string, serviceRoleKey: string): Db {
  return createClient(url, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

/** Throws on a Supabase error so no error value is ever swallowed. */
export function must<T>(result: { data: T; error: { message: string; code?: string } | null }): T {
  if (result.error)
    throw new Error(
      `Database error${result.error.code ? ` ${result.error.code}` : ''}: ${result.error.message}`,
    );
  return result.data;
}
