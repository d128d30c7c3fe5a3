// One PostgreSQL connection that LISTENs on a channel, reconnecting after any error with backoff.
// After every (re)connect `onListening` runs, so whoever relies on the notifications re-reads what
// it may have missed while the connection was down. Needs a session-level connection: the direct
// host or Supavisor's session mode (port 5432), never transaction mode (port 6543), where LISTEN
// does not survive the statement (docs/decisions/0010-live-events-listen-notify.md).
// @ts-types="npm:@types/pg@8.23.1"
import pg from 'npm:pg@8.23.1';
import { pgConnection } from '../db/connection.ts';

export type ListenerOptions = {
  url: string;
  /** The project's root certificate, to verify the server's (TLS is used off loopback anyway). */
  caCert?: string;
  channel: string;
  onNotification: (payload: string) => void;
  onListening: () => void;
  log?: (line: string) => void;
  /** Reconnect delays grow from the first to the last, doubling. */
  backoffMs?: { first: number; max: number };
};

export type Listener = {
  /** Starts listening if stopped; resolves once listening, or after the first attempt failed. */
  ensure(): Promise<void>;
  /** True while the LISTEN is in force. */
  readonly listening: boolean;
  /** A round trip on the connection: finds a half-open socket the kernel has not noticed yet. */
  ping(timeoutMs: number): Promise<void>;
  stop(): Promise<void>;
};

export function createPgListener(options: ListenerOptions): Listener {
  const log = options.log ?? ((line: string) => console.log(line));
  const backoff = options.backoffMs ?? { first: 250, max: 10_000 };
  let client: pg.Client | null = null;
  let wanted = false;
  let listening = false;
  let connecting: Promise<void> | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let failures = 0;

  const quoted = `"${options.channel.replace(/"/g, '""')}"`;

  function lost(from: pg.Client, error: Error | null) {
    if (client !== from) return; // An old connection's late event.
    const wasListening = listening;
    client = null;
    listening = false;
    from.removeAllListeners('notification');
    from.end().catch(() => undefined);
    if (!wanted) return;
    if (wasListening)
      log(`[task-events] listener lost (${error?.message ?? 'connection ended'}); reconnecting`);
    scheduleReconnect();
  }

  function scheduleReconnect() {
    if (retryTimer || !wanted) return;
    const delay = Math.min(backoff.max, backoff.first * 2 ** Math.min(failures, 16));
    failures += 1;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, delay);
  }

  function connect(): Promise<void> {
    if (connecting) return connecting;
    connecting = (async () => {
      const next = new pg.Client({
        ...pgConnection(options.url, options.caCert),
        keepAlive: true,
        connectionTimeoutMillis: 5_000,
        application_name: 'dialwise-task-events',
      });
      next.on('notification', (message) => {
        if (message.channel === options.channel) options.onNotification(message.payload ?? '');
      });
      next.on('error', (error: Error) => lost(next, error));
      next.on('end', () => lost(next, null));
      client = next;
      try {
        await next.connect();
        await next.query(`listen ${quoted}`);
        if (!wanted) {
          await next.end().catch(() => undefined);
          return;
        }
        listening = true;
        if (failures > 0) log('[task-events] listener reconnected');
        failures = 0;
        options.onListening();
      } catch (error) {
        if (failures === 0)
          log(`[task-events] listener could not connect: ${(error as Error).message}; retrying`);
        if (client === next) {
          client = null;
          next.end().catch(() => undefined);
        }
        if (wanted) scheduleReconnect();
      }
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  }

  return {
    get listening() {
      return listening;
    },
    ensure() {
      wanted = true;
      if (listening) return Promise.resolve();
      if (retryTimer) return Promise.resolve(); // Between attempts: callers do not wait for it.
      return connect();
    },
    async ping(timeoutMs) {
      const current = client;
      if (!current || !listening) return;
      let timer: ReturnType<typeof setTimeout> | undefined;
      try {
        await Promise.race([
          current.query('select 1'),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error(`no answer in ${timeoutMs} ms`)), timeoutMs);
          }),
        ]);
      } catch (error) {
        lost(current, error as Error);
      } finally {
        clearTimeout(timer);
      }
    },
    async stop() {
      wanted = false;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      failures = 0;
      const current = client;
      client = null;
      listening = false;
      if (current) await current.end().catch(() => undefined);
    },
  };
}
