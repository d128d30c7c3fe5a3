// How long this function's worker has left. Hosted runs each worker at most the plan's wall clock
// (150 s on the free plan, 400 s on paid ones: WORKER_WALL_CLOCK_SECONDS), counted from the
// worker's start, which is when this module is first evaluated in it, and terminates it then,
// mid-request or not. What a request holds open (a ?wait=true, an event stream) ends before that,
// so it answers (202, or a stream's reconnect hint) instead of being cut. The local runtime keeps
// workers the same way (supabase/local/deno/functions-main.ts).
import { env, type EnvGetter } from '../env.ts';

const startedAt = Date.now();

/** What ends a held request before its worker does: time to write the answer and flush it. */
export const WORKER_END_MARGIN_MS = 3_000;

/** The plan's wall clock per worker, in ms (WORKER_WALL_CLOCK_SECONDS, default 150: free plan). */
export function workerWallClockMs(get: EnvGetter = env): number {
  const seconds = Number(get('WORKER_WALL_CLOCK_SECONDS'));
  return (Number.isFinite(seconds) && seconds > 0 ? seconds : 150) * 1000;
}

/** Milliseconds this worker has left before it is terminated. */
export function workerTimeLeftMs(now = Date.now(), wallClockMs = workerWallClockMs()): number {
  return startedAt + wallClockMs - now;
}

/** `wantedMs`, shortened so that what it bounds ends WORKER_END_MARGIN_MS before the worker does. */
export function withinWorkerLife(wantedMs: number, timeLeftMs: number): number {
  return Math.max(0, Math.min(wantedMs, timeLeftMs - WORKER_END_MARGIN_MS));
}

/**
 * A test-mode call plays inside the worker that placed it (after the response), so the longest one
 * must end before that worker does. A request reaches a worker at most half its wall clock old, so
 * `speed` (simulated seconds per wall second) is raised, when needed, until `longestCallSeconds`
 * plays within the other half, less WORKER_END_MARGIN_MS. At the free plan's 150 s and the default
 * speed of 30, a 30-minute call plays in a minute: no change.
 */
export function speedWithinWorker(
  speed: number,
  longestCallSeconds: number,
  wallClockMs = workerWallClockMs(),
): number {
  const playableMs = Math.max(1_000, wallClockMs / 2 - WORKER_END_MARGIN_MS);
  return Math.max(speed, (longestCallSeconds * 1000) / playableMs);
}
