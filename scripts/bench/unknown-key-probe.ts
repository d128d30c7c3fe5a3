/**
 * `npx tsx scripts/bench/unknown-key-probe.ts`: what a made-up API key costs the call API. Starts
 * its own stack (the benchmark's ports, moved by DIALWISE_PORT_OFFSET), then sends 1,000 creates
 * with a key of the right shape that does not exist, each with a distinct output_schema (an $id,
 * 40 patterns) and a webhook host of its own, one after the other. Prints the functions' resident
 * memory (the Deno processes of the stack, from /proc) before and after, and the latency of the
 * 401s. The goal: memory within 50 MB of the start, every 401 under 50 ms. Linux only.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../../supabase/local/config';
import { stackPortEnv } from '../../supabase/local/ports';
import { startStack } from '../../supabase/local/stack';
import { cpuSince, processCpu } from './process-cpu';

const REQUESTS = Number(process.env.PROBE_REQUESTS ?? 1000);
const MADE_UP_KEY = `dw_${'7'.repeat(64)}`;

Object.assign(process.env, {
  ...stackPortEnv('bench'),
  STACK_DATA_DIR: 'supabase/.local/bench-probe',
  STACK_FRESH: '1',
});

function read(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** Every process this one started, at any depth. */
function descendants(pid: number): number[] {
  const out: number[] = [];
  const stack = [pid];
  while (stack.length) {
    const parent = stack.pop()!;
    let tasks: string[] = [];
    try {
      tasks = readdirSync(`/proc/${parent}/task`);
    } catch {
      continue;
    }
    for (const task of tasks) {
      const list = read(`/proc/${parent}/task/${task}/children`)?.trim();
      if (!list) continue;
      for (const child of list.split(/\s+/).map(Number)) {
        out.push(child);
        stack.push(child);
      }
    }
  }
  return out;
}

/** Resident memory of the stack's Deno processes (the edge functions), in MB. */
function functionsRssMb(): number {
  let kb = 0;
  for (const pid of descendants(process.pid)) {
    const status = read(`/proc/${pid}/status`);
    if (!status || !/^Name:\s+deno\b/m.test(status)) continue;
    kb += Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
  }
  return kb / 1024;
}

function schemaFor(i: number) {
  return {
    $id: `https://probe.example/schemas/${i}`,
    type: 'object',
    properties: Object.fromEntries(
      Array.from({ length: 40 }, (_, j) => [
        `field_${i}_${j}`,
        { type: 'string', pattern: `^${i}-${j}` },
      ]),
    ),
  };
}

const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

async function main() {
  const stack = await startStack(loadConfig(), () => {});
  const taskUrl = `${stack.config.apiUrl}/functions/v1/task`;
  try {
    // Warm the function up (its first request loads the code) before the baseline is taken.
    for (let i = 0; i < 20; i++)
      await (await fetch(taskUrl, { headers: { Authorization: `Bearer ${MADE_UP_KEY}` } })).text();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const before = functionsRssMb();
    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    let peak = before;
    // CPU varies far less than latency on a shared machine: what each 401 cost each process.
    const cpuBefore = processCpu();
    for (let i = 0; i < REQUESTS; i++) {
      const body = JSON.stringify({
        phone_number: '+14155550100',
        goal: 'Confirm the appointment.',
        webhook_url: `https://hook-${i}.probe.example/events`,
        output_schema: schemaFor(i),
      });
      const started = performance.now();
      const response = await fetch(taskUrl, {
        method: 'POST',
        headers: { Authorization: `Bearer ${MADE_UP_KEY}`, 'Content-Type': 'application/json' },
        body,
      });
      await response.text();
      latencies.push(performance.now() - started);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (i % 100 === 99) peak = Math.max(peak, functionsRssMb());
    }
    const cpu = cpuSince(cpuBefore);
    const after = functionsRssMb();
    // The floor on this machine: the same key on a request without a body (GET /task).
    const floor: number[] = [];
    for (let i = 0; i < 200; i++) {
      const started = performance.now();
      await (await fetch(taskUrl, { headers: { Authorization: `Bearer ${MADE_UP_KEY}` } })).text();
      floor.push(performance.now() - started);
    }
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const settled = functionsRssMb();
    const over50 = latencies.filter((ms) => ms >= 50).length;
    console.log(`requests:            ${REQUESTS} (statuses ${JSON.stringify([...statuses])})`);
    console.log(`functions RSS start: ${before.toFixed(1)} MB`);
    console.log(`functions RSS peak:  ${peak.toFixed(1)} MB`);
    console.log(
      `functions RSS end:   ${after.toFixed(1)} MB (+${(after - before).toFixed(1)} MB), 3 s later ${settled.toFixed(1)} MB (+${(settled - before).toFixed(1)} MB)`,
    );
    console.log(
      `401 latency:         median ${percentile(latencies, 0.5).toFixed(1)} ms, p95 ${percentile(latencies, 0.95).toFixed(1)} ms, p99 ${percentile(latencies, 0.99).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms; ${over50} of ${REQUESTS} at 50 ms or more`,
    );
    console.log(
      `CPU per 401:         ${Object.entries(cpu)
        .filter(([name]) => name !== 'node' && name !== 'esbuild')
        .map(([name, ms]) => `${name} ${(ms / REQUESTS).toFixed(2)} ms`)
        .join(', ')}`,
    );
    console.log(
      `GET /task, same key: median ${percentile(floor, 0.5).toFixed(1)} ms, p95 ${percentile(floor, 0.95).toFixed(1)} ms (the 401's floor on this machine now)`,
    );
  } finally {
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
