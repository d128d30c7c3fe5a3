// Leases on open event streams, counted per API key (or per user's sessions) and per account
// across every function instance (SQL: task_event_stream_open). The instance renews the leases of its streams in one call every
// `renewEveryMs`, so the cost does not grow with the number of streams; a stream whose lease
// lapsed (the instance stalled) and was taken is told to close, and a dead instance's leases
// lapse on their own.
import { type Db, must } from '../db.ts';

export type StreamLease = { id: string; release: () => Promise<void> };
export type LeaseResult =
  | { opened: true; lease: StreamLease }
  | {
      opened: false;
      revoked?: false;
      limit: number;
      /** Which count is full: the credential's own, or the account's across its credentials. */
      scope: 'credential' | 'account';
      retryAfterSeconds: number;
    }
  /** The key was revoked while the stream was being opened. */
  | { opened: false; revoked: true };

export type StreamLeases = {
  open(stream: {
    /** Null for a signed-in user's session: its streams count per user. */
    apiKeyId: string | null;
    userId: string;
    taskId: string;
    /** The lease was lost: the stream must end (its client resumes with Last-Event-ID). */
    onLost: () => void;
  }): Promise<LeaseResult>;
  readonly held: number;
};

export function createStreamLeases(options: {
  db: Db;
  renewEveryMs: number;
  /** How long a lease lives without renewal: several renewals, so one slow call loses nothing. */
  leaseSeconds: number;
  maxStreamSeconds: number;
  log?: (line: string) => void;
}): StreamLeases {
  const { db } = options;
  const log = options.log ?? ((line: string) => console.log(line));
  const held = new Map<string, () => void>();
  let timer: ReturnType<typeof setTimeout> | null = null;

  function schedule() {
    if (timer || held.size === 0) return;
    timer = setTimeout(() => void renew(), options.renewEveryMs);
  }

  async function renew() {
    timer = null;
    const ids = [...held.keys()];
    if (ids.length > 0) {
      try {
        const renewed = new Set(
          must(
            await db.rpc('task_event_streams_renew', {
              p_stream_ids: ids,
              p_lease_seconds: options.leaseSeconds,
            }),
          ) as string[],
        );
        for (const id of ids) {
          const onLost = held.get(id);
          if (onLost && !renewed.has(id)) {
            held.delete(id);
            onLost();
          }
        }
      } catch (error) {
        // The leases outlive a few failed renewals; the next one tries again.
        log(`[task-events] renewing stream leases failed: ${(error as Error).message}`);
      }
    }
    schedule();
  }

  return {
    get held() {
      return held.size;
    },
    async open({ apiKeyId, userId, taskId, onLost }) {
      const id = crypto.randomUUID();
      const result = must(
        await db.rpc('task_event_stream_open', {
          p_stream_id: id,
          p_api_key_id: apiKeyId,
          p_user_id: userId,
          p_task_id: taskId,
          p_lease_seconds: options.leaseSeconds,
          p_max_seconds: options.maxStreamSeconds,
        }),
      ) as {
        opened: boolean;
        revoked?: boolean;
        limit: number;
        scope?: 'credential' | 'account';
        retry_after?: number;
      };
      if (result.revoked) return { opened: false, revoked: true };
      if (!result.opened)
        return {
          opened: false,
          limit: result.limit,
          scope: result.scope ?? 'credential',
          retryAfterSeconds: result.retry_after ?? options.renewEveryMs / 1000,
        };
      held.set(id, onLost);
      schedule();
      let released = false;
      return {
        opened: true,
        lease: {
          id,
          async release() {
            if (released) return;
            released = true;
            held.delete(id);
            must(await db.rpc('task_event_stream_close', { p_stream_id: id }));
          },
        },
      };
    },
  };
}
