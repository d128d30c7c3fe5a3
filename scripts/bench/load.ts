/**
 * The load part of `npm run bench`: BENCH_LOAD_CALLS calls (default 1,000) across
 * BENCH_LOAD_ACCOUNTS accounts (default 100) on the local phone network, each followed on its
 * event stream from create to task.completed. Prints accept and first-ring latency, event lag,
 * the peak of database connections, and the count of tasks that did not end, were settled more
 * than once, or whose event stream had gaps. Numbers, not a test: it fails only when the books
 * do not add up.
 * Alone: `npx tsx scripts/bench/load.ts` (own stack on the benchmark's ports, with 1,000 provider
 * lines as in `npm run bench`).
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { type StackConfig } from '@dialwise/local-stack';
import { makeBenchAccounts } from './accounts';
import { ms, percentile } from './figures';
import { runAloneOnStack } from './run-alone';
import { readSseEvents } from './sse';

const CALLS = Number(process.env.BENCH_LOAD_CALLS ?? 1000);
const ACCOUNTS = Number(process.env.BENCH_LOAD_ACCOUNTS ?? 100);
/** Calls each account keeps live at once (the API allows 10). */
const LIVE_PER_ACCOUNT = Number(process.env.BENCH_LOAD_LIVE_PER_ACCOUNT ?? 3);
const TERMINAL = new Set(['success', 'no_answer', 'busy', 'voicemail', 'failed', 'canceled']);
// A mix of the reserved numbers: conversations, declines, busy lines, no answer, voicemail.
const NUMBERS = ['+14155550100', '+14155550101', '+14155550102', '+14155550103', '+14155550104'];

type CallRecord = {
  taskId: string;
  acceptMs: number;
  ringMs: number | null;
  lags: number[];
  gaps: boolean;
  completed: boolean;
};

async function oneCall(config: StackConfig, key: string, phone: string): Promise<CallRecord> {
  const started = performance.now();
  const response = await fetch(`${config.apiUrl}/functions/v1/task`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      phone_number: phone,
      goal: 'Confirm the delivery window for tomorrow morning.',
      max_duration_minutes: 5,
      retry: { max_attempts: 0 },
    }),
  });
  const acceptMs = performance.now() - started;
  const task = (await response.json()) as { id: string };
  if (response.status !== 201)
    throw new Error(`POST /task answered ${response.status}: ${JSON.stringify(task)}`);

  const stream = await fetch(`${config.apiUrl}/functions/v1/task/${task.id}/events`, {
    headers: { Authorization: `Bearer ${key}` },
  });
  if (stream.status !== 200) throw new Error(`events answered ${stream.status}`);
  const record: CallRecord = {
    taskId: task.id,
    acceptMs,
    ringMs: null,
    lags: [],
    gaps: false,
    completed: false,
  };
  let lastId = 0;
  await readSseEvents(stream.body!, (event) => {
    if (event.id !== lastId + 1) record.gaps = true;
    lastId = event.id;
    if (event.type === 'call.ringing' && record.ringMs === null)
      record.ringMs = performance.now() - started;
    // Events recorded while the stream was open; replayed ones would measure nothing.
    if (event.type === 'transcript.turn' || event.type === 'call.ended')
      record.lags.push(Date.now() - Date.parse(event.created_at));
    if (event.type === 'task.completed') record.completed = true;
  });
  return record;
}

/** Peak connections to the database while `work` runs, sampled every 100 ms. */
async function peakConnections<T>(
  config: StackConfig,
  work: () => Promise<T>,
): Promise<{ result: T; peak: number }> {
  const client = new pg.Client({ connectionString: config.dbUrl });
  await client.connect();
  let peak = 0;
  let running = true;
  const sampler = (async () => {
    while (running) {
      const { rows } = await client.query<{ n: number }>(
        'select count(*)::int as n from pg_stat_activity where backend_type = $1',
        ['client backend'],
      );
      peak = Math.max(peak, rows[0]!.n);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  try {
    return { result: await work(), peak };
  } finally {
    running = false;
    await sampler;
    await client.end();
  }
}

/** Every task ended, every attempt billed once, each account's money adds up. */
async function audit(config: StackConfig, taskIds: string[]) {
  const client = new pg.Client({ connectionString: config.dbUrl });
  await client.connect();
  try {
    const { rows: unended } = await client.query<{ n: number }>(
      `select count(*)::int as n from public.tasks where id = any($1) and status <> all($2)`,
      [taskIds, [...TERMINAL]],
    );
    // A double settlement shows as money that does not add up: the task's figures against the
    // sum of its attempts, and each account's credits against what its tasks cost.
    const { rows: badTasks } = await client.query<{ n: number }>(
      `select count(*)::int as n from public.tasks t
        where t.id = any($1) and (
          t.hold_cents <> 0 or t.free_minutes_reserved <> 0
          or exists (select 1 from public.task_attempts a where a.task_id = t.id and a.settled_at is null)
          or t.cost_cents <> (select coalesce(sum(cost_cents), 0) from public.task_attempts a where a.task_id = t.id)
          or t.billed_minutes <> (select coalesce(sum(billed_minutes), 0) from public.task_attempts a where a.task_id = t.id))`,
      [taskIds],
    );
    const { rows: badAccounts } = await client.query<{ n: number }>(
      `with spent as (
         select user_id, sum(cost_cents) as cents, sum(free_minutes_used) as free
           from public.tasks where id = any($1) group by user_id)
       select count(*)::int as n from spent s join public.profiles p on p.id = s.user_id
        where p.credits <> 25 - s.cents / 100.0 or p.free_minutes_used <> s.free
           or p.credits_held <> 0 or p.free_minutes_reserved <> 0`,
      [taskIds],
    );
    return {
      unended: unended[0]!.n,
      badTasks: badTasks[0]!.n,
      badAccounts: badAccounts[0]!.n,
    };
  } finally {
    await client.end();
  }
}

export async function benchLoad(config: StackConfig) {
  const keys = await makeBenchAccounts(config.dbUrl, ACCOUNTS);
  const perAccount = Math.ceil(CALLS / ACCOUNTS);
  const started = performance.now();
  const { result: records, peak } = await peakConnections(config, async () => {
    const all = await Promise.all(
      keys.map(async (key, index) => {
        const mine: CallRecord[] = [];
        let next = 0;
        const lane = async () => {
          while (next < perAccount && index * perAccount + next < CALLS) {
            const n = next++;
            mine.push(await oneCall(config, key, NUMBERS[(index + n) % NUMBERS.length]!));
          }
        };
        await Promise.all(Array.from({ length: LIVE_PER_ACCOUNT }, lane));
        return mine;
      }),
    );
    return all.flat();
  });
  const seconds = (performance.now() - started) / 1000;
  const books = await audit(
    config,
    records.map((r) => r.taskId),
  );
  const accept = records.map((r) => r.acceptMs);
  const rings = records.flatMap((r) => (r.ringMs === null ? [] : [r.ringMs]));
  const lags = records.flatMap((r) => r.lags);

  console.log(
    `\nLoad: ${records.length} calls across ${ACCOUNTS} accounts (${LIVE_PER_ACCOUNT} live per account, each followed on its stream), ${seconds.toFixed(1)} s`,
  );
  console.log(
    `  accept:           p50 ${ms(percentile(accept, 0.5))}, p99 ${ms(percentile(accept, 0.99))}`,
  );
  console.log(
    `  first ring:       p50 ${ms(percentile(rings, 0.5))}, p99 ${ms(percentile(rings, 0.99))}`,
  );
  console.log(
    `  event lag:        p50 ${ms(percentile(lags, 0.5))}, p99 ${ms(percentile(lags, 0.99))} (${lags.length} events)`,
  );
  console.log(`  peak database connections: ${peak}`);
  console.log(
    `  tasks not ended: ${books.unended}; tasks whose books do not add up (unsettled or settled twice): ${books.badTasks}; accounts whose money does not add up: ${books.badAccounts}`,
  );
  console.log(
    `  streams without task.completed: ${records.filter((r) => !r.completed).length}; streams with gaps: ${records.filter((r) => r.gaps).length}`,
  );
  if (books.unended || books.badTasks || books.badAccounts)
    throw new Error('The load run left tasks unended or books that do not add up');
}

runAloneOnStack(import.meta.url, 'supabase/.local/bench-load', benchLoad, {
  STACK_VOICE_MAX_CONCURRENT_CALLS: '1000',
});
