import type pg from 'pg';

/** A task event as a stream carries it. */
export type StreamedEvent = {
  id: number;
  type: string;
  task_id: string;
  data: Record<string, unknown>;
};

/**
 * Reads a Server-Sent Events response to its end (or its first `max` events) and returns each
 * event's `data` parsed as JSON; the stream is closed when done.
 */
export async function readSseData<T>(response: Response, max = Infinity): Promise<T[]> {
  const events: T[] = [];
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  while (events.length < max) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let boundary: number;
    while ((boundary = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, boundary);
      buffer = buffer.slice(boundary + 2);
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6))
        .join('\n');
      if (data) events.push(JSON.parse(data) as T);
    }
  }
  await reader.cancel().catch(() => undefined);
  return events;
}

/** An open SSE response read as it comes: `next(n)` waits until n events in all have arrived. */
export function followSse(response: Response) {
  const events: StreamedEvent[] = [];
  const comments: string[] = [];
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const waiting = { current: null as (() => void) | null };
  let ended = false;
  const done = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done: end } = await reader.read();
        if (end) break;
        buffer += decoder.decode(value, { stream: true });
        let boundary: number;
        while ((boundary = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          if (block.startsWith(':')) comments.push(block);
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n');
          if (data) events.push(JSON.parse(data) as StreamedEvent);
          waiting.current?.();
        }
      }
    } catch {
      // Closed by close().
    } finally {
      ended = true;
      waiting.current?.();
    }
  })();
  return {
    events,
    comments,
    done,
    async next(count: number) {
      while (events.length < count && !ended) await new Promise<void>((r) => (waiting.current = r));
      return events.slice(0, count);
    },
    close: () => reader.cancel().catch(() => undefined),
  };
}

/** Records an event as the call path does (the task's row lock, the next seq, the NOTIFY). */
export async function recordTaskEvent(db: pg.Client, taskId: string, text: string) {
  await db.query('begin');
  await db.query('select 1 from public.tasks where id = $1 for update', [taskId]);
  const { rows } = await db.query<{ seq: number }>(
    `select private.append_task_event($1, 'transcript.turn', $2::jsonb) as seq`,
    [taskId, JSON.stringify({ speaker: 'callee', text, start_ms: 0, end_ms: 1000 })],
  );
  await db.query('commit');
  return rows[0]!.seq;
}
