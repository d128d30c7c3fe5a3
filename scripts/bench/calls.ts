/**
 * The call API's part of `npm run bench`: accept latency of POST /task under 20 concurrent
 * requests, time from create to the first `call.ringing` event, and how late SSE events reach a
 * client after they were written. Runs against a started local stack and its phone network.
 *
 * Run alone, it starts a stack on the benchmark's ports (moved by DIALWISE_PORT_OFFSET), prints
 * these figures and the CPU each process spent on them (process-cpu.ts):
 *
 *   DIALWISE_PORT_OFFSET=400 npx tsx scripts/bench/calls.ts
 */
import { performance } from 'node:perf_hooks';
import { type StackConfig } from '@dialwise/local-stack';
import { makeBenchAccounts } from './accounts';
import { ms, percentile } from './figures';
import { cpuSince, processCpu } from './process-cpu';
import { postJson } from './post-json';
import { readSseEvents } from './sse';
import { runAloneOnStack } from './run-alone';

const CONCURRENCY = 20;
/** Bursts of accepts measured: 20 × 20 = 400 samples, so the p99 is not the single slowest. */
const ACCEPT_ROUNDS = Number(process.env.BENCH_ACCEPT_ROUNDS ?? 20);
const ROUNDS = Number(process.env.BENCH_CALL_ROUNDS ?? 5);
const LIVE_CALLS = Number(process.env.BENCH_CALLS ?? 10);

async function create(config: StackConfig, key: string, phone: string) {
  const started = performance.now();
  const response = await postJson(
    `${config.apiUrl}/functions/v1/task`,
    { Authorization: `Bearer ${key}` },
    { phone_number: phone, goal: 'Confirm the delivery window.', retry: { max_attempts: 0 } },
  );
  const accepted = performance.now() - started;
  const task = response.json as { id: string };
  if (response.status !== 201)
    throw new Error(`POST /task answered ${response.status}: ${JSON.stringify(task)}`);
  return { task, started, accepted };
}

/** Reads a task's event stream to its end, noting when each event arrived. */
async function follow(config: StackConfig, key: string, taskId: string) {
  const response = await fetch(`${config.apiUrl}/functions/v1/task/${taskId}/events`, {
    headers: { Authorization: `Bearer ${key}` },
  });
  const arrivals: { type: string; createdAt: number; receivedAt: number; at: number }[] = [];
  await readSseEvents(response.body!, (event) =>
    arrivals.push({
      type: event.type,
      createdAt: Date.parse(event.created_at),
      receivedAt: Date.now(),
      at: performance.now(),
    }),
  );
  return arrivals;
}

export async function benchCalls(config: StackConfig) {
  const keys = await makeBenchAccounts(config.dbUrl, CONCURRENCY);
  // Warm up at the measured concurrency before measuring: module load, the function's database
  // pool and every keep-alive socket between client, gateway and function are opened once, and
  // the accept and placement paths have run often enough to be compiled, as on a running service.
  for (let round = 0; round < 2; round++) {
    await Promise.all(keys.map((key) => create(config, key, '+14155550102')));
    await new Promise((r) => setTimeout(r, 1500));
  }

  const acceptCpu = processCpu();
  const accept: number[] = [];
  for (let round = 0; round < ACCEPT_ROUNDS; round++) {
    // 555-0102 is busy: each call ends within a second, so no account reaches its 10 active calls.
    const results = await Promise.all(keys.map((key) => create(config, key, '+14155550102')));
    accept.push(...results.map((r) => r.accepted));
    await new Promise((r) => setTimeout(r, 1500));
  }

  const acceptCpuMs = cpuSince(acceptCpu);
  const liveCpu = processCpu();
  // Ten calls live at once, each followed on its own stream.
  const toRinging: number[] = [];
  const lag: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    await Promise.all(
      Array.from({ length: LIVE_CALLS }, async (_, i) => {
        const key = keys[i % keys.length]!;
        const { task, started } = await create(config, key, '+14155550100');
        const arrivals = await follow(config, key, task.id);
        const ringing = arrivals.find((a) => a.type === 'call.ringing');
        if (!ringing) throw new Error(`task ${task.id} never rang`);
        toRinging.push(ringing.at - started);
        for (const a of arrivals.filter((a) => a.type === 'transcript.turn'))
          lag.push(a.receivedAt - a.createdAt);
      }),
    );
  }

  const liveCpuMs = cpuSince(liveCpu);
  console.log(`\nCall API (${CONCURRENCY} accounts, local phone network)`);
  console.log(
    `  POST /task accept, ${CONCURRENCY} concurrent × ${ACCEPT_ROUNDS} rounds: p50 ${ms(percentile(accept, 0.5))}, p99 ${ms(percentile(accept, 0.99))}`,
  );
  console.log(
    `  create → first call.ringing event, ${LIVE_CALLS} live × ${ROUNDS} rounds: p50 ${ms(percentile(toRinging, 0.5))}, p99 ${ms(percentile(toRinging, 0.99))}`,
  );
  console.log(
    `  SSE delivery lag of transcript turns, ${LIVE_CALLS} calls live (${lag.length} events): p50 ${ms(percentile(lag, 0.5))}, p99 ${ms(percentile(lag, 0.99))}`,
  );
  return {
    accept,
    toRinging,
    lag,
    /** CPU ms per process while accepting (includes the placements that ran meanwhile). */
    acceptCpuMs,
    liveCpuMs,
  };
}

runAloneOnStack(
  import.meta.url,
  'supabase/.local/bench-calls',
  async (config) => {
    const figures = await benchCalls(config);
    const perRequest = (cpu: Record<string, number>, n: number) =>
      Object.entries(cpu)
        .map(([name, total]) => `${name} ${(total / n).toFixed(1)}`)
        .join(', ');
    console.log(
      `  CPU ms per accepted task (placement included): ${perRequest(figures.acceptCpuMs, figures.accept.length)}`,
    );
    console.log(
      `  CPU ms per live call (create to end, streamed): ${perRequest(figures.liveCpuMs, figures.toRinging.length)}`,
    );
  },
  { STACK_FRESH: process.env.STACK_FRESH ?? '1' },
);
