/**
 * The connections part of `npm run bench`: BENCH_LIVE_CALLS calls (default 300) live at once, one
 * per account (an account calls each callee once at a time) to the simulated number that talks
 * until the maximum duration, a few of them followed on their event streams. pg_stat_activity is
 * sampled every 100 ms until every call has ended: the peak of server connections, split into the
 * transaction pooler's (Supavisor's), the functions' direct ones (their LISTEN; their queries must
 * not show here) and the platform's own services (PostgREST, auth, storage, the scheduler).
 * Numbers, not a test: it fails only when the calls were not live together or did not all end.
 *
 * Alone: `npx tsx scripts/bench/connections.ts`.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import {
  POOLER_APPLICATION_NAME,
  stackPortEnv,
  startStack,
  type StackConfig,
} from '@dialwise/local-stack';
import { dialwiseStack } from '../stack/dialwise';
import { makeBenchAccounts } from './accounts';
import { ms, percentile } from './figures';
import { runWhenCalledDirectly } from './run-alone';
import { readSseEvents } from './sse';

const LIVE_CALLS = Number(process.env.BENCH_LIVE_CALLS ?? 300);
/** Calls followed on their event streams, so the functions' listener is in the picture. */
const FOLLOWED = Number(process.env.BENCH_LIVE_FOLLOWED ?? 30);
const CREATES_AT_ONCE = 20;
/** How long every call is held live together before they are hung up (BENCH_HOLD_LIVE_SECONDS). */
const HOLD_LIVE_MS = Number(process.env.BENCH_HOLD_LIVE_SECONDS ?? 10) * 1000;
const TALKS_ON = '+14155550107';
const LIVE = ['ringing', 'in_progress'];
const TERMINAL = ['success', 'no_answer', 'busy', 'voicemail', 'failed', 'canceled'];

type Sample = {
  pooled: number;
  functionsDirect: number;
  functionsQueries: number;
  platform: number;
};

export type ConnectionFigures = {
  calls: number;
  peakLive: number;
  /**
   * From each event's `created_at` to its arrival, for the followed calls' events written after
   * their stream opened: while calls were being placed, and once every call was live.
   */
  eventLag: { placing: number[]; allLive: number[] };
  peak: Sample & { total: number };
  poolSize: number;
  seconds: number;
  unended: number;
};

async function post(config: StackConfig, key: string, path: string, body?: unknown) {
  const response = await fetch(`${config.apiUrl}/functions/v1/task${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { id: string };
  if (response.status >= 300)
    throw new Error(`POST /task${path} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

export async function benchConnections(config: StackConfig): Promise<ConnectionFigures> {
  const keys = await makeBenchAccounts(config.dbUrl, LIVE_CALLS);
  const sampler = new pg.Client({ connectionString: config.dbUrl, application_name: 'bench' });
  // The stack stopping after a failure must not hide that failure behind this connection's end.
  sampler.on('error', () => undefined);
  await sampler.connect();
  const taskIds: string[] = [];
  const keyOf = new Map<string, string>();
  const peak = { pooled: 0, functionsDirect: 0, functionsQueries: 0, platform: 0, total: 0 };
  let peakLive = 0;
  let sampling = true;
  const started = performance.now();

  const sampleOnce = async () => {
    const { rows } = await sampler.query<Sample & { total: number; live: number }>(
      `select count(*) filter (where application_name = $1)::int as pooled,
              count(*) filter (where application_name = 'dialwise-task-events')::int as "functionsDirect",
              count(*) filter (where application_name like 'dialwise-functions%')::int as "functionsQueries",
              count(*) filter (where application_name <> all(array[$1, 'dialwise-task-events'])
                                 and application_name not like 'dialwise-functions%')::int as platform,
              count(*)::int as total,
              (select count(*)::int from public.tasks where id = any($2) and status = any($3)) as live
         from pg_stat_activity
        where backend_type = 'client backend' and pid <> pg_backend_pid()`,
      [POOLER_APPLICATION_NAME, taskIds, LIVE],
    );
    const row = rows[0]!;
    for (const name of [
      'pooled',
      'functionsDirect',
      'functionsQueries',
      'platform',
      'total',
    ] as const)
      peak[name] = Math.max(peak[name], row[name]);
    peakLive = Math.max(peakLive, row.live);
    return row.live;
  };
  const sampling$ = (async () => {
    while (sampling) {
      await sampleOnce();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();

  const streams: Promise<void>[] = [];
  const eventLag: ConnectionFigures['eventLag'] = { placing: [], allLive: [] };
  /** When every call was live (peakLive reached the number placed), once known. */
  let allLiveAt = Infinity;
  let hangingUpAt = Infinity;
  const cancelErrors: string[] = [];
  const accepts: number[] = [];
  try {
    // 30 minutes of talk each, the most a call may last (three minutes of wall time at the speed
    // this part runs the network at), so every call is still live when the last one is placed;
    // all are canceled once live together.
    let next = 0;
    await Promise.all(
      Array.from({ length: CREATES_AT_ONCE }, async () => {
        while (next < keys.length) {
          const key = keys[next++]!;
          const sent = performance.now();
          const task = await post(config, key, '', {
            phone_number: TALKS_ON,
            goal: 'Talk through the whole delivery schedule for next month.',
            max_duration_minutes: 30,
            retry: { max_attempts: 0 },
          });
          accepts.push(performance.now() - sent);
          taskIds.push(task.id);
          keyOf.set(task.id, key);
          if (streams.length < FOLLOWED) {
            const stream = await fetch(`${config.apiUrl}/functions/v1/task/${task.id}/events`, {
              headers: { Authorization: `Bearer ${key}` },
            });
            const openedAt = Date.now();
            streams.push(
              readSseEvents(stream.body!, (event) => {
                const receivedAt = Date.now();
                const createdAt = Date.parse(event.created_at);
                // Replayed events, and those of the hang-up, measure nothing live.
                if (createdAt < openedAt || createdAt >= hangingUpAt) return;
                (createdAt >= allLiveAt ? eventLag.allLive : eventLag.placing).push(
                  receivedAt - createdAt,
                );
              }).catch(() => undefined),
            );
          }
        }
      }),
    );
    for (let i = 0; i < 300 && peakLive < taskIds.length; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 100));
    allLiveAt = Date.now();
    // Held together for a while of sampling and talk, then hung up.
    await new Promise((resolve) => setTimeout(resolve, HOLD_LIVE_MS));
    hangingUpAt = Date.now();
    let index = 0;
    await Promise.all(
      Array.from({ length: CREATES_AT_ONCE }, async () => {
        while (index < taskIds.length) {
          const i = index++;
          await post(config, keyOf.get(taskIds[i]!)!, `/${taskIds[i]}/cancel`).catch(
            (error: Error) => {
              cancelErrors.push(error.message);
            },
          );
        }
      }),
    );
    for (let i = 0; i < 600; i += 1) {
      const { rows } = await sampler.query<{ n: number }>(
        'select count(*)::int as n from public.tasks where id = any($1) and status <> all($2)',
        [taskIds, TERMINAL],
      );
      if (rows[0]!.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    sampling = false;
    await sampling$;
  }
  await Promise.race([Promise.all(streams), new Promise((r) => setTimeout(r, 5000))]);
  const { rows } = await sampler.query<{ n: number }>(
    'select count(*)::int as n from public.tasks where id = any($1) and status <> all($2)',
    [taskIds, TERMINAL],
  );
  const { rows: statuses } = await sampler.query<{ status: string; n: number }>(
    'select status, count(*)::int as n from public.tasks where id = any($1) group by status',
    [taskIds],
  );
  console.log(
    `  statuses: ${statuses.map((s) => `${s.status} ${s.n}`).join(', ')}; cancel errors: ${cancelErrors.length} ${cancelErrors.slice(0, 3).join(' | ')}`,
  );
  await sampler.end();
  const figures: ConnectionFigures = {
    calls: taskIds.length,
    peakLive,
    eventLag,
    peak,
    poolSize: config.poolerPoolSize,
    seconds: (performance.now() - started) / 1000,
    unended: rows[0]!.n,
  };
  console.log(
    `\nConnections: ${figures.calls} calls across ${figures.calls} accounts, ${figures.peakLive} live at once at the peak (${FOLLOWED} followed on their streams), ${figures.seconds.toFixed(1)} s`,
  );
  console.log(
    `  accept (${CREATES_AT_ONCE} creates at once): p50 ${ms(percentile(accepts, 0.5))}, p99 ${ms(percentile(accepts, 0.99))}`,
  );
  for (const [phase, lags] of [
    ['while calls were placed', eventLag.placing],
    ['with every call live', eventLag.allLive],
  ] as const)
    console.log(
      `  event lag ${phase} (${lags.length} events on ${FOLLOWED} streams): p50 ${ms(percentile(lags, 0.5))}, p99 ${ms(percentile(lags, 0.99))}`,
    );
  console.log(`  peak server connections, all:                 ${peak.total}`);
  console.log(
    `  through the transaction pooler (Supavisor):   ${peak.pooled} (pool size ${figures.poolSize})`,
  );
  console.log(`  functions, direct (LISTEN):                   ${peak.functionsDirect}`);
  console.log(`  functions, direct queries (must be 0):        ${peak.functionsQueries}`);
  console.log(
    `  the platform's own services (PostgREST, auth, storage, scheduler): ${peak.platform}`,
  );
  console.log(`  calls not ended: ${figures.unended}`);
  if (figures.peakLive < figures.calls || figures.unended)
    throw new Error('The calls were not all live together, or did not all end');
  return figures;
}

/**
 * Runs the connections part on a stack of its own: the platform's cap on live calls across
 * accounts (the provider's line limit) raised, so all of them can be live at once.
 */
export async function benchConnectionsOnItsOwnStack() {
  const saved = {
    STACK_VOICE_MAX_CONCURRENT_CALLS: process.env.STACK_VOICE_MAX_CONCURRENT_CALLS,
    STACK_VOICE_SPEED: process.env.STACK_VOICE_SPEED,
  };
  process.env.STACK_VOICE_MAX_CONCURRENT_CALLS = String(LIVE_CALLS * 2);
  // Slower than the default 30, so calls stay live while 300 are placed on a busy machine;
  // BENCH_VOICE_SPEED=1 has them talk at the pace of real speech.
  process.env.STACK_VOICE_SPEED = process.env.BENCH_VOICE_SPEED ?? '10';
  process.env.STACK_FRESH = '0';
  const stack = await startStack({
    ...dialwiseStack(),
    log: process.env.BENCH_LOG ? console.log : () => {},
  });
  try {
    return await benchConnections(stack.config);
  } finally {
    await stack.stop();
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

runWhenCalledDirectly(import.meta.url, async () => {
  Object.assign(process.env, {
    ...stackPortEnv('bench'),
    STACK_DATA_DIR: 'supabase/.local/bench',
    STACK_CALLING_CLOCK: '12:00 America/Los_Angeles',
  });
  await benchConnectionsOnItsOwnStack();
});
