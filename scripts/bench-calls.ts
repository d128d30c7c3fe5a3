/**
 * The call API's part of `npm run bench`: accept latency of POST /task under 20 concurrent
 * requests, time from create to the first `call.ringing` event, and how late SSE events reach a
 * client after they were written. Runs against a started local stack and its phone network.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { StackConfig } from '../supabase/local/config';

const CONCURRENCY = 20;
const ROUNDS = Number(process.env.BENCH_CALL_ROUNDS ?? 5);
const SEQUENTIAL_CALLS = Number(process.env.BENCH_CALLS ?? 10);

const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const ms = (x: number) => `${x.toFixed(1)} ms`;

/** Accounts ready to call (KYC, verified phone, key, credits), made directly in SQL. */
async function makeAccounts(config: StackConfig, count: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: config.dbUrl });
  await client.connect();
  try {
    const keys: string[] = [];
    for (let i = 0; i < count; i++) {
      const { rows } = await client.query<{ id: string }>(
        `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
           raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
         values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
           $1, '', now(), '{}', '{}', now(), now()) returning id`,
        [`bench-${Date.now()}-${i}@example.com`],
      );
      const id = rows[0]!.id;
      await client.query(
        `insert into public.user_kyc (user_id, business_type, legal_name, address, use_case, kyc_status, phone, phone_verified)
         values ($1, 'business', 'Bench LLC', '1 Main St', 'Benchmarks', 'complete', $2, true)`,
        // A verified number belongs to one account only.
        [id, `+1415${String(6_000_000 + Math.floor(Math.random() * 3_999_999))}`],
      );
      await client.query(`select public.record_credit_purchase($1, 25, $2, 'Bench')`, [
        id,
        `bench_${id}`,
      ]);
      const key = `dw_${[...crypto.getRandomValues(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
      await client.query('insert into public.api_keys (user_id, api_key) values ($1, $2)', [
        id,
        key,
      ]);
      keys.push(key);
    }
    return keys;
  } finally {
    await client.end();
  }
}

async function create(config: StackConfig, key: string, phone: string) {
  const started = performance.now();
  const response = await fetch(`${config.apiUrl}/functions/v1/task`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      phone_number: phone,
      goal: 'Confirm the delivery window.',
      retry: { max_attempts: 0 },
    }),
  });
  const task = (await response.json()) as { id: string };
  if (response.status !== 201)
    throw new Error(`POST /task answered ${response.status}: ${JSON.stringify(task)}`);
  return { task, started, accepted: performance.now() - started };
}

/** Reads a task's event stream to its end, noting when each event arrived. */
async function follow(config: StackConfig, key: string, taskId: string) {
  const response = await fetch(`${config.apiUrl}/functions/v1/task/${taskId}/events`, {
    headers: { Authorization: `Bearer ${key}` },
  });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const arrivals: { type: string; createdAt: number; receivedAt: number; at: number }[] = [];
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const data = buffer
        .slice(0, end)
        .split('\n')
        .find((line) => line.startsWith('data: '));
      buffer = buffer.slice(end + 2);
      if (!data) continue;
      const event = JSON.parse(data.slice(6)) as { type: string; created_at: string };
      arrivals.push({
        type: event.type,
        createdAt: Date.parse(event.created_at),
        receivedAt: Date.now(),
        at: performance.now(),
      });
    }
  }
  return arrivals;
}

export async function benchCalls(config: StackConfig) {
  const keys = await makeAccounts(config, CONCURRENCY);
  // Warm the function (module load, connections) before measuring.
  await create(config, keys[0]!, '+14155550102');

  const accept: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // 555-0102 is busy: each call ends within a second, so no account reaches its 10 active calls.
    const results = await Promise.all(keys.map((key) => create(config, key, '+14155550102')));
    accept.push(...results.map((r) => r.accepted));
    await new Promise((r) => setTimeout(r, 1500));
  }

  const toRinging: number[] = [];
  const lag: number[] = [];
  for (let i = 0; i < SEQUENTIAL_CALLS; i++) {
    const key = keys[i % keys.length]!;
    const { task, started } = await create(config, key, '+14155550100');
    const arrivals = await follow(config, key, task.id);
    const ringing = arrivals.find((a) => a.type === 'call.ringing');
    if (!ringing) throw new Error(`task ${task.id} never rang`);
    toRinging.push(ringing.at - started);
    // Events written after the stream was open (replayed ones would only measure our own delay).
    for (const a of arrivals.filter((a) => a.type === 'transcript.turn'))
      lag.push(a.receivedAt - a.createdAt);
  }

  console.log(`\nCall API (${CONCURRENCY} accounts, local phone network)`);
  console.log(
    `  POST /task accept, ${CONCURRENCY} concurrent × ${ROUNDS} rounds: p50 ${ms(percentile(accept, 0.5))}, p99 ${ms(percentile(accept, 0.99))}`,
  );
  console.log(
    `  create → first call.ringing event, ${SEQUENTIAL_CALLS} calls: p50 ${ms(percentile(toRinging, 0.5))}, max ${ms(Math.max(...toRinging))}`,
  );
  console.log(
    `  SSE delivery lag of transcript turns (${lag.length} events): p50 ${ms(percentile(lag, 0.5))}, p99 ${ms(percentile(lag, 0.99))}`,
  );
}
