/**
 * Live events, measured (numbers, not a test):
 *  - event lag: from an event row's `created_at` to its arrival at an SSE client, over calls that
 *    are live at the same time on the local phone network (only events written after the stream
 *    opened count; replayed ones would measure nothing live);
 *  - delivery alone: from the commit of an event recorded in SQL to its arrival (the push path,
 *    without the call path's own transaction time, which `created_at` includes);
 *  - idle streams: another account's `GET /task` median with and without many open, idle event
 *    streams, and the database's transactions per second while those streams sit idle.
 *
 * `measureEventLag`, `measureDeliveryLag` and `measureIdleStreams` take a started stack's URLs,
 * so `npm run bench` can call them; run alone, this file starts a stack on the benchmark's ports
 * (moved by DIALWISE_PORT_OFFSET) and prints all three (`--lag-only`: the first two). With
 * STACK_FUNCTIONS_DIR pointing at another checkout's supabase/functions it measures that code.
 *
 *   DIALWISE_PORT_OFFSET=400 npx tsx scripts/bench/live-events.ts [--calls 10] [--streams 150] [--lag-only]
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { type StackConfig } from '@dialwise/local-stack';
import { makeBenchAccounts } from './accounts';

import { percentile } from './figures';
import { readSseEvents } from './sse';
import { runAloneOnStack } from './run-alone';

export type BenchStack = { apiUrl: string; dbUrl: string };

const median = (xs: number[]) => percentile(xs, 0.5);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function createTask(stack: BenchStack, key: string, body: Record<string, unknown>) {
  const response = await fetch(`${stack.apiUrl}/functions/v1/task`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ goal: 'Confirm the delivery window for tomorrow.', ...body }),
  });
  const task = (await response.json()) as { id: string; status: string };
  if (response.status !== 201 && response.status !== 202)
    throw new Error(`POST /task answered ${response.status}: ${JSON.stringify(task)}`);
  return task;
}

type Arrival = { id: number; type: string; createdAt: number; receivedAt: number };

/** Opens a task's event stream; `arrivals` fills as events come, `done` settles at its end. */
async function openStream(
  stack: BenchStack,
  key: string,
  taskId: string,
  headers: Record<string, string> = {},
) {
  const controller = new AbortController();
  const response = await fetch(`${stack.apiUrl}/functions/v1/task/${taskId}/events`, {
    headers: { Authorization: `Bearer ${key}`, ...headers },
    signal: controller.signal,
  });
  const openedAt = Date.now();
  const arrivals: Arrival[] = [];
  if (response.status !== 200) {
    await response.body?.cancel();
    return { status: response.status, openedAt, arrivals, done: Promise.resolve(), close() {} };
  }
  const done = readSseEvents(response.body!, (event) =>
    arrivals.push({
      id: event.id,
      type: event.type,
      createdAt: Date.parse(event.created_at),
      receivedAt: Date.now(),
    }),
  ).catch(() => {
    // Aborted by close().
  });
  return { status: 200, openedAt, arrivals, done, close: () => controller.abort() };
}

/**
 * `calls` calls live at once (one account each, the simulated callee that agrees), each followed
 * by its event stream from right after creation. Returns the lag of every event written after its
 * stream opened, and that lag in two hops, told apart by a LISTEN of the bench's own on the
 * channel the functions listen on: the write (`created_at`, the start of the transaction that
 * recorded the event, to its NOTIFY reaching a listener: the rest of that transaction and its
 * commit) and the push (that NOTIFY to the client: the functions' listener, the stream's read, the
 * gateway).
 */
export async function measureEventLag(
  stack: BenchStack,
  options: { calls?: number; mode?: 'live' | 'test' } = {},
) {
  const calls = options.calls ?? 10;
  const keys = await makeBenchAccounts(stack.dbUrl, calls, options.mode);
  // Warm the function (module load, connections) before measuring.
  const warm = await createTask(stack, keys[0]!, {
    phone_number: '+14155550102',
    retry: { max_attempts: 0 },
  });
  await (
    await openStream(stack, keys[0]!, warm.id)
  ).done;

  const listener = new pg.Client({ connectionString: stack.dbUrl });
  await listener.connect();
  const notifiedAt = new Map<string, number>();
  listener.on('notification', (message) => {
    const at = Date.now();
    const { task_id, seq } = JSON.parse(message.payload ?? '{}') as {
      task_id: string;
      seq: number;
    };
    notifiedAt.set(`${task_id}:${seq}`, at);
  });
  await listener.query('listen task_events');

  const followed = await Promise.all(
    keys.map(async (key) => {
      const task = await createTask(stack, key, {
        phone_number: '+14155550100',
        retry: { max_attempts: 0 },
      });
      const stream = await openStream(stack, key, task.id);
      await stream.done;
      return { taskId: task.id, ...stream };
    }),
  );
  await listener.end();
  const lags: number[] = [];
  const writes: number[] = [];
  const pushes: number[] = [];
  const byType = new Map<string, number[]>();
  let incomplete = 0;
  for (const stream of followed) {
    const ids = stream.arrivals.map((a) => a.id);
    if (stream.arrivals.at(-1)?.type !== 'task.completed' || ids.some((id, i) => id !== i + 1))
      incomplete += 1;
    for (const a of stream.arrivals)
      if (a.createdAt >= stream.openedAt) {
        lags.push(a.receivedAt - a.createdAt);
        byType.set(a.type, [...(byType.get(a.type) ?? []), a.receivedAt - a.createdAt]);
        const notified = notifiedAt.get(`${stream.taskId}:${a.id}`);
        if (notified === undefined) continue;
        writes.push(notified - a.createdAt);
        pushes.push(a.receivedAt - notified);
      }
  }
  const p50p99 = (xs: number[]) => ({ p50: percentile(xs, 0.5), p99: percentile(xs, 0.99) });
  return {
    calls,
    events: lags.length,
    incomplete,
    p50: percentile(lags, 0.5),
    p99: percentile(lags, 0.99),
    max: Math.max(...lags),
    /** From `created_at` to the NOTIFY at a listener: the writing transaction and its commit. */
    write: p50p99(writes),
    /** From the NOTIFY to the client: the functions' listener, the stream's read, the gateway. */
    push: p50p99(pushes),
    /** p50 per event type, which tells the slow reads (task.completed carries the whole task). */
    p50ByType: Object.fromEntries([...byType].map(([type, xs]) => [type, percentile(xs, 0.5)])),
  };
}

/**
 * The push path alone: events recorded straight in SQL on a quiet task (no call, no PostgREST in
 * the write), timed from their commit to their arrival at an open stream of that task.
 */
export async function measureDeliveryLag(stack: BenchStack, options: { events?: number } = {}) {
  const count = options.events ?? 30;
  const [key] = await makeBenchAccounts(stack.dbUrl, 1);
  const task = await createTask(stack, key!, {
    phone_number: '+14155550103',
    retry: { max_attempts: 1, interval_minutes: 30 },
  });
  const stream = await openStream(stack, key!, task.id);
  const db = new pg.Client({ connectionString: stack.dbUrl });
  await db.connect();
  const lags: number[] = [];
  try {
    for (let i = 0; i < count; i++) {
      await db.query('begin');
      await db.query('select 1 from public.tasks where id = $1 for update', [task.id]);
      const { rows } = await db.query<{ seq: number }>(
        `select private.append_task_event($1, 'transcript.turn', '{"speaker":"callee","text":"bench","start_ms":0,"end_ms":1}'::jsonb) as seq`,
        [task.id],
      );
      await db.query('commit');
      const committed = Date.now();
      const seq = rows[0]!.seq;
      for (;;) {
        const arrival = stream.arrivals.find((a) => a.id === seq);
        if (arrival) {
          lags.push(arrival.receivedAt - committed);
          break;
        }
        await sleep(1);
      }
      await sleep(100);
    }
  } finally {
    await db.end();
    stream.close();
    await stream.done;
  }
  return { events: count, p50: percentile(lags, 0.5), p99: percentile(lags, 0.99) };
}

async function transactionsPerSecond(dbUrl: string, seconds: number) {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const read = async () =>
      Number(
        (
          await client.query<{ n: string }>(
            'select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()',
          )
        ).rows[0]!.n,
      );
    // pg_stat_database is updated when a backend reports its stats: clear this one's snapshot.
    await client.query('select pg_stat_clear_snapshot()');
    const before = await read();
    await sleep(seconds * 1000);
    await client.query('select pg_stat_clear_snapshot()');
    const after = await read();
    // Backends report their counts at least every 10 s, so the window is long enough to see them;
    // this connection's own two reads are taken off.
    return Math.max(0, after - before - 2) / seconds;
  } finally {
    await client.end();
  }
}

/**
 * `streams` idle event streams (tasks waiting 30 minutes for a retry, so nothing happens on
 * them), spread over accounts of at most `perKey` streams each; meanwhile another account reads
 * `GET /task` `requests` times. Compared with the same reads before the streams opened.
 */
export async function measureIdleStreams(
  stack: BenchStack,
  options: { streams?: number; perKey?: number; requests?: number } = {},
) {
  const streams = options.streams ?? 150;
  const perKey = options.perKey ?? 15;
  const requests = options.requests ?? 100;
  const accounts = Math.ceil(streams / perKey);
  const [reader, ...keys] = await makeBenchAccounts(stack.dbUrl, accounts + 1);
  await createTask(stack, reader!, { phone_number: '+14155550102', retry: { max_attempts: 0 } });

  const readList = async () => {
    const times: number[] = [];
    for (let i = 0; i < requests; i++) {
      const t = performance.now();
      const response = await fetch(`${stack.apiUrl}/functions/v1/task?limit=10`, {
        headers: { Authorization: `Bearer ${reader}` },
      });
      await response.json();
      if (response.status !== 200) throw new Error(`GET /task answered ${response.status}`);
      times.push(performance.now() - t);
    }
    return times;
  };
  await readList(); // warm
  const baseline = median(await readList());
  const baselineTps = await transactionsPerSecond(stack.dbUrl, 15);

  // No answer, one retry in 30 minutes: after the first attempt the task is quiet.
  const tasks = await Promise.all(
    keys.map((key) =>
      createTask(stack, key, {
        phone_number: '+14155550103',
        retry: { max_attempts: 1, interval_minutes: 30 },
      }),
    ),
  );
  for (const [i, task] of tasks.entries()) {
    for (;;) {
      const response = await fetch(`${stack.apiUrl}/functions/v1/task/${task.id}`, {
        headers: { Authorization: `Bearer ${keys[i]}` },
      });
      const current = (await response.json()) as { status: string };
      if (current.status === 'retry_scheduled') break;
      await sleep(250);
    }
  }
  const open: Awaited<ReturnType<typeof openStream>>[] = [];
  for (let i = 0; i < streams; i++) {
    const k = Math.floor(i / perKey);
    open.push(await openStream(stack, keys[k]!, tasks[k]!.id));
  }
  const opened = open.filter((s) => s.status === 200).length;
  await sleep(1000);
  const withStreams = median(await readList());
  const idleTps = await transactionsPerSecond(stack.dbUrl, 15);
  for (const stream of open) stream.close();
  await Promise.all(open.map((s) => s.done));
  return { streams: opened, requests, baseline, withStreams, baselineTps, idleTps };
}

function argument(name: string, fallback: number) {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
}

async function main(config: StackConfig) {
  const urls = { apiUrl: config.apiUrl, dbUrl: config.dbUrl };
  const lag = await measureEventLag(urls, {
    calls: argument('calls', 10),
    mode: process.argv.includes('--test-mode') ? 'test' : 'live',
  });
  console.log(
    `Event lag, ${lag.calls} live calls (${lag.events} events written while streamed): p50 ${lag.p50.toFixed(1)} ms, p99 ${lag.p99.toFixed(1)} ms, max ${lag.max.toFixed(1)} ms; streams incomplete or with gaps: ${lag.incomplete}`,
  );
  console.log(
    `  write (created_at → NOTIFY at a listener) p50 ${lag.write.p50.toFixed(1)} / p99 ${lag.write.p99.toFixed(1)} ms; push (NOTIFY → client) p50 ${lag.push.p50.toFixed(1)} / p99 ${lag.push.p99.toFixed(1)} ms`,
  );
  console.log(
    `  p50 by type: ${Object.entries(lag.p50ByType)
      .map(([type, p50]) => `${type} ${p50.toFixed(0)} ms`)
      .join(', ')}`,
  );
  const delivery = await measureDeliveryLag(urls);
  console.log(
    `Delivery alone (commit → client, ${delivery.events} events recorded in SQL): p50 ${delivery.p50.toFixed(1)} ms, p99 ${delivery.p99.toFixed(1)} ms`,
  );
  if (process.argv.includes('--lag-only')) return;
  const idle = await measureIdleStreams(urls, { streams: argument('streams', 150) });
  console.log(
    `Another account's GET /task (median of ${idle.requests}): ${idle.baseline.toFixed(1)} ms alone, ${idle.withStreams.toFixed(1)} ms with ${idle.streams} idle open streams`,
  );
  console.log(
    `Database transactions per second: ${idle.baselineTps.toFixed(0)} without streams, ${idle.idleTps.toFixed(0)} with ${idle.streams} idle streams`,
  );
}

// Our own capacity, not the provider's default 10 lines: every call is live at once.
runAloneOnStack(import.meta.url, 'supabase/.local/bench-live-events', main, {
  STACK_VOICE_MAX_CONCURRENT_CALLS: '1000',
});
