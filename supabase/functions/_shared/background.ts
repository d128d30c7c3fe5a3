// Work that runs after the response is sent. Supabase's edge runtime keeps an instance alive for
// promises handed to EdgeRuntime.waitUntil; the local runtime is one long-lived Deno process, so
// there the promise simply runs on. Failures are logged: the dispatcher picks up what is left.
//
// Requests come first: background work starts once the instance is handling no request, or after
// MAX_YIELD_MS at the latest. A burst of creates is answered before the calls it asked for are
// placed, instead of each placement competing with the creates still being answered
// (docs/decisions/0014-call-path-latency.md).
import { describeError } from './errors.ts';

type EdgeRuntimeGlobal = { waitUntil?: (promise: Promise<unknown>) => void };

/** The longest background work waits for the instance's requests to be answered. */
export const MAX_YIELD_MS = 100;

let requestsInFlight = 0;
const waitingForIdle = new Set<() => void>();

function releaseIfIdle() {
  if (requestsInFlight <= 0) for (const release of [...waitingForIdle]) release();
}

/** Counts a request as being handled until the returned function is called (once). */
export function requestStarted(): () => void {
  requestsInFlight += 1;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    requestsInFlight -= 1;
    releaseIfIdle();
  };
}

/**
 * A request that is only waiting (?wait=true holding its answer until the call ends) does not
 * count as being handled meanwhile, or it would hold every placement back by MAX_YIELD_MS.
 */
export async function whileWaiting<T>(waiting: Promise<T>): Promise<T> {
  requestsInFlight -= 1;
  releaseIfIdle();
  try {
    return await waiting;
  } finally {
    requestsInFlight += 1;
  }
}

/** Resolves when no request is being handled, or after `maxWaitMs`, whichever is first. */
export function whenRequestsAnswered(maxWaitMs = MAX_YIELD_MS): Promise<void> {
  if (requestsInFlight <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const release = () => {
      clearTimeout(timer);
      waitingForIdle.delete(release);
      resolve();
    };
    const timer = setTimeout(release, maxWaitMs);
    waitingForIdle.add(release);
  });
}

export function runAfterResponse(label: string, work: () => Promise<unknown>): void {
  const running = whenRequestsAnswered()
    .then(work)
    .catch((error: unknown) => console.error(`[${label}] ${describeError(error)}`));
  (globalThis as { EdgeRuntime?: EdgeRuntimeGlobal }).EdgeRuntime?.waitUntil?.(running);
}

/** How services run work after the response; tests pass their own to run it in step. */
export type AfterResponse = typeof runAfterResponse;
