/**
 * The batch part of `npm run bench`: one account sends BENCH_BATCH_ROWS calls (default 1,000) in
 * one POST /task/batches on the local phone network, and the run follows the batch to its end.
 * Prints the accept latency, the time to completion, the peak of the account's live calls
 * (sampled from the database every 100 ms: tasks holding a call slot, and calls open with the
 * provider), and an audit of the books: every task ended, every attempt settled once, nothing
 * left on hold, credits spent equal to the tasks' costs. Fails only when the books do not add up
 * or more than 10 calls were live at once.
 * Alone: `npx tsx scripts/bench/batch.ts [--rows 1000]` (own stack on the benchmark's ports).
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { type StackConfig } from '@dialwise/local-stack';
import { makeBenchAccounts } from './accounts';
import { ms } from './figures';
import { benchPhoneNumber } from './batch-body';
import { runAloneOnStack } from './run-alone';

const MAX_LIVE = 10;
const SAMPLE_MS = 100;

export type BatchFigures = {
  rows: number;
  acceptMs: number;
  completionSeconds: number;
  peakSlots: number;
  peakDialled: number;
  /** From a call's end to the admission of the next waiting task into its slot (p50, p95). */
  refillMs: { p50: number; p95: number };
  notEnded: number;
  unsettledAttempts: number;
  heldAfter: number;
  spentCents: number;
  costCents: number;
  counts: Record<string, number>;
};

export async function runBatch(config: StackConfig, rows: number): Promise<BatchFigures> {
  const [key] = await makeBenchAccounts(config.dbUrl, 1);
  const db = new pg.Client({ connectionString: config.dbUrl });
  await db.connect();
  try {
    const { rows: owners } = await db.query<{ user_id: string; credits: string }>(
      `select k.user_id, p.credits from public.api_keys k join public.profiles p on p.id = k.user_id
        where k.key_hash = private.api_key_hash($1)`,
      [key],
    );
    const userId = owners[0]!.user_id;
    const creditsBefore = Number(owners[0]!.credits);
    // Conversations and a decline: every call talks, so every settlement moves money. A batch
    // calls each number once.
    const tasks = Array.from({ length: rows }, (_, i) => ({
      phone_number: i === 3 ? '+14155550101' : benchPhoneNumber(i),
      metadata: { row: i },
    }));
    const started = performance.now();
    const response = await fetch(`${config.apiUrl}/functions/v1/task/batches`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        defaults: {
          goal: 'Tell the parent their child was absent today and ask whether they knew.',
          max_duration_minutes: 2,
          retry: { max_attempts: 0 },
        },
        tasks,
      }),
    });
    const acceptMs = performance.now() - started;
    const batch = (await response.json()) as { id: string };
    if (response.status !== 201)
      throw new Error(`POST /task/batches answered ${response.status}: ${JSON.stringify(batch)}`);

    let peakSlots = 0;
    let peakDialled = 0;
    let completed = false;
    const deadline = Date.now() + 60 * 60_000;
    while (!completed) {
      const { rows: sample } = await db.query<{
        slots: number;
        dialled: number;
        done: boolean;
      }>(
        `select
           (select count(*)::int from public.tasks
             where user_id = $1 and status in ('queued', 'ringing', 'in_progress') and not awaiting_slot) as slots,
           (select count(*)::int from public.task_attempts a join public.tasks t on t.id = a.task_id
             where t.user_id = $1 and a.ended_at is null) as dialled,
           (select completed_at is not null from public.batches where id = $2) as done`,
        [userId, batch.id],
      );
      peakSlots = Math.max(peakSlots, sample[0]!.slots);
      peakDialled = Math.max(peakDialled, sample[0]!.dialled);
      completed = sample[0]!.done;
      if (Date.now() > deadline) throw new Error(`batch ${batch.id} did not complete in an hour`);
      if (!completed) await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    }
    const completionSeconds = (performance.now() - started) / 1000;

    // Settlements may trail the last task's end by a message or two: wait for the holds.
    let held = 1;
    for (let i = 0; i < 300 && held !== 0; i++) {
      const { rows: money } = await db.query<{ held: string; reserved: number }>(
        'select credits_held as held, free_minutes_reserved as reserved from public.profiles where id = $1',
        [userId],
      );
      held = Number(money[0]!.held) + money[0]!.reserved;
      if (held !== 0) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const { rows: audit } = await db.query<{
      not_ended: number;
      unsettled: number;
      cost_cents: number;
      credits: string;
    }>(
      `select
         (select count(*)::int from public.tasks where batch_id = $1
           and status not in ('success', 'no_answer', 'busy', 'voicemail', 'failed', 'canceled')) as not_ended,
         (select count(*)::int from public.task_attempts a join public.tasks t on t.id = a.task_id
           where t.batch_id = $1 and a.settled_at is null) as unsettled,
         (select coalesce(sum(cost_cents), 0)::int from public.tasks where batch_id = $1) as cost_cents,
         (select credits from public.profiles where id = $2) as credits`,
      [batch.id, userId],
    );
    // The k-th call to end frees the slot the (k + 10)-th admission takes: the time between them
    // is how promptly a freed slot is refilled (database clock on both sides).
    const { rows: refill } = await db.query<{ p50: number; p95: number }>(
      `with ended as (
         select row_number() over (order by e.created_at) as i, e.created_at as at
           from public.task_events e join public.tasks t on t.id = e.task_id
          where t.batch_id = $1 and e.type = 'task.completed'
       ), admitted as (
         select row_number() over (order by slot_claimed_at) as i, slot_claimed_at as at
           from public.tasks where batch_id = $1 and slot_claimed_at is not null
       )
       select percentile_cont(0.5) within group (order by extract(epoch from a.at - e.at) * 1000) as p50,
              percentile_cont(0.95) within group (order by extract(epoch from a.at - e.at) * 1000) as p95
         from ended e join admitted a on a.i = e.i + ${MAX_LIVE}`,
      [batch.id],
    );
    const counts = (
      (await (
        await fetch(`${config.apiUrl}/functions/v1/task/batches/${batch.id}`, {
          headers: { Authorization: `Bearer ${key}` },
        })
      ).json()) as { counts: Record<string, number> }
    ).counts;
    return {
      rows,
      acceptMs,
      completionSeconds,
      peakSlots,
      peakDialled,
      refillMs: { p50: Number(refill[0]?.p50 ?? NaN), p95: Number(refill[0]?.p95 ?? NaN) },
      notEnded: audit[0]!.not_ended,
      unsettledAttempts: audit[0]!.unsettled,
      heldAfter: held,
      spentCents: Math.round((creditsBefore - Number(audit[0]!.credits)) * 100),
      costCents: audit[0]!.cost_cents,
      counts,
    };
  } finally {
    await db.end();
  }
}

export function printBatch(figures: BatchFigures) {
  console.log(`\nBatch: ${figures.rows} calls from one POST /task/batches, one account`);
  console.log(`  accepted (validated, recorded, first 10 admitted): ${ms(figures.acceptMs)}`);
  console.log(
    `  completed in ${figures.completionSeconds.toFixed(1)} s (${((figures.rows / figures.completionSeconds) * 60).toFixed(0)} calls a minute)`,
  );
  console.log(
    `  peak live calls of the account (sampled every ${SAMPLE_MS} ms): ${figures.peakSlots} holding a slot, ${figures.peakDialled} open with the provider (limit ${MAX_LIVE})`,
  );
  console.log(
    `  a freed slot refilled (call ended → next waiting task admitted): p50 ${ms(figures.refillMs.p50)}, p95 ${ms(figures.refillMs.p95)}`,
  );
  console.log(
    `  counts: ${Object.entries(figures.counts)
      .map(([key, value]) => `${key} ${value}`)
      .join(', ')}`,
  );
  console.log(
    `  books: ${figures.notEnded} not ended, ${figures.unsettledAttempts} attempts unsettled, ${figures.heldAfter} left on hold; spent ${figures.spentCents} cents = tasks' costs ${figures.costCents} cents`,
  );
  const wrong =
    figures.notEnded !== 0 ||
    figures.unsettledAttempts !== 0 ||
    figures.heldAfter !== 0 ||
    figures.spentCents !== figures.costCents ||
    figures.peakSlots > MAX_LIVE ||
    figures.peakDialled > MAX_LIVE;
  if (wrong) throw new Error('The batch run broke a rule: see the figures above');
}

export async function benchBatch(config: StackConfig) {
  printBatch(await runBatch(config, Number(process.env.BENCH_BATCH_ROWS ?? 1000)));
}

runAloneOnStack(import.meta.url, 'supabase/.local/bench-batch', async (config) => {
  const at = process.argv.indexOf('--rows');
  const rows =
    at >= 0 ? Number(process.argv[at + 1]) : Number(process.env.BENCH_BATCH_ROWS ?? 1000);
  printBatch(await runBatch(config, rows));
});
