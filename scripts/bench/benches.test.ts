/**
 * Every benchmark under scripts/bench runs to its end as shipped, each on a stack of its own (the
 * benchmark's ports) and on sizes small enough for the test suite: that it runs and prints its
 * figures, never how fast (the figures are `npm run bench`'s and docs/performance.md's). A bench
 * that no longer runs (a key it cannot use, a rule it does not meet) fails here, not months later.
 * batch-prepare-cpu.ts runs under Deno inside batch-create.ts.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

type Smoke = {
  args?: string[];
  env?: Record<string, string>;
  /** A line the bench prints once it has its figures. */
  prints: RegExp;
};

const SMOKES: Record<string, Smoke> = {
  'hops.ts': { args: ['--rounds', '10'], prints: /POST \/task accept, 20 at once × 1/ },
  'calls.ts': {
    env: { BENCH_ACCEPT_ROUNDS: '1', BENCH_CALL_ROUNDS: '1', BENCH_CALLS: '2' },
    prints: /SSE delivery lag of transcript turns, 2 calls live/,
  },
  'live-events.ts': {
    args: ['--calls', '2', '--streams', '4'],
    prints: /Database transactions per second/,
  },
  'load.ts': {
    env: { BENCH_LOAD_CALLS: '6', BENCH_LOAD_ACCOUNTS: '2' },
    prints: /tasks not ended: 0; tasks whose books do not add up \(unsettled or settled twice\): 0/,
  },
  'batch.ts': { args: ['--rows', '12'], prints: /Batch: 12 calls from one POST \/task\/batches/ },
  'batch-create.ts': {
    env: { BENCH_CREATE_ROUNDS: '1', BENCH_PREPARE_ROUNDS: '2' },
    prints: /CPU of the function's own code .* cold \d/,
  },
  'lines.ts': {
    args: ['--rows', '24', '--singles', '2'],
    prints: /Provider lines: 10 for the platform; one account's 24-call batch/,
  },
  'connections.ts': {
    env: { BENCH_LIVE_CALLS: '6', BENCH_LIVE_FOLLOWED: '2', BENCH_HOLD_LIVE_SECONDS: '1' },
    prints: /calls not ended: 0/,
  },
  'recordings.ts': {
    env: { BENCH_RECORDING_MINUTES: '1' },
    prints: /serve, a 0\.5 MB range \(206\)/,
  },
  'unknown-key-probe.ts': {
    env: { PROBE_REQUESTS: '20' },
    prints: /requests:\s+20 \(statuses \[\[401,20\]\]\)/,
  },
};

/** Modules the benchmarks share, with nothing to run of their own. */
const HELPERS = new Set([
  'accounts.ts',
  'batch-body.ts',
  'batch-prepare-cpu.ts',
  'figures.ts',
  'post-json.ts',
  'process-cpu.ts',
  'run-alone.ts',
  'sse.ts',
]);

const benchDir = path.dirname(new URL(import.meta.url).pathname);

function run(script: string, smoke: Smoke) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn('npx', ['tsx', path.join('scripts/bench', script), ...(smoke.args ?? [])], {
      cwd: path.resolve(benchDir, '../..'),
      env: { ...process.env, ...smoke.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('the benchmarks', () => {
  it('each script is either run here or a helper of the others', () => {
    const scripts = readdirSync(benchDir).filter(
      (name) => name.endsWith('.ts') && !name.endsWith('.test.ts'),
    );
    expect(scripts.filter((name) => !HELPERS.has(name) && !(name in SMOKES))).toEqual([]);
  });

  for (const [script, smoke] of Object.entries(SMOKES))
    it(`${script} runs to its end and prints its figures`, { timeout: 240_000 }, async () => {
      const { code, output } = await run(script, smoke);
      expect(output).toMatch(smoke.prints);
      expect(code, output).toBe(0);
    });
});
