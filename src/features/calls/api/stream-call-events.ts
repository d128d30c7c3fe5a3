import { createSseParser } from '@/lib/sse-parser';
import { callApiErrorFrom, CallApiError, taskUrl } from '@/lib/call-api';

/** One event of a task's stream (docs/product-rules.md#events-and-webhooks). */
export type CallEvent = {
  id: number;
  type: string;
  task_id: string;
  created_at: string;
  data: Record<string, unknown>;
};

export type StreamCallEventsOptions = {
  apiKey: string;
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
  fetch?: typeof fetch;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
};

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
 * Follows `GET /task/{id}/events` with `fetch` (an EventSource cannot send the API key): replays
 * what happened, then streams live until `task.completed`. When a connection drops (network,
 * proxy, the server's stream limit), it resumes with `Last-Event-ID` after the server's `retry`
 * delay, so no event is lost or repeated. Resolves on `task.completed` or abort; throws a
 * `CallApiError` when the API refuses (401, 403, 404) or after `maxFailures` failed connections.
 */
export async function streamCallEvents(options: StreamCallEventsOptions): Promise<void> {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const sleep = options.sleep ?? abortableSleep;
  const maxFailures = options.maxFailures ?? 5;
  const { signal } = options;
  let lastEventId = options.lastEventId ?? 0;
  let failures = 0;
  let retryMs = options.reconnectDelayMs ?? 2_000;

  while (!signal.aborted) {
    let delivered = false;
    try {
      const response = await doFetch(taskUrl(options.taskId, '/events'), {
        headers: {
          Authorization: `Bearer ${options.apiKey}`,
          Accept: 'text/event-stream',
          ...(lastEventId > 0 ? { 'Last-Event-ID': String(lastEventId) } : {}),
        },
        cache: 'no-store',
        signal,
      });
      if (!response.ok) {
        const error = await callApiErrorFrom(response);
        // A refusal will not change by asking again; an outage might.
        if (response.status < 500 && response.status !== 429) throw error;
        throw Object.assign(error, { retryable: true });
      }
      if (!response.body) throw new Error('The event stream has no body');
      options.onConnect?.({ resumedAfter: lastEventId });
      const parser = createSseParser();
      const reader = response.body.getReader();
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
      if (error instanceof CallApiError && !(error as { retryable?: boolean }).retryable)
        throw error;
      if (!delivered) failures += 1;
      if (failures >= maxFailures)
        throw error instanceof CallApiError
          ? error
          : new CallApiError({
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
