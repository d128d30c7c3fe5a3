import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../local/config';
import { stackPortEnv, stackPorts } from '../local/ports';
import { recoverDataDir } from '../local/database';
import { assertPortFree, descendants } from '../local/processes';
import { publishableKey, secretKey } from './support/stack';

// `npm run backend` as a real child process, on the lifecycle block of ports and its own data
// folder, stopped every way its owner can end; after each, no process of the stack may remain and
// every port must be free, and the next start (the next test's) must come up on its own. The first
// start creates the cluster; later ones reuse it.
const ports = stackPorts('lifecycle');
const dataDir = path.join(projectRoot, 'supabase/.local/lifecycle');
const env = {
  ...process.env,
  ...stackPortEnv('lifecycle'),
  STACK_DATA_DIR: dataDir,
  // The integration stack's global setup sets STACK_FRESH=1 in this process; these starts keep data.
  STACK_FRESH: '0',
  SHELL: '/bin/sh',
};
const stackPortList: [number, string][] = [
  [ports.api, 'API gateway'],
  [ports.db, 'PostgreSQL'],
  [ports.mailbox, 'mailbox'],
  [ports.postgrest, 'PostgREST'],
  [ports.postgrestAdmin, 'PostgREST admin'],
  [ports.functions, 'edge functions'],
  [ports.stripe, 'local Stripe'],
  [ports.twilio, 'local Twilio'],
  [ports.voice, 'local phone network'],
];

type Running = {
  /** The process the test started: npm, or `script` holding the terminal. */
  owner: ChildProcess;
  /** The stack's node process (it prints its pid). */
  stackPid: number;
  /** Every process below the owner once the stack is up (the owner included). */
  pids: number[];
  output: () => string;
};

const started: ChildProcess[] = [];

async function waitUntil<T>(what: string, probe: () => T | Promise<T>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline)
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Starts `npm run backend`, directly or inside a pseudo-terminal (util-linux `script`). */
async function startBackend(options: { terminal?: boolean; dir?: string } = {}): Promise<Running> {
  const childEnv = { ...env, STACK_DATA_DIR: options.dir ?? dataDir };
  const owner = options.terminal
    ? spawn('script', ['-qfec', 'npm run backend', '/dev/null'], {
        cwd: projectRoot,
        env: childEnv,
        detached: true,
      })
    : spawn('npm', ['run', 'backend'], { cwd: projectRoot, env: childEnv, detached: true });
  started.push(owner);
  let output = '';
  owner.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  owner.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const stackPid = await waitUntil(
    'the stack to print its pid',
    () => {
      if (owner.exitCode !== null) throw new Error(`npm run backend exited:\n${output}`);
      return Number(/or kill (\d+)\)/.exec(output)?.[1]) || null;
    },
    120_000,
  );
  await expectUp();
  return { owner, stackPid, pids: [owner.pid!, ...descendants(owner.pid!)], output: () => output };
}

/** The gateway answers, PostgREST answers through it, and the database holds the seed. */
async function expectUp() {
  const health = await fetch(`http://127.0.0.1:${ports.api}/health`);
  expect(health.status).toBe(200);
  const rest = await fetch(`http://127.0.0.1:${ports.api}/rest/v1/`, {
    headers: { apikey: publishableKey },
  });
  await rest.body?.cancel();
  expect(rest.status).toBe(200);
  // The local providers listen too (any HTTP answer will do), so their ports must be freed.
  for (const port of [ports.stripe, ports.twilio, ports.voice]) {
    const answer = await fetch(`http://127.0.0.1:${port}/`);
    await answer.body?.cancel();
    expect(answer.status, `port ${port}`).toBeGreaterThanOrEqual(200);
  }
}

function isAlive(pid: number) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // A zombie has ended; only its exit status waits for a parent to read it.
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** Processes running with the lifecycle data folder on their command line (PostgreSQL). */
function processesOnDataDir(dir: string) {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(dir);
      } catch {
        return false;
      }
    })
    .map(Number)
    .filter(isAlive);
}

async function portsFree() {
  for (const [port, label] of stackPortList) {
    const free = await assertPortFree(port, label).then(
      () => true,
      () => false,
    );
    if (!free) return false;
  }
  return true;
}

/** Within a few seconds no process of the stack remains and every port is free. */
async function expectAllGone(running: Running, dir = dataDir) {
  await waitUntil(
    'every process of the stack to end',
    () => running.pids.every((pid) => !isAlive(pid)) && processesOnDataDir(dir).length === 0,
    10_000,
  ).catch((error: Error) => {
    const left = running.pids.filter(isAlive).map((pid) => {
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      return `${pid} ${argv.slice(0, 120)}`;
    });
    throw new Error(`${error.message}; still running:\n${left.join('\n')}`);
  });
  await waitUntil('every port of the stack to be free', portsFree, 5_000);
}

const noStackTrace = (output: string) => expect(output).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);

beforeAll(async () => {
  for (const [port, label] of stackPortList) await assertPortFree(port, label);
  await rm(dataDir, { recursive: true, force: true });
}, 30_000);

afterAll(async () => {
  // Only if a test failed half-way: nothing of ours may outlive the run.
  for (const owner of started) {
    try {
      process.kill(-owner.pid!, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  for (const pid of processesOnDataDir(dataDir)) process.kill(pid, 'SIGKILL');
});

/** `npm run status -- <args>` against the lifecycle stack: its exit code and output. */
function status(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', 'status', '--', ...args],
      { cwd: projectRoot, env },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('npm run status', () => {
  it('prints the running stack’s URLs and keys under supabase status’s names, else fails', async () => {
    const running = await startBackend();
    const json = await status('-o', 'json');
    expect(json.code).toBe(0);
    const values = JSON.parse(json.stdout) as Record<string, string>;
    expect(values).toMatchObject({
      API_URL: `http://127.0.0.1:${ports.api}`,
      DB_URL: `postgresql://postgres:postgres@127.0.0.1:${ports.db}/postgres`,
      PUBLISHABLE_KEY: publishableKey,
      SECRET_KEY: secretKey,
    });
    // The legacy keys are disabled, so they are not listed.
    expect(values).not.toHaveProperty('ANON_KEY');
    expect(values).not.toHaveProperty('SERVICE_ROLE_KEY');
    const dotenv = await status('-o', 'env');
    expect(dotenv.stdout).toContain(`PUBLISHABLE_KEY="${publishableKey}"`);

    process.kill(running.owner.pid!, 'SIGTERM');
    await expectAllGone(running);
    const stopped = await status('-o', 'json');
    expect(stopped.code).not.toBe(0);
    expect(stopped.stderr).toMatch(/No local stack is running/);
  }, 240_000);
});

describe('stopping the local stack', () => {
  const signalTo = (running: Running, target: 'npm' | 'node', signal: NodeJS.Signals) =>
    process.kill(target === 'npm' ? running.owner.pid! : running.stackPid, signal);

  it.each([
    ['npm', 'SIGTERM'],
    ['npm', 'SIGINT'],
    ['npm', 'SIGHUP'],
    ['node', 'SIGTERM'],
    ['node', 'SIGINT'],
    ['node', 'SIGHUP'],
    ['node', 'SIGKILL'],
  ] as const)(
    '%s receiving %s takes every process of the stack with it',
    async (target, signal) => {
      const running = await startBackend();
      // Every piece is a real process below npm: node, the guardian, PostgreSQL, PostgREST, Deno.
      expect(running.pids).toContain(running.stackPid);
      expect(processesOnDataDir(dataDir)).toHaveLength(1);
      signalTo(running, target, signal);
      await expectAllGone(running);
      noStackTrace(running.output());
    },
    150_000,
  );

  it('closing the terminal takes every process of the stack with it', async () => {
    const running = await startBackend({ terminal: true });
    // The terminal emulator goes away: its end of the pseudo-terminal closes, the kernel hangs up.
    running.owner.kill('SIGKILL');
    await expectAllGone(running);
  }, 60_000);
});

describe('the next start recovers on its own', () => {
  it('from a postmaster.pid whose pid now belongs to another program', async () => {
    // A crash leaves postmaster.pid behind; after a reboot its pid is someone else's, and
    // PostgreSQL would refuse to start ("lock file already exists").
    const other = spawn('sleep', ['60']);
    started.push(other);
    await writeFile(
      path.join(dataDir, 'postmaster.pid'),
      `${other.pid}\n${dataDir}\n1700000000\n${ports.db}\n\n127.0.0.1\n  1234567  1\nready   \n`,
    );
    const running = await startBackend();
    other.kill();
    const lines = running.output().split('\n');
    process.kill(running.stackPid, 'SIGTERM');
    await expectAllGone(running);
    expect(
      lines.filter((line) => line.includes('postmaster.pid')),
      running.output(),
    ).toEqual([
      `Removed a stale postmaster.pid from ${dataDir} (pid ${other.pid} is no longer PostgreSQL).`,
    ]);
    noStackTrace(running.output());
  }, 60_000);

  it('from a data folder whose creation was cut short', async () => {
    const fresh = path.join(projectRoot, 'supabase/.local/lifecycle-interrupted');
    await rm(fresh, { recursive: true, force: true });
    const owner = spawn('npm', ['run', 'backend'], {
      cwd: projectRoot,
      env: { ...env, STACK_DATA_DIR: fresh },
      detached: true,
    });
    started.push(owner);
    let output = '';
    owner.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    // Killed while the cluster is being created (initdb, migrations or seed).
    await waitUntil(
      'the cluster creation to begin',
      () => output.includes('Creating a new'),
      60_000,
    );
    const pids = [owner.pid!, ...descendants(owner.pid!)];
    const node = pids.find((pid) =>
      readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('cli.ts'),
    );
    process.kill(node!, 'SIGKILL');
    await expectAllGone({ owner, stackPid: node!, pids, output: () => output }, fresh);

    const running = await startBackend({ dir: fresh });
    const lines = running.output().split('\n');
    process.kill(running.owner.pid!, 'SIGTERM');
    await expectAllGone(running, fresh);
    expect(lines.filter((line) => line.includes('half-created'))).toEqual([
      `The PostgreSQL data folder ${fresh} was left half-created by an interrupted first start: creating it again.`,
    ]);
    noStackTrace(running.output());
    await rm(fresh, { recursive: true, force: true });
  }, 180_000);

  it('from a data folder left without PG_VERSION (initdb interrupted before writing it)', async () => {
    const broken = path.join(projectRoot, 'supabase/.local/lifecycle-broken');
    await rm(broken, { recursive: true, force: true });
    await mkdir(path.join(broken, 'base'), { recursive: true });
    await writeFile(path.join(broken, 'postgresql.conf'), '');
    const lines: string[] = [];
    await recoverDataDir(broken, (line) => lines.push(line));
    expect(lines).toEqual([
      `The PostgreSQL data folder ${broken} was left half-created by an interrupted first start: creating it again.`,
    ]);
    // The start that follows creates the cluster as on a first start.
    expect(existsSync(broken)).toBe(false);
  });
});
