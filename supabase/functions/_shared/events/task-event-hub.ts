// Fan-out of task event notifications to the streams (and ?wait=true requests) of one function
// instance. One listener per instance wakes whoever watches the task named in a notification;
// nobody queries the database on a timer of their own. What a notification could miss is covered
// by two re-reads that cost the same whatever the number of streams: after the listener
// (re)connects, every watcher re-reads; and every `safetyMs` one batched query of the watched
// tasks' newest sequence numbers wakes those that moved. Without a listener (no database URL, or
// while it reconnects) that batched query runs every `fallbackPollMs` instead.
import type { Listener } from './pg-listener.ts';

/** `seq`: the task's newest known event; null asks for a re-read whatever the watcher has. */
export type TaskEventSignal = { seq: number | null };
export type Wake = (signal: TaskEventSignal) => void;

export type TaskEventHub = {
  /** Watches a task until the returned function is called; resolves once notifications flow. */
  watch(taskId: string, wake: Wake): Promise<() => void>;
  readonly mode: 'listen' | 'poll';
  /** Watched tasks (for tests and logs). */
  readonly watching: number;
  close(): Promise<void>;
};

export type TaskEventHubOptions = {
  /** Null: no listener, the batched re-read runs every fallbackPollMs. */
  createListener:
    | ((handlers: {
        onNotification: (payload: string) => void;
        onListening: () => void;
      }) => Listener)
    | null;
  /** The newest event seq of each task (one query for all of them). */
  latestSeqs: (taskIds: string[]) => Promise<Map<string, number>>;
  safetyMs: number;
  fallbackPollMs: number;
  /** The listener's connection is closed after this long without watchers. */
  idleCloseMs?: number;
  log?: (line: string) => void;
};

export function parseTaskEventPayload(payload: string): { taskId: string; seq: number } | null {
  try {
    const value = JSON.parse(payload) as { task_id?: unknown; seq?: unknown };
    if (typeof value.task_id !== 'string' || typeof value.seq !== 'number') return null;
    return { taskId: value.task_id, seq: value.seq };
  } catch {
    return null;
  }
}

export function createTaskEventHub(options: TaskEventHubOptions): TaskEventHub {
  const log = options.log ?? ((line: string) => console.log(line));
  const idleCloseMs = options.idleCloseMs ?? 60_000;
  const watchers = new Map<string, Set<Wake>>();
  // The newest seq this instance has heard of per watched task, so sweeps wake only on news.
  const known = new Map<string, number>();
  let sweepTimer: ReturnType<typeof setTimeout> | null = null;
  let idleTimer: ReturnType<typeof setTimeout> | null = null;
  let sweeping = false;
  let closed = false;

  function wakeTask(taskId: string, signal: TaskEventSignal) {
    const set = watchers.get(taskId);
    if (!set) return;
    for (const wake of [...set]) {
      try {
        wake(signal);
      } catch (error) {
        log(`[task-events] a watcher of ${taskId} failed: ${(error as Error).message}`);
      }
    }
  }

  const listener = options.createListener?.({
    onNotification(payload) {
      const event = parseTaskEventPayload(payload);
      if (!event || !watchers.has(event.taskId)) return;
      if (event.seq > (known.get(event.taskId) ?? 0)) known.set(event.taskId, event.seq);
      wakeTask(event.taskId, { seq: event.seq });
    },
    onListening() {
      // Whatever was recorded while the connection was down was never announced: re-read.
      for (const taskId of watchers.keys()) wakeTask(taskId, { seq: null });
      scheduleSweep();
    },
  });

  const sweepEveryMs = () => (listener?.listening ? options.safetyMs : options.fallbackPollMs);

  function scheduleSweep() {
    if (sweepTimer) clearTimeout(sweepTimer);
    sweepTimer = null;
    if (closed || watchers.size === 0) return;
    sweepTimer = setTimeout(() => void sweep(), sweepEveryMs());
  }

  async function sweep() {
    sweepTimer = null;
    if (sweeping || closed || watchers.size === 0) return scheduleSweep();
    sweeping = true;
    try {
      if (listener) {
        // A connection the kernel still believes open would never deliver anything.
        await listener.ping(Math.max(1_000, Math.min(5_000, options.safetyMs)));
        void listener.ensure();
      }
      const ids = [...watchers.keys()];
      const latest = await options.latestSeqs(ids);
      for (const [taskId, seq] of latest) {
        if (seq > (known.get(taskId) ?? 0)) {
          known.set(taskId, seq);
          wakeTask(taskId, { seq });
        }
      }
    } catch (error) {
      log(`[task-events] re-read of watched tasks failed: ${(error as Error).message}`);
    } finally {
      sweeping = false;
      scheduleSweep();
    }
  }

  return {
    get mode() {
      return listener ? 'listen' : 'poll';
    },
    get watching() {
      return watchers.size;
    },
    async watch(taskId, wake) {
      if (closed) throw new Error('The task event hub is closed');
      if (idleTimer) clearTimeout(idleTimer);
      idleTimer = null;
      let set = watchers.get(taskId);
      if (!set) watchers.set(taskId, (set = new Set()));
      set.add(wake);
      if (!sweepTimer && !sweeping) scheduleSweep();
      if (listener) await listener.ensure();
      let done = false;
      return () => {
        if (done) return;
        done = true;
        const current = watchers.get(taskId);
        current?.delete(wake);
        if (current && current.size === 0) {
          watchers.delete(taskId);
          known.delete(taskId);
        }
        if (watchers.size === 0) {
          if (sweepTimer) clearTimeout(sweepTimer);
          sweepTimer = null;
          if (listener && !idleTimer)
            idleTimer = setTimeout(() => {
              idleTimer = null;
              if (watchers.size === 0) void listener.stop();
            }, idleCloseMs);
        }
      };
    },
    async close() {
      closed = true;
      if (sweepTimer) clearTimeout(sweepTimer);
      if (idleTimer) clearTimeout(idleTimer);
      watchers.clear();
      await listener?.stop();
    },
  };
}
