// The instance's pool, built once from the environment and shared by every function it serves.
import { env } from '../env.ts';
import { createSqlPool, type SqlPool } from './pool.ts';

let shared: SqlPool | null | undefined;

/**
 * The instance's pool over SUPABASE_DB_URL (TASK_DB_URL overrides it), or null without one.
 * TASK_DB_POOL_SIZE=0 turns it off: everything then goes through PostgREST, as before the pool.
 */
export function sqlPoolFromEnv(): SqlPool | null {
  if (shared !== undefined) return shared;
  const url = env('TASK_DB_URL') || env('SUPABASE_DB_URL');
  const size = env('TASK_DB_POOL_SIZE');
  const max = size ? Number(size) : 4;
  const usable = url && Number.isInteger(max) && max > 0;
  if (url && !usable)
    console.warn('[db pool] TASK_DB_POOL_SIZE is 0 or not a number: SQL goes through PostgREST');
  shared = usable ? createSqlPool(url, { max }) : null;
  return shared;
}
