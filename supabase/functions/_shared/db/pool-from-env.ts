// The instance's pool, built once from the environment and shared by every function it serves.
import { env } from '../env.ts';
import { createSqlPool, type SqlPool } from './pool.ts';

/**
 * Which work a pool serves. `calls` is the call path (key checks, creates, provider messages, the
 * dispatcher); `bulk` is everything that may run long or many at once for one account
 * (recording downloads and copies, exports); `events` is the live event streams' reads of what
 * was just recorded. Separate pools, so bulk work waits for its own connections and can never
 * hold the ones a call needs, and an event already recorded never waits behind a burst of creates
 * to be read (each short, a burst of them queues for hundreds of milliseconds on two connections).
 */
export type PoolPurpose = 'calls' | 'bulk' | 'events';

const SIZE_SETTING: Record<PoolPurpose, { name: string; fallback: number }> = {
  calls: { name: 'TASK_DB_POOL_SIZE', fallback: 2 },
  bulk: { name: 'BULK_DB_POOL_SIZE', fallback: 1 },
  events: { name: 'EVENTS_DB_POOL_SIZE', fallback: 1 },
};

const shared = new Map<PoolPurpose, SqlPool | null>();

let warnedDirect = false;

/**
 * The database URL the functions' queries use: the transaction pooler (DB_POOLER_URL), so every
 * instance holds pooler slots instead of server connections. Without it, SUPABASE_DB_URL (direct),
 * said once in the log: on hosted that spends the database's own connection limit.
 */
export function queryDbUrl(get: (name: string) => string | undefined = env): string | undefined {
  const pooled = get('DB_POOLER_URL');
  if (pooled) return pooled;
  const direct = get('SUPABASE_DB_URL');
  if (direct && !warnedDirect) {
    warnedDirect = true;
    console.warn(
      '[db pool] DB_POOLER_URL is not set: queries use direct connections (SUPABASE_DB_URL). Set it to the transaction pooler (port 6543).',
    );
  }
  return direct;
}

/**
 * The instance's pool for `purpose` through the transaction pooler (queryDbUrl), or null without a
 * database URL. A size of 0 (TASK_DB_POOL_SIZE, BULK_DB_POOL_SIZE) turns that pool off: its SQL
 * then goes through PostgREST, as before the pools.
 */
export function sqlPoolFromEnv(purpose: PoolPurpose = 'calls'): SqlPool | null {
  if (shared.has(purpose)) return shared.get(purpose)!;
  const url = queryDbUrl();
  const setting = SIZE_SETTING[purpose];
  const size = env(setting.name);
  const max = size ? Number(size) : setting.fallback;
  const usable = url && Number.isInteger(max) && max > 0;
  if (url && !usable)
    console.warn(`[db pool] ${setting.name} is 0 or not a number: SQL goes through PostgREST`);
  const pool = usable
    ? createSqlPool(url, {
        max,
        applicationName:
          purpose === 'calls' ? 'dialwise-functions' : `dialwise-functions-${purpose}`,
        caCert: env('DB_SSL_ROOT_CERT') || undefined,
      })
    : null;
  shared.set(purpose, pool);
  return pool;
}
