// The stack's guardian: a small process that outlives its owner (the node process running the
// stack) just long enough to stop the owner's children when the owner dies, however it dies
// (SIGKILL included). Linux gives Node no parent-death signal, so the owner holds the write end of
// this process's stdin: the kernel closes it when the owner ends, and the guardian reads EOF. A
// change of parent pid (the owner died and the guardian was adopted) counts the same.
//
// Plain JavaScript, started with `node` alone (no TypeScript loader), in its own session so the
// terminal's Ctrl-C or hang-up never reaches it. It reads JSON lines on stdin:
//   {"watch":"<id>","pid":123,"signal":"SIGTERM"}
//   {"watch":"<id>","pidFile":"<data dir>/postmaster.pid","signal":"SIGINT"}
//   {"unwatch":"<id>"}
// A pid is stopped only if it is still the process that was registered (same start time); a pid
// file's pid only if that process runs with the pid file's data folder on its command line.
/* global process, setTimeout, setInterval */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const graceMs = Number(process.env.STACK_GUARDIAN_GRACE_MS) || 5_000;
const pollMs = Number(process.env.STACK_GUARDIAN_POLL_MS) || 250;
const ownerPid = process.ppid;
const watched = new Map();
let stopping = false;

/** Field 22 of /proc/<pid>/stat (start time in clock ticks), or null if the process is gone. */
function startTime(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // A zombie has ended; only its exit status remains.
    if (fields[0] === 'Z') return null;
    return fields[19];
  } catch {
    return null;
  }
}

function commandLine(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    return [];
  }
}

/** The live processes to stop now: [pid, start time, signal]. */
function targets() {
  const found = [];
  for (const entry of watched.values()) {
    if (entry.pid !== undefined) {
      const start = startTime(entry.pid);
      if (start !== null && start === entry.start) found.push([entry.pid, start, entry.signal]);
      continue;
    }
    let lines = [];
    try {
      lines = readFileSync(entry.pidFile, 'utf8').split('\n');
    } catch {
      continue;
    }
    const pid = Number(lines[0]);
    const dataDir = path.dirname(entry.pidFile);
    if (!Number.isInteger(pid) || pid <= 0 || !commandLine(pid).includes(dataDir)) continue;
    const start = startTime(pid);
    if (start !== null) found.push([pid, start, entry.signal]);
  }
  return found;
}

function signal(pid, name) {
  try {
    process.kill(pid, name);
  } catch {
    // Already gone.
  }
}

async function stopAll() {
  if (stopping) return;
  stopping = true;
  const live = targets();
  for (const [pid, , name] of live) signal(pid, name);
  const deadline = Date.now() + graceMs;
  let remaining = live;
  while (remaining.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    remaining = remaining.filter(([pid, start]) => startTime(pid) === start);
  }
  for (const [pid] of remaining) signal(pid, 'SIGKILL');
  process.exit(0);
}

let buffered = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  buffered += chunk;
  let newline;
  while ((newline = buffered.indexOf('\n')) >= 0) {
    const line = buffered.slice(0, newline);
    buffered = buffered.slice(newline + 1);
    let message;
    try {
      message = JSON.parse(line);
    } catch {
      continue;
    }
    if (typeof message.unwatch === 'string') watched.delete(message.unwatch);
    else if (typeof message.watch === 'string') {
      const signalName = typeof message.signal === 'string' ? message.signal : 'SIGTERM';
      if (Number.isInteger(message.pid)) {
        const start = startTime(message.pid);
        if (start !== null)
          watched.set(message.watch, { pid: message.pid, start, signal: signalName });
      } else if (typeof message.pidFile === 'string') {
        watched.set(message.watch, { pidFile: message.pidFile, signal: signalName });
      }
    }
  }
});
process.stdin.on('end', () => void stopAll());
process.stdin.on('error', () => void stopAll());
setInterval(() => {
  if (process.ppid !== ownerPid) void stopAll();
}, pollMs);
for (const name of ['SIGINT', 'SIGHUP']) process.on(name, () => undefined);
