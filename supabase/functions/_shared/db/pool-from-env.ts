// The instance's pool, built once from the environment and shared by every function it serves.
import { createSqlPool, type SqlPool } from './pool.ts';

let shared: SqlPool | null | undefined;

/** The instance's pool over SUPABASE_DB_URL (TASK_DB_URL overrides it), or null without one. */
export function sqlPoolFromEnv(): SqlPool | null {
  if (shared !== undefined) return shared;
  const url = Deno.env.get('TASK_DB_URL') || Deno.env.get('SUPABASE_DB_URL');
  const max = Number(Deno.env.get('TASK_DB_POOL_SIZE'));
  shared = url
    ? createSqlPool(url, { max: Number.isInteger(max) && max > 0 ? max : undefined })
    : null;
  return shared;
}
