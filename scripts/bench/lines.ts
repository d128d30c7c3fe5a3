/**
 * The provider lines part of `npm run bench`: with the platform capped at 10 lines (Vapi's default),
 * one account's 1,000-call batch takes every line; another account then places single calls one
 * after another, and the run measures how long each waits from POST /task until it is dialled
 * (its first attempt opened), with the batch's rows still waiting behind it. Also prints the peak
 * of live calls on our side and on the simulated network (never above 10) and how many batch
 * rows were still waiting when the last single call was dialled.
 * Alone: `npx tsx scripts/bench/lines.ts [--singles 10] [--rows 1000]` (own stack on the benchmark's ports).
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { stackPortEnv, startStack, type StackConfig } from '@dialwise/local-stack';
import { dialwiseStack } from '../stack/dialwise';
import { makeBenchAccounts } from './accounts';
import { ms, percentile } from './figures';
import { runWhenCalledDirectly } from './run-alone';

const LINES = 10;
const AREA_CODES = [201, 202, 203, 205, 206, 207, 208, 209, 210, 212, 213, 214, 215, 216, 217];

export type LinesFigures = {
  lines: number;
  batchRows: number;
  waitsMs: number[];
  peakOurs: number;
  peakNetwork: number;
  batchWaitingAtEnd: number;
};

export async function runLines(
  config: StackConfig,
  options: { batchRows: number; singles: number },
): Promise<LinesFigures> {
  const [batchKey, singleKey] = await makeBenchAccounts(config.dbUrl, 2);
  const db = new pg.Client({ connectionString: config.dbUrl });
  await db.connect();
  const voiceUrl = `http://127.0.0.1:${config.voicePort}`;
  let peakOurs = 0;
  let peakNetwork = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const [{ rows }, calls] = await Promise.all([
        db.query<{ n: string }>(
          `select count(*) as n from public.tasks
            where status in ('queued', 'ringing', 'in_progress') and not awaiting_slot`,
        ),
        fetch(`${voiceUrl}/call?limit=1000`, {
          headers: { authorization: 'Bearer vapi_dialwise_local' },
        }).then((r) => r.json() as Promise<{ status: string }[]>),
      ]);
      peakOurs = Math.max(peakOurs, Number(rows[0]!.n));
      peakNetwork = Math.max(peakNetwork, calls.filter((c) => c.status !== 'ended').length);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const post = async (key: string, path: string, body: unknown) => {
    const response = await fetch(`${config.apiUrl}/functions/v1/task${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as { id: string };
    if (response.status !== 201)
      throw new Error(`POST /task${path} answered ${response.status}: ${JSON.stringify(json)}`);
    return json.id;
  };
  try {
    // A thousand different people who answer (an account calls each number once at a time).
    const batchId = await post(batchKey!, '/batches', {
      defaults: {
        goal: 'Remind the parent of the school trip tomorrow.',
        max_duration_minutes: 2,
        retry: { max_attempts: 0 },
      },
      tasks: Array.from({ length: options.batchRows }, (_, i) => ({
        phone_number: `+1212${2_000_000 + i}`,
      })),
    });
    for (const deadline = Date.now() + 60_000; ;) {
      const { rows } = await db.query<{ n: string }>(
        `select count(*) as n from public.tasks
          where status in ('queued', 'ringing', 'in_progress') and not awaiting_slot`,
      );
      if (Number(rows[0]!.n) >= LINES) break;
      if (Date.now() > deadline) throw new Error('The batch never took every line');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const waitsMs: number[] = [];
    let batchWaitingAtEnd = 0;
    for (let i = 0; i < options.singles; i++) {
      const started = performance.now();
      const id = await post(singleKey!, '', {
        phone_number: `+1${AREA_CODES[i % AREA_CODES.length]}5550100`,
        goal: 'Confirm the appointment tomorrow at 3 pm.',
        max_duration_minutes: 2,
      });
      for (const deadline = Date.now() + 120_000; ;) {
        const { rows } = await db.query<{ dialled: boolean; waiting: string }>(
          `select t.current_attempt > 0 as dialled,
                  (select count(*) from public.tasks w
                    where w.batch_id = $2 and w.status = 'queued' and w.awaiting_slot) as waiting
             from public.tasks t where t.id = $1`,
          [id, batchId],
        );
        if (rows[0]!.dialled) {
          waitsMs.push(performance.now() - started);
          batchWaitingAtEnd = Number(rows[0]!.waiting);
          break;
        }
        if (Date.now() > deadline) throw new Error(`Single call ${id} was never dialled`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
    await post(batchKey!, `/batches/${batchId}/cancel`, {}).catch(() => undefined);
    return {
      lines: LINES,
      batchRows: options.batchRows,
      waitsMs,
      peakOurs,
      peakNetwork,
      batchWaitingAtEnd,
    };
  } finally {
    sampling = false;
    await sampler;
    await db.end();
  }
}

export function printLines(figures: LinesFigures) {
  const { waitsMs } = figures;
  console.log(
    `\nProvider lines: ${figures.lines} for the platform; one account's ${figures.batchRows}-call batch holds them all`,
  );
  console.log(
    `  another account's single call, POST → dialled (${waitsMs.length} in turn): p50 ${ms(percentile(waitsMs, 0.5))}, max ${ms(Math.max(...waitsMs))}`,
  );
  console.log(`  each: ${waitsMs.map((w) => (w / 1000).toFixed(2)).join(', ')} s`);
  console.log(
    `  batch rows still waiting when the last single call was dialled: ${figures.batchWaitingAtEnd}`,
  );
  console.log(
    `  peak live calls: ${figures.peakOurs} holding a line (database), ${figures.peakNetwork} on the simulated network`,
  );
  if (figures.peakOurs > figures.lines || figures.peakNetwork > figures.lines)
    throw new Error(`More than ${figures.lines} calls were live at once`);
}

/** On a stack of its own with the default 10 lines (the main bench runs with more). */
export async function benchLines(options = { batchRows: 1000, singles: 10 }) {
  const saved = { ...process.env };
  Object.assign(process.env, {
    STACK_DATA_DIR: 'supabase/.local/bench-lines',
    STACK_FRESH: '1',
    STACK_VOICE_MAX_CONCURRENT_CALLS: String(LINES),
  });
  const stack = await startStack({ ...dialwiseStack(), log: () => {} });
  try {
    printLines(await runLines(stack.config, options));
  } finally {
    await stack.stop();
    process.env = saved;
  }
}

async function main() {
  Object.assign(process.env, {
    ...stackPortEnv('bench'),
    STACK_CALLING_CLOCK: '12:00 America/Los_Angeles',
  });
  const argument = (name: string, fallback: number) => {
    const at = process.argv.indexOf(`--${name}`);
    return at >= 0 ? Number(process.argv[at + 1]) : fallback;
  };
  await benchLines({ batchRows: argument('rows', 1000), singles: argument('singles', 10) });
}

runWhenCalledDirectly(import.meta.url, main);
