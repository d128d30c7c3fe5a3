// The instance's live-event machinery, built once from the environment and shared by every
// function of the instance: one hub (one LISTEN connection) and one lease renewer.
import { type Db, must } from '../db.ts';
import { intEnv } from '../env.ts';
import { createPgListener } from './pg-listener.ts';
import { createStreamLeases, type StreamLeases } from './stream-leases.ts';
import { createTaskEventHub, type TaskEventHub } from './task-event-hub.ts';

export const TASK_EVENTS_CHANNEL = 'task_events';

export type LiveEvents = { hub: TaskEventHub; leases: StreamLeases };

let shared: LiveEvents | null = null;

/** Newest event seq of each task, in chunks that keep the query string short. */
export function latestSeqsFrom(db: Db) {
  return async (taskIds: string[]) => {
    const latest = new Map<string, number>();
    // A batch's stream watches the batch id; its events are numbered in public.batches.
    for (const table of ['tasks', 'batches'] as const) {
      const ids = taskIds.filter((id) => id.startsWith(table === 'tasks' ? 'task_' : 'batch_'));
      for (let i = 0; i < ids.length; i += 100) {
        const rows = must(
          await db
            .from(table)
            .select('id, event_seq')
            .in('id', ids.slice(i, i + 100)),
        ) as { id: string; event_seq: number }[];
        for (const row of rows) latest.set(row.id, row.event_seq);
      }
    }
    return latest;
  };
}

/**
 * The URL to LISTEN on, or null (then the hub polls, said once in the log). LISTEN needs a
 * session of its own: Supavisor's transaction mode (port 6543) hands the server connection to
 * other clients after each statement, so notifications would never reach us there.
 */
export function listenUrl(url: string | undefined, fallbackPollMs: number): string | null {
  const fallback = `live events fall back to one batched poll every ${fallbackPollMs} ms`;
  if (!url) {
    console.warn(`[task-events] SUPABASE_DB_URL is not set: ${fallback}`);
    return null;
  }
  let port = '';
  try {
    port = new URL(url).port;
  } catch {
    console.warn(`[task-events] the database URL is not a URL: ${fallback}`);
    return null;
  }
  if (port === '6543') {
    console.warn(
      `[task-events] the database URL is Supavisor's transaction mode (port 6543), where LISTEN does not work: ${fallback}. Set TASK_EVENTS_DB_URL to the session pooler (port 5432) or the direct host.`,
    );
    return null;
  }
  return url;
}

export function liveEventsFromEnv(db: Db): LiveEvents {
  if (shared) return shared;
  const heartbeatMs = intEnv('TASK_SSE_HEARTBEAT_SECONDS', 15) * 1000;
  const fallbackPollMs = intEnv('TASK_EVENTS_FALLBACK_POLL_MS', 1000);
  const dbUrl = listenUrl(
    Deno.env.get('TASK_EVENTS_DB_URL') || Deno.env.get('SUPABASE_DB_URL'),
    fallbackPollMs,
  );
  const hub = createTaskEventHub({
    createListener: dbUrl
      ? (handlers) =>
          createPgListener({
            url: dbUrl,
            caCert: Deno.env.get('DB_SSL_ROOT_CERT') || undefined,
            channel: TASK_EVENTS_CHANNEL,
            ...handlers,
          })
      : null,
    latestSeqs: latestSeqsFrom(db),
    safetyMs: heartbeatMs,
    fallbackPollMs,
  });
  const leases = createStreamLeases({
    db,
    renewEveryMs: heartbeatMs,
    // Three renewals' worth, and never under 30 s, so a slow renewal loses no lease.
    leaseSeconds: Math.max(30, Math.ceil((3 * heartbeatMs) / 1000)),
    maxStreamSeconds: intEnv('TASK_STREAM_MAX_SECONDS', 120),
  });
  shared = { hub, leases };
  return shared;
}
