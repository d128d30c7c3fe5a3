/**
 * `npm run bench`: numbers, not a test. Prints
 *  1. cold start of the local stack (new cluster, migrations, seed) and warm start (data reused);
 *  2. a REST read through RLS (gateway → PostgREST → PostgreSQL, as the demo user) against the
 *     same SQL run directly over one connection, as a latency ratio;
 *  3. the call API: accept latency, time to the first ringing event, SSE delivery lag
 *     (scripts/bench/calls.ts);
 *  4. load: 1,000 calls across 100 accounts, each followed on its event stream, and an audit of
 *     the books (scripts/bench/load.ts);
 *  5. live events: commit-to-client delivery lag, and whether 150 idle streams slow another
 *     account's GET /task (scripts/bench/live-events.ts);
 *  6. a batch: 1,000 calls of one account from one POST /task/batches, paced through its 10 call
 *     slots: time to completion, peak live calls, the books (scripts/bench/batch.ts);
 *  7. creating a 1,000-row batch: the CPU each piece of the stack spends on it and the bytes it
 *     stores (scripts/bench/batch-create.ts);
 *  8. recordings: the memory the edge runtime adds while copying and serving a 60-minute
 *     recording, at most 32 MB (scripts/bench/recordings.ts);
 *  9. provider lines: with the platform at Vapi's default 10 lines and one account's 1,000-call
 *     batch holding them all, how long another account's single call waits to be dialled
 *     (scripts/bench/lines.ts, on a stack of its own);
 * 10. connections: 300 calls live at once, and the peak of server connections, split into the
 *     transaction pooler's, the functions' direct ones and the platform's own services, on a
 *     stack of its own with the platform's cap on live calls raised (scripts/bench/connections.ts).
 * Sections 3 to 8 run as a platform with 1,000 provider lines (STACK_VOICE_MAX_CONCURRENT_CALLS), so
 * they measure our own capacity rather than the provider's default limit.
 * Runs on its own ports and data folder, beside any dev stack.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { loadConfig } from '../supabase/local/config';
import { stackPortEnv } from '../supabase/local/ports';
import { benchBatch } from './bench/batch';
import { benchBatchCreate } from './bench/batch-create';
import { benchCalls } from './bench/calls';
import { benchConnectionsOnItsOwnStack } from './bench/connections';
import { measureDeliveryLag, measureIdleStreams } from './bench/live-events';
import { benchLines } from './bench/lines';
import { benchLoad } from './bench/load';
import { benchRecordings } from './bench/recordings';
import { startStack } from '../supabase/local/stack';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);
Object.assign(process.env, {
  ...stackPortEnv('bench'),
  STACK_DATA_DIR: 'supabase/.local/bench',
  // Calls are placed at once whatever the hour: windows judged as if it were noon in Los Angeles.
  STACK_CALLING_CLOCK: '12:00 America/Los_Angeles',
  STACK_VOICE_MAX_CONCURRENT_CALLS: '1000',
});

const quiet = () => {};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!;
const ms = (x: number) => `${x.toFixed(2)} ms`;

async function timeStart(fresh: boolean) {
  process.env.STACK_FRESH = fresh ? '1' : '0';
  const t0 = performance.now();
  const stack = await startStack(loadConfig(), quiet);
  return { stack, seconds: (performance.now() - t0) / 1000 };
}

async function main() {
  const cold = await timeStart(true);
  await cold.stack.stop();
  const warm = await timeStart(false);
  const config = warm.stack.config;
  try {
    const signIn = await fetch(`${config.apiUrl}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: config.publishableKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'demo@dialwise.dev', password: 'dialwise-demo' }),
    });
    const { access_token: token, user } = (await signIn.json()) as {
      access_token: string;
      user: { id: string };
    };
    const restUrl = `${config.apiUrl}/rest/v1/credit_purchases?select=*&order=purchased_at.desc`;
    const headers = { apikey: config.publishableKey, Authorization: `Bearer ${token}` };

    const client = new pg.Client({ connectionString: config.dbUrl });
    await client.connect();
    const sql =
      'select * from public.credit_purchases where user_id = $1 order by purchased_at desc';

    // Warm both paths before measuring.
    for (let i = 0; i < 20; i += 1) {
      await (await fetch(restUrl, { headers })).json();
      await client.query(sql, [user.id]);
    }
    const rest: number[] = [];
    const direct: number[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      let t = performance.now();
      const rows = (await (await fetch(restUrl, { headers })).json()) as unknown[];
      rest.push(performance.now() - t);
      if (rows.length === 0)
        throw new Error('REST read returned no rows: the benchmark would be meaningless');
      t = performance.now();
      await client.query(sql, [user.id]);
      direct.push(performance.now() - t);
    }
    await client.end();

    console.log('Local stack start-up');
    console.log(`  cold start (new cluster, migrations, seed): ${cold.seconds.toFixed(2)} s`);
    console.log(`  warm start (existing data):                 ${warm.seconds.toFixed(2)} s`);
    console.log(`\nRead of the demo user's purchases, ${ROUNDS} sequential rounds`);
    console.log(
      `  REST through gateway + PostgREST + RLS: median ${ms(median(rest))}, p95 ${ms(p95(rest))}`,
    );
    console.log(
      `  same SQL directly (one connection):     median ${ms(median(direct))}, p95 ${ms(p95(direct))}`,
    );
    console.log(
      `  ratio (REST / direct, medians):          ${(median(rest) / median(direct)).toFixed(1)}x`,
    );
    await benchCalls(config);
    await benchLoad(config);
    await benchBatch(config);
    await benchBatchCreate(config);
    await benchRecordings(config);
    const stackUrls = { apiUrl: config.apiUrl, dbUrl: config.dbUrl };
    const delivery = await measureDeliveryLag(stackUrls);
    console.log(
      `\nLive events\n  commit → client, ${delivery.events} events recorded in SQL: p50 ${delivery.p50.toFixed(1)} ms, p99 ${delivery.p99.toFixed(1)} ms`,
    );
    const idle = await measureIdleStreams(stackUrls, { streams: 150 });
    console.log(
      `  another account's GET /task (median of ${idle.requests}): ${idle.baseline.toFixed(1)} ms alone, ${idle.withStreams.toFixed(1)} ms with ${idle.streams} idle open streams`,
    );
    console.log(
      `  database transactions per second: ${idle.baselineTps.toFixed(0)} without streams, ${idle.idleTps.toFixed(0)} with ${idle.streams} idle streams`,
    );
  } finally {
    await warm.stack.stop();
  }
  await benchLines();
  await benchConnectionsOnItsOwnStack();
}

main().catch((error: unknown) => {
  console.error(`Benchmark failed: ${(error as Error).message}`);
  process.exit(1);
});
