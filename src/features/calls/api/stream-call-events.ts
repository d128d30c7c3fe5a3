import { createSseParser } from '@/lib/sse-parser';
import { callApi, unwrap } from '@/lib/api/call-api';
import { ApiError } from '@/lib/api/api-error';

/** One event of a task's stream (docs/product-rules.md#events-and-webhooks). */
export type CallEvent = {
  id: number;
  type: string;
  task_id: string;
  created_at: string;
  data: Record<string, unknown>;
};

export type StreamCallEventsOptions = {
  taskId: string;
  onEvent: (event: CallEvent) => void;
  /** Called when a connection opens (the first, and every resumption). */
  onConnect?: (info: { resumedAfter: number }) => void;
  /** Called when a connection dropped and the stream will resume after `delayMs`. */
  onReconnecting?: (info: { lastEventId: number; delayMs: number }) => void;
  signal: AbortSignal;
  /** Resume after this event id (0: from the start). */
  lastEventId?: number;
  /** Wait before resuming when the server sent no `retry:` (ms). */
  reconnectDelayMs?: number;
  /** Give up after this many connections in a row that failed without delivering anything. */
  maxFailures?: number;
  /** Stands in for the network (tests). */
  fetch?: (request: Request) => Promise<Response>;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
};

const isFinalRefusal = (error: ApiError) => error.status < 500 && error.status !== 429;

const abortableSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });

function toCallEvent(raw: string, fallbackId: string, type: string): CallEvent | null {
  try {
    const parsed = JSON.parse(raw) as Partial<CallEvent>;
    if (!parsed || typeof parsed !== 'object') return null;
    return {
      id: typeof parsed.id === 'number' ? parsed.id : Number(fallbackId) || 0,
      type: typeof parsed.type === 'string' ? parsed.type : type,
      task_id: parsed.task_id ?? '',
      created_at: parsed.created_at ?? '',
      data: parsed.data && typeof parsed.data === 'object' ? parsed.data : {},
    };
  } catch {
    return null;
  }
}

/**
 * Follows `GET /task/{id}/events` with `fetch` (an EventSource cannot send the Authorization header): replays
 * what happened, then streams live until `task.completed`. When a connection drops (network,
 * proxy, the server's stream limit), it resumes with `Last-Event-ID` after the server's `retry`
 * delay, so no event is lost or repeated. Resolves on `task.completed` or abort; throws an
 * ApiError when the API refuses (401, 403, 404) or after `maxFailures` failed connections.
 */
export async function streamCallEvents(options: StreamCallEventsOptions): Promise<void> {
  const sleep = options.sleep ?? abortableSleep;
  const maxFailures = options.maxFailures ?? 5;
  const { signal } = options;
  let lastEventId = options.lastEventId ?? 0;
  let failures = 0;
  let retryMs = options.reconnectDelayMs ?? 2_000;

  while (!signal.aborted) {
    let delivered = false;
    try {
      const body = await unwrap(
        callApi.GET('/task/{id}/events', {
          params: {
            path: { id: options.taskId },
            header: lastEventId > 0 ? { 'Last-Event-ID': String(lastEventId) } : {},
          },
          headers: { Accept: 'text/event-stream' },
          parseAs: 'stream',
          cache: 'no-store',
          signal,
          ...(options.fetch ? { fetch: options.fetch } : {}),
        }),
      );
      if (!body) throw new Error('The event stream has no body');
      options.onConnect?.({ resumedAfter: lastEventId });
      const parser = createSseParser();
      const reader = body.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const { value, done } = await reader.read();
        const text = done ? decoder.decode() : decoder.decode(value, { stream: true });
        for (const message of parser.push(text)) {
          const event = toCallEvent(message.data, message.id, message.event);
          if (!event) continue;
          if (event.id > 0 && event.id <= lastEventId) continue; // seen before a resume
          if (event.id > 0) lastEventId = event.id;
          delivered = true;
          failures = 0;
          options.onEvent(event);
          if (event.type === 'task.completed') {
            await reader.cancel().catch(() => undefined);
            return;
          }
        }
        if (parser.retryMs !== null) retryMs = parser.retryMs;
        if (done) break;
      }
    } catch (error) {
      if (signal.aborted) return;
      // A refusal will not change by asking again; an outage or a limit might.
      if (error instanceof ApiError && !error.unanswered && isFinalRefusal(error)) throw error;
      if (!delivered) failures += 1;
      if (failures >= maxFailures)
        throw error instanceof ApiError && !error.unanswered
          ? error
          : new ApiError({
              status: 0,
              code: 'network_error',
              message: 'Lost the live connection to the call. Reopen the call to try again.',
            });
    }
    if (signal.aborted) return;
    options.onReconnecting?.({ lastEventId, delayMs: retryMs });
    await sleep(retryMs, signal);
  }
}
