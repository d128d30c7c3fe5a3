// The instance's pool, built once from the environment and shared by every function it serves.
import { env } from '../env.ts';
import { createSqlPool, type SqlPool } from './pool.ts';

/**
 * Which work a pool serves. `calls` is the call path (key checks, creates, provider messages, the
 * dispatcher); `bulk` is everything that may run long or many at once for one account
 * (recording downloads and copies, exports). Separate pools, so bulk work waits for its own
 * connections and can never hold the ones a call needs.
 */
export type PoolPurpose = 'calls' | 'bulk';

const SIZE_SETTING: Record<PoolPurpose, { name: string; fallback: number }> = {
  calls: { name: 'TASK_DB_POOL_SIZE', fallback: 4 },
  bulk: { name: 'BULK_DB_POOL_SIZE', fallback: 2 },
};

const shared = new Map<PoolPurpose, SqlPool | null>();

/**
 * The instance's pool for `purpose` over SUPABASE_DB_URL (TASK_DB_URL overrides it), or null
 * without one. A size of 0 (TASK_DB_POOL_SIZE, BULK_DB_POOL_SIZE) turns that pool off: its SQL then
 * goes through PostgREST, as before the pools.
 */
export function sqlPoolFromEnv(purpose: PoolPurpose = 'calls'): SqlPool | null {
  if (shared.has(purpose)) return shared.get(purpose)!;
  const url = env('TASK_DB_URL') || env('SUPABASE_DB_URL');
  const setting = SIZE_SETTING[purpose];
  const size = env(setting.name);
  const max = size ? Number(size) : setting.fallback;
  const usable = url && Number.isInteger(max) && max > 0;
  if (url && !usable)
    console.warn(`[db pool] ${setting.name} is 0 or not a number: SQL goes through PostgREST`);
  const pool = usable
    ? createSqlPool(url, {
        max,
        applicationName: purpose === 'calls' ? 'dialwise-functions' : 'dialwise-functions-bulk',
      })
    : null;
  shared.set(purpose, pool);
  return pool;
}
