/**
 * CPU time of this process and of every process it started (the stack's Postgres with its
 * backends, PostgREST, Deno), read from /proc, so a benchmark can say how much CPU each piece
 * spent per request: on a shared, busy machine CPU time varies far less than latency does.
 * Linux only; elsewhere it reports nothing.
 */
import { readFileSync, readdirSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

function read(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

function children(pid: number): number[] {
  const out: number[] = [];
  let tasks: string[] = [];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return out;
  }
  for (const task of tasks) {
    const list = read(`/proc/${pid}/task/${task}/children`);
    if (list) out.push(...list.trim().split(/\s+/).filter(Boolean).map(Number));
  }
  return out;
}

/** utime + stime of the process and of its reaped children, in ms, and its command name. */
function cpuOf(pid: number): { name: string; ms: number } | null {
  const stat = read(`/proc/${pid}/stat`);
  if (!stat) return null;
  const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields after the name start at index 3 (state); utime is field 14, so index 11 here.
  const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
  return { name, ms: (ticks * 1000) / TICKS_PER_SECOND };
}

/** CPU ms per process group: this process, and each direct child with all its descendants. */
export function processCpu(): Record<string, number> {
  const totals: Record<string, number> = {};
  const self = cpuOf(process.pid);
  if (!self) return totals;
  // Own time without the reaped children's (those are counted under their own names).
  const own = read(`/proc/${process.pid}/stat`)!;
  const f = own.slice(own.lastIndexOf(')') + 2).split(' ');
  totals.node = ((Number(f[11]) + Number(f[12])) * 1000) / TICKS_PER_SECOND;
  for (const child of children(process.pid)) {
    const top = cpuOf(child);
    if (!top) continue;
    let sum = top.ms;
    const stack = children(child);
    while (stack.length) {
      const pid = stack.pop()!;
      sum += cpuOf(pid)?.ms ?? 0;
      stack.push(...children(pid));
    }
    totals[top.name] = (totals[top.name] ?? 0) + sum;
  }
  return totals;
}

/** The CPU spent by each process group between two readings. */
export function cpuSince(before: Record<string, number>): Record<string, number> {
  const now = processCpu();
  return Object.fromEntries(Object.entries(now).map(([k, v]) => [k, v - (before[k] ?? 0)]));
}
