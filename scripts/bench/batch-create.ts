/**
 * The cost of creating one 1,000-row batch (part of `npm run bench`): the CPU each piece of the
 * stack spends on one POST /task/batches (the edge functions' Deno, PostgreSQL, PostgREST, read
 * from /proc), and the bytes the batch stores (its tasks, their first events and the batch row).
 * Each batch is sent by an account of its own with rows scheduled days ahead, so nothing is
 * placed and the figures are the create's alone; the median of BENCH_CREATE_ROUNDS (default 5) is
 * printed. Hosted allows a function 2 s of CPU per request; the target is well inside, < 0.5 s.
 * Alone: `npx tsx scripts/bench/batch-create.ts` (own stack on the benchmark's ports).
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { loadConfig, type StackConfig } from '../../supabase/local/config';
import { stackPortEnv } from '../../supabase/local/ports';
import { startStack } from '../../supabase/local/stack';
import { makeBenchAccounts } from './accounts';
import { ms, percentile } from './figures';
import { cpuSince, processCpu } from './process-cpu';
import { runWhenCalledDirectly } from './run-alone';

const ROWS = 1000;

/** What a school's absence round sends: long shared defaults, a name and a number per row. */
export function absenceBatch(rows: number, scheduleAt: string) {
  return {
    defaults: {
      goal: `Tell the parent that their child was absent from school today, ask whether they knew, and ask for the reason of the absence. ${'Be kind and brief; if the parent is upset, offer the school office number and end the call politely. '.repeat(3)}`,
      context: {
        school: 'Lincoln Elementary',
        office_phone: '+14155550123',
        policy: 'Absences must be explained within two school days.',
      },
      metadata: { campaign: 'absences', term: '2026-autumn' },
      first_sentence: 'Hello, this is the attendance office of Lincoln Elementary calling.',
      voicemail: {
        action: 'leave_message',
        message: 'Please call the Lincoln Elementary attendance office back about today.',
      },
      max_duration_minutes: 1,
      retry: { max_attempts: 1, interval_minutes: 60 },
      webhook_url: 'https://hooks.example.com/dialwise/absences',
      schedule_at: scheduleAt,
      output_schema: {
        type: 'object',
        properties: {
          knew_of_absence: { type: 'boolean', description: 'Whether the parent knew.' },
          reason: {
            type: 'string',
            enum: ['illness', 'appointment', 'family', 'unknown', 'other'],
            description: 'The reason the parent gave.',
          },
          note: { type: 'string', description: 'Anything else worth noting, in one sentence.' },
        },
        required: ['knew_of_absence', 'reason'],
      },
    },
    tasks: Array.from({ length: rows }, (_, i) => ({
      phone_number: `+1415${String(2_000_000 + i * 7919).padStart(7, '0')}`,
      context: { student: `Student ${i}` },
      metadata: { row: i },
    })),
  };
}

export type BatchCreateFigures = {
  rounds: number;
  acceptMs: number;
  cpuMs: Record<string, number>;
  idleCpuMs: Record<string, number>;
  bytes: { tasks: number; events: number; batch: number; relations: number };
};

const median = (xs: number[]) => percentile(xs, 0.5);

export async function runBatchCreate(
  config: StackConfig,
  rounds: number,
): Promise<BatchCreateFigures> {
  const keys = await makeBenchAccounts(config.dbUrl, rounds);
  const db = new pg.Client({ connectionString: config.dbUrl });
  await db.connect();
  const sizeOfRelations = async () =>
    Number(
      (
        await db.query<{ bytes: string }>(
          `select sum(pg_total_relation_size(c))::bigint as bytes
             from unnest(array['public.tasks', 'public.task_events', 'public.batches']::regclass[]) c`,
        )
      ).rows[0]!.bytes,
    );
  try {
    const scheduleAt = new Date(Date.now() + 5 * 24 * 3600_000).toISOString();
    const latencies: number[] = [];
    const cpu: Record<string, number[]> = {};
    const idle: Record<string, number[]> = {};
    const relationGrowth: number[] = [];
    let lastBatch = '';
    for (const key of keys) {
      const body = JSON.stringify(absenceBatch(ROWS, scheduleAt));
      // What the stack spends doing nothing for as long as the create took, to tell noise apart.
      const relationsBefore = await sizeOfRelations();
      const before = processCpu();
      const started = performance.now();
      const response = await fetch(`${config.apiUrl}/functions/v1/task/batches`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body,
      });
      const answer = (await response.json()) as { id: string };
      const took = performance.now() - started;
      const spent = cpuSince(before);
      if (response.status !== 201)
        throw new Error(
          `POST /task/batches answered ${response.status}: ${JSON.stringify(answer).slice(0, 600)}`,
        );
      relationGrowth.push((await sizeOfRelations()) - relationsBefore);
      latencies.push(took);
      for (const [name, value] of Object.entries(spent)) (cpu[name] ??= []).push(value);
      const idleBefore = processCpu();
      await new Promise((resolve) => setTimeout(resolve, took));
      for (const [name, value] of Object.entries(cpuSince(idleBefore)))
        (idle[name] ??= []).push(value);
      lastBatch = answer.id;
    }
    const { rows } = await db.query<{ tasks: string; events: string; batch: string }>(
      `select
         (select sum(pg_column_size(t.*)) from public.tasks t where t.batch_id = $1) as tasks,
         (select sum(pg_column_size(e.*)) from public.task_events e
            join public.tasks t on t.id = e.task_id where t.batch_id = $1) as events,
         (select sum(pg_column_size(b.*)) from public.batches b where b.id = $1) as batch`,
      [lastBatch],
    );
    return {
      rounds,
      acceptMs: median(latencies),
      cpuMs: Object.fromEntries(Object.entries(cpu).map(([name, xs]) => [name, median(xs)])),
      idleCpuMs: Object.fromEntries(Object.entries(idle).map(([name, xs]) => [name, median(xs)])),
      bytes: {
        tasks: Number(rows[0]!.tasks),
        events: Number(rows[0]!.events),
        batch: Number(rows[0]!.batch),
        relations: median(relationGrowth),
      },
    };
  } finally {
    await db.end();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function printBatchCreate(figures: BatchCreateFigures) {
  console.log(`\nCreating a ${ROWS}-row batch (median of ${figures.rounds}, rows scheduled ahead)`);
  console.log(`  accepted in ${ms(figures.acceptMs)}`);
  const names = Object.keys(figures.cpuMs).filter((name) => name !== 'node');
  for (const name of names)
    console.log(
      `  CPU of ${name}: ${ms(figures.cpuMs[name]!)} (the same time idle: ${ms(figures.idleCpuMs[name] ?? 0)})`,
    );
  console.log(
    `  stored: tasks ${kb(figures.bytes.tasks)}, their events ${kb(figures.bytes.events)}, batch ${kb(figures.bytes.batch)} (rows, pg_column_size); tables with indexes and TOAST grew ${kb(figures.bytes.relations)}`,
  );
}

export async function benchBatchCreate(config: StackConfig) {
  printBatchCreate(await runBatchCreate(config, Number(process.env.BENCH_CREATE_ROUNDS ?? 5)));
}

async function main() {
  Object.assign(process.env, {
    ...stackPortEnv('bench'),
    STACK_DATA_DIR: 'supabase/.local/bench-batch-create',
    STACK_FRESH: '1',
  });
  const stack = await startStack(loadConfig(), () => {});
  try {
    await benchBatchCreate(stack.config);
  } finally {
    await stack.stop();
  }
}

runWhenCalledDirectly(import.meta.url, main);
