import pg from 'pg';
import type { StackConfig } from './config';

/**
 * The local stand-in for a hosted pg_cron job that calls a function through pg_net: POSTs the
 * function with the secret key (in `apikey`) every `intervalMs` (0 turns it off), and at once
 * when the database NOTIFYs `notifyChannel` (as a trigger calling pg_net would). Runs never
 * overlap here, and requests made during a run coalesce into one more.
 */
export type Schedule = { functionName: string; notifyChannel?: string; intervalMs: number };

export function startScheduler(
  config: Pick<StackConfig, 'apiUrl' | 'secretKey' | 'dbUrl'>,
  log: (line: string) => void,
  schedule: Schedule,
) {
  const { functionName, notifyChannel, intervalMs: interval } = schedule;
  if (!Number.isFinite(interval) || interval <= 0) {
    log(`[scheduler] off (no interval for ${functionName})`);
    return { ready: Promise.resolve(), stop: async () => undefined };
  }
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let lastError = '';
  const tick = async () => {
    try {
      const response = await fetch(`${config.apiUrl}/functions/v1/${functionName}`, {
        method: 'POST',
        headers: {
          apikey: config.secretKey,
          'Content-Type': 'application/json',
        },
        body: '{}',
        signal: AbortSignal.timeout(60_000),
      });
      const text = await response.text();
      const error = response.ok
        ? ''
        : `${functionName} answered ${response.status}: ${text.slice(0, 200)}`;
      if (error && error !== lastError) log(`[scheduler] ${error}`);
      lastError = error;
    } catch (error) {
      // The edge runtime restarting, or the stack stopping: the next tick tries again.
      const message = `${functionName} unreachable: ${(error as Error).message}`;
      if (message !== lastError) log(`[scheduler] ${message}`);
      lastError = message;
    }
  };
  let queued = false;
  const request = () => {
    if (stopped || queued) return;
    queued = true;
    running = running.then(() => {
      queued = false;
      return tick();
    });
  };
  const timer = setInterval(request, interval);

  const listener = notifyChannel ? new pg.Client({ connectionString: config.dbUrl }) : null;
  // A lost connection (the database stopping first) only ends the at-once runs; ticks go on.
  listener?.on('error', (error) => log(`[scheduler] listener: ${error.message}`));
  listener?.on('notification', request);
  const listening = listener
    ? listener
        .connect()
        .then(() => listener.query(`listen ${pg.escapeIdentifier(notifyChannel!)}`))
        .then(() => undefined)
        .catch((error: Error) =>
          log(`[scheduler] not listening for ${functionName} requests: ${error.message}`),
        )
    : Promise.resolve();

  log(
    `[scheduler] calling ${functionName} every ${interval} ms` +
      (notifyChannel ? ` and when the database asks (${notifyChannel})` : ''),
  );
  return {
    /** Settles once the database's requests are listened for (or listening failed, logged). */
    ready: listening,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await listening;
      await listener?.end().catch(() => undefined);
      await running;
    },
  };
}
