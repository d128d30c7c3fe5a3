/**
 * The cost of creating one 1,000-row batch (part of `npm run bench`): the CPU each piece of the
 * stack spends on one POST /task/batches (the edge functions' Deno, PostgreSQL, PostgREST, read
 * from /proc), and the bytes the batch stores (its tasks, their first events and the batch row).
 * Each batch is sent by an account of its own with rows scheduled days ahead, so nothing is
 * placed and the figures are the create's alone; the median of BENCH_CREATE_ROUNDS (default 5) is
 * printed. Hosted allows a function 2 s of CPU per request; the target is well inside, < 0.5 s.
 * Alone: `npx tsx scripts/bench/batch-create.ts` (own stack on the benchmark's ports).
 */
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { DENO_ENV, DENO_NPM_FLAGS, denoBinary, type StackConfig } from '@dialwise/local-stack';
import { makeBenchAccounts } from './accounts';
import { ms, percentile } from './figures';
import { cpuSince, processCpu } from './process-cpu';
import { runAloneOnStack } from './run-alone';
import { absenceBatch } from './batch-body';

const ROWS = 1000;

/** The functions' own CPU for one batch (scripts/bench/batch-prepare-cpu.ts, run by Deno). */
export function functionCpu(): { cold: number; warmMedian: number; warmBest: number } {
  const run = spawnSync(
    denoBinary(),
    [
      'run',
      '--allow-env',
      '--allow-read',
      '--no-check',
      ...DENO_NPM_FLAGS,
      'scripts/bench/batch-prepare-cpu.ts',
    ],
    { encoding: 'utf8', env: { ...process.env, ...DENO_ENV } },
  );
  if (run.status !== 0) throw new Error(`batch-prepare-cpu.ts failed: ${run.stderr}`);
  return JSON.parse(run.stdout.trim().split('\n').pop()!) as ReturnType<typeof functionCpu>;
}

export type BatchCreateFigures = {
  function: ReturnType<typeof functionCpu>;
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
      function: functionCpu(),
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
  console.log(
    `  CPU of the function's own code (parse, check every row, write the SQL call; Deno alone): cold ${ms(figures.function.cold)}, warm median ${ms(figures.function.warmMedian)}, best ${ms(figures.function.warmBest)} (hosted allows 2,000 ms)`,
  );
  // On a shared machine these include whatever else the processes did meanwhile.
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

runAloneOnStack(import.meta.url, 'supabase/.local/bench-batch-create', benchBatchCreate);
