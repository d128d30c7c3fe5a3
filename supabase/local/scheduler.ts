import type { StackConfig } from './config';

/**
 * The local stand-in for the hosted pg_cron job (migration 20251123001001): POSTs the `dispatch`
 * function with the service role key every STACK_DISPATCH_INTERVAL_MS (default 5000; 0 turns it
 * off). Runs never overlap here, though dispatch is safe under concurrent runs anyway.
 */
export function startScheduler(config: StackConfig, log: (line: string) => void) {
  const interval = Number(process.env.STACK_DISPATCH_INTERVAL_MS ?? 5000);
  if (!Number.isFinite(interval) || interval <= 0) {
    log('[scheduler] off (STACK_DISPATCH_INTERVAL_MS=0)');
    return { stop: async () => undefined };
  }
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let lastError = '';
  const tick = async () => {
    try {
      const response = await fetch(`${config.apiUrl}/functions/v1/dispatch`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${config.serviceRoleKey}`,
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
  const timer = setInterval(() => {
    if (stopped) return;
    running = running.then(tick);
  }, interval);
  log(`[scheduler] calling dispatch every ${interval} ms`);
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
