import { sleep } from './clock.ts';

/**
 * Delivery of server messages to `assistant.server.url`, one call's messages strictly in order:
 * message n+1 is not sent before message n got a 2xx or was given up. A message that does not
 * get a 2xx (or cannot connect, or times out) is retried with backoff: the assistant's
 * `server.backoffPlan` when it has one (Vapi's BackoffPlan: fixed or exponential, maxRetries,
 * baseDelaySeconds, excludedStatusCodes), else the local default schedule.
 */
export type BackoffPlan = {
  type: 'fixed' | 'exponential';
  maxRetries: number;
  baseDelaySeconds: number;
  excludedStatusCodes?: number[];
};

export type Target = {
  url: string;
  headers: Record<string, string>;
  timeoutSeconds: number;
  backoffPlan: BackoffPlan | null;
};

/** Wall-clock waits before each retry when the assistant gives no backoffPlan. */
export const DEFAULT_RETRY_DELAYS_MS = [500, 1000, 2000, 5000];

export type Attempt = { status: number | null; error?: string };

export type DeliveryLog = {
  type: string;
  attempts: Attempt[];
  delivered: boolean;
};

/** The waits before retry 1, 2, … for a target. */
export function retryDelaysMs(target: Target, defaults: readonly number[]): number[] {
  const plan = target.backoffPlan;
  if (!plan) return [...defaults];
  return Array.from({ length: plan.maxRetries }, (_, i) =>
    plan.type === 'exponential'
      ? plan.baseDelaySeconds * 1000 * 2 ** i
      : plan.baseDelaySeconds * 1000,
  );
}

export type DeliveryOptions = {
  fetch?: typeof fetch;
  retryDelaysMs?: readonly number[];
  wait?: (ms: number, signal: AbortSignal) => Promise<unknown>;
  log?: (line: string) => void;
};

/** One call's outbox: `send` queues a message behind the ones before it. */
export function createOutbox(options: DeliveryOptions = {}) {
  const doFetch = options.fetch ?? fetch;
  const wait = options.wait ?? ((ms: number, signal: AbortSignal) => sleep(ms, signal));
  const defaults = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const log = options.log ?? (() => undefined);
  const history: DeliveryLog[] = [];
  let tail: Promise<void> = Promise.resolve();
  // Once the network stops, nothing is retried or sent: a server that is shutting down would keep
  // a message retrying (and the process alive) for seconds after everything else has stopped.
  const stopped = new AbortController();

  async function attempt(target: Target, body: string): Promise<Attempt> {
    try {
      const response = await doFetch(target.url, {
        method: 'POST',
        headers: { ...target.headers, 'content-type': 'application/json' },
        body,
        signal: AbortSignal.any([
          AbortSignal.timeout(target.timeoutSeconds * 1000),
          stopped.signal,
        ]),
      });
      await response.arrayBuffer().catch(() => undefined);
      return { status: response.status };
    } catch (error) {
      return { status: null, error: (error as Error).message };
    }
  }

  async function deliver(target: Target, type: string, payload: unknown) {
    const body = JSON.stringify(payload);
    const entry: DeliveryLog = { type, attempts: [], delivered: false };
    history.push(entry);
    const delays = retryDelaysMs(target, defaults);
    const excluded = target.backoffPlan?.excludedStatusCodes ?? [];
    for (let i = 0; ; i++) {
      if (stopped.signal.aborted) {
        log(`Phone network: stopped before delivering ${type} to ${target.url}`);
        return;
      }
      const result = await attempt(target, body);
      entry.attempts.push(result);
      if (result.status !== null && result.status >= 200 && result.status < 300) {
        entry.delivered = true;
        return;
      }
      const retryable = result.status === null || !excluded.includes(result.status);
      if (!retryable || i >= delays.length) {
        log(
          `Phone network: gave up delivering ${type} to ${target.url} after ${entry.attempts.length} attempt(s): ${result.status ?? result.error}`,
        );
        return;
      }
      await wait(delays[i]!, stopped.signal);
    }
  }

  return {
    send(target: Target, type: string, payload: unknown): Promise<void> {
      tail = tail.then(() => deliver(target, type, payload));
      return tail;
    },
    /** Resolves when everything queued so far was delivered or given up. */
    idle: () => tail,
    /** Gives up what is queued or retrying, at once. */
    stop: () => stopped.abort(),
    history,
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
