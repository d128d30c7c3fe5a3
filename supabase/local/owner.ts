import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Who started this process. `npm run backend` is npm → sh -c → tsx → node (this process), and
 * none of those passes every signal on: npm forwards SIGTERM and SIGINT to the `sh`, which ends
 * without telling tsx; SIGHUP or SIGKILL to npm ends npm alone. So the stack watches the chain of
 * launchers above it (npm or npx, `sh -c`, tsx) and stops when any of them has gone. The chain
 * ends at the first process that is not a launcher (an interactive shell, a process manager, a
 * test runner), which is never watched: `nohup npm run backend &` survives its shell's exit.
 */
export type Launcher = { pid: number; start: string; name: string };

type ProcInfo = { ppid: number; start: string; argv: string[] };

function procInfo(pid: number): ProcInfo | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[0] === 'Z') return null;
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    return { ppid: Number(fields[1]), start: fields[19]!, argv };
  } catch {
    return null;
  }
}

/** The launcher's name, or null if `argv` is not one (npm's and npx's titles replace their argv). */
export function launcherName(argv: string[]): string | null {
  const [first = '', second = ''] = argv;
  // A process title ("npm run backend") is written over argv as one string.
  const base = path.basename(first.split(' ')[0]!);
  if (base === 'npm' || base === 'npx') return base;
  if (/^(sh|dash|bash)$/.test(base) && second === '-c') return base;
  if (/^node/.test(base) && /(^|\/)(\.bin\/tsx|tsx\/dist\/cli\.m?js)$/.test(second)) return 'tsx';
  if (/^node/.test(base) && /(^|\/)(npm|npx)(-cli\.js)?$/.test(second)) return 'npm';
  return null;
}

/** The launchers above `pid`, nearest first (empty where /proc is missing). */
export function launcherChain(pid: number = process.pid): Launcher[] {
  const chain: Launcher[] = [];
  let current = procInfo(pid);
  while (current && current.ppid > 1) {
    const parentPid = current.ppid;
    const parent = procInfo(parentPid);
    const name = parent && launcherName(parent.argv);
    if (!parent || !name) break;
    chain.push({ pid: parentPid, start: parent.start, name });
    current = parent;
  }
  return chain;
}

/** Whether `launcher` is still the same running process. */
export function isRunning(launcher: Launcher): boolean {
  return procInfo(launcher.pid)?.start === launcher.start;
}

/** Calls `onGone` once, as soon as one of this process's launchers has ended. */
export function watchLaunchers(onGone: (launcher: Launcher) => void, intervalMs = 250) {
  const chain = launcherChain();
  if (chain.length === 0) return () => undefined;
  const timer = setInterval(() => {
    const gone = chain.find((launcher) => !isRunning(launcher));
    if (gone) {
      clearInterval(timer);
      onGone(gone);
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
