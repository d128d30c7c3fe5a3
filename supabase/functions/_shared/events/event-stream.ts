// One task's Server-Sent Events stream. It reads the database at its start and when the
// instance's hub says the task has news, always by sequence number after the last event sent, so
// nothing is lost or sent twice however notifications are coalesced, repeated or missed. Heartbeat
// comment lines keep proxies from closing an idle stream; they cost no query.
import { formatSseComment, formatSseEvent } from '../http/sse.ts';
import type { TaskEventHub, TaskEventSignal } from './task-event-hub.ts';

export type StreamedEvent = { id: number; type: string };

export type EventStreamOptions<E extends StreamedEvent> = {
  taskId: string;
  /** Events already read (and checked to be the caller's); sent first. */
  first: E[];
  /** The sequence number the client resumes after (Last-Event-ID), 0 for all. */
  after: number;
  /** Events after `seq`, oldest first, at most `batchSize` of them. */
  read: (afterSeq: number) => Promise<E[]>;
  batchSize: number;
  hub: TaskEventHub;
  heartbeatMs: number;
  maxStreamMs: number;
  signal: AbortSignal;
  /** Runs once when the stream ends, whatever ended it. */
  onClose: () => void;
  /** The event after which the stream ends (default task.completed; a batch's batch.completed). */
  terminalEvent?: string;
  /**
   * Whether the stream ends after `event`: now, or once the events already logged after it are
   * sent; null to go on. Overrides terminalEvent.
   */
  endAfter?: (event: E) => StreamEnd | null;
  /** A handle to end the stream from outside (its lease was lost). */
  end?: { current: () => void };
  log?: (line: string) => void;
};

const TASK_TERMINAL_EVENT = 'task.completed';

/** How a stream ends after an event: at once, or after the events logged behind it are sent. */
export type StreamEnd = 'now' | 'after-what-is-logged';

/** The last comment of a stream that reached its lifetime before the task ended. */
export const STREAM_LIFETIME_REACHED = 'stream lifetime reached; reconnect with Last-Event-ID';
/** The `retry:` hint then: reconnect almost at once, since nothing went wrong. */
export const RECONNECT_AFTER_LIFETIME_MS = 500;

/**
 * Where a task's stream ends: at its recording's event, or after task.completed (with whatever the
 * log already holds behind it) unless the task it carries is still copying its recording, whose
 * event then follows.
 */
export function taskStreamEnd(event: StreamedEvent & { data?: unknown }): StreamEnd | null {
  if (event.type === 'recording.available' || event.type === 'recording.failed') return 'now';
  if (event.type !== TASK_TERMINAL_EVENT) return null;
  const task = (event.data ?? {}) as { recording_status?: string | null };
  return task.recording_status === 'pending' ? null : 'after-what-is-logged';
}

export function eventStreamResponse<E extends StreamedEvent>(
  options: EventStreamOptions<E>,
): Response {
  const log = options.log ?? ((line: string) => console.error(line));
  const terminalEvent = options.terminalEvent ?? TASK_TERMINAL_EVENT;
  const endAfter =
    options.endAfter ??
    ((event: E): StreamEnd | null => (event.type === terminalEvent ? 'now' : null));
  const encoder = new TextEncoder();
  let closed = false;
  let finish = () => {};

  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      let lastSeq = options.after;
      let wanted = false;
      let reading = false;
      let unwatch: () => void = () => {};
      let heartbeat: ReturnType<typeof setInterval> | undefined = undefined;
      let deadline: ReturnType<typeof setTimeout> | undefined = undefined;

      finish = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        clearTimeout(deadline);
        options.signal.removeEventListener('abort', finish);
        unwatch();
        options.onClose();
        try {
          controller.close();
        } catch {
          // Already closed by the client.
        }
      };
      if (options.end) options.end.current = finish;

      const send = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          finish();
        }
      };

      // Set once an event ends the stream after what is logged behind it.
      let ending = false;
      /** Sends events in order; true when the stream has ended. */
      const deliver = (events: E[]) => {
        for (const event of events) {
          if (event.id <= lastSeq) continue;
          send(formatSseEvent({ id: event.id, event: event.type, data: event }));
          lastSeq = event.id;
          const end = endAfter(event);
          if (end === 'now') {
            finish();
            return true;
          }
          if (end === 'after-what-is-logged') ending = true;
        }
        // A full batch may have more behind it: the next read delivers it first.
        if (ending && events.length < options.batchSize) {
          finish();
          return true;
        }
        return false;
      };

      // One read at a time; wakes during a read are folded into one more read after it.
      const pump = async () => {
        if (reading) return;
        reading = true;
        try {
          while (wanted && !closed) {
            wanted = false;
            const batch = await options.read(lastSeq);
            if (closed || deliver(batch)) return;
            if (batch.length >= options.batchSize) wanted = true;
          }
        } catch (error) {
          log(`[task ${options.taskId}] event stream failed: ${(error as Error).message}`);
          finish();
        } finally {
          reading = false;
        }
      };
      const wake = (signal: TaskEventSignal) => {
        if (closed || (signal.seq !== null && signal.seq <= lastSeq)) return;
        wanted = true;
        void pump();
      };

      options.signal.addEventListener('abort', finish);
      if (options.signal.aborted) return finish();
      send('retry: 2000\n\n');
      if (deliver(options.first)) return;
      heartbeat = setInterval(() => send(formatSseComment('heartbeat')), options.heartbeatMs);
      // Before the platform's wall clock can cut it: the client is told to reconnect at once and
      // resume after the last id it got, so nothing is lost or sent twice.
      deadline = setTimeout(() => {
        send(
          `${formatSseComment(STREAM_LIFETIME_REACHED)}retry: ${RECONNECT_AFTER_LIFETIME_MS}\n\n`,
        );
        finish();
      }, options.maxStreamMs);
      try {
        unwatch = await options.hub.watch(options.taskId, wake);
      } catch (error) {
        log(`[task ${options.taskId}] event stream could not watch: ${(error as Error).message}`);
        return finish();
      }
      if (closed) return unwatch();
      // Whatever was recorded between the first read and the watch.
      wake({ seq: null });
    },
    cancel() {
      finish();
    },
  });

  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    },
  });
}
