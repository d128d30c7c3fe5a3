import pg from 'pg';
import type { StackConfig } from './config';

/**
 * The local stand-in for the hosted pg_cron job (migration 20251123001001): POSTs the `dispatch`
 * function with the secret key every STACK_DISPATCH_INTERVAL_MS (default 5000; 0 turns it
 * off), and at once when the database asks (NOTIFY dialwise_dispatch, sent when a webhook
 * delivery is queued: migration 20251124000200), as pg_net does hosted. Runs never overlap here
 * and requests made during a run coalesce into one more, though dispatch is safe under
 * concurrent runs anyway.
 */
export function startScheduler(
  config: Pick<StackConfig, 'apiUrl' | 'secretKey' | 'dbUrl'>,
  log: (line: string) => void,
  interval = Number(process.env.STACK_DISPATCH_INTERVAL_MS ?? 5000),
) {
  if (!Number.isFinite(interval) || interval <= 0) {
    log('[scheduler] off (STACK_DISPATCH_INTERVAL_MS=0)');
    return { ready: Promise.resolve(), stop: async () => undefined };
  }
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let lastError = '';
  const tick = async () => {
    try {
      const response = await fetch(`${config.apiUrl}/functions/v1/dispatch`, {
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
        : `dispatch answered ${response.status}: ${text.slice(0, 200)}`;
      if (error && error !== lastError) log(`[scheduler] ${error}`);
      lastError = error;
    } catch (error) {
      // The edge runtime restarting, or the stack stopping: the next tick tries again.
      const message = `dispatch unreachable: ${(error as Error).message}`;
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

  const listener = new pg.Client({ connectionString: config.dbUrl });
  // A lost connection (the database stopping first) only ends the at-once runs; ticks go on.
  listener.on('error', (error) => log(`[scheduler] listener: ${error.message}`));
  listener.on('notification', request);
  const listening = listener
    .connect()
    .then(() => listener.query('listen dialwise_dispatch'))
    .catch((error: Error) =>
      log(`[scheduler] not listening for dispatch requests: ${error.message}`),
    );

  log(`[scheduler] calling dispatch every ${interval} ms and when the database asks`);
  return {
    /** Settles once the database's requests are listened for (or listening failed, logged). */
    ready: listening,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await listening;
      await listener.end().catch(() => undefined);
      await running;
    },
  };
}
