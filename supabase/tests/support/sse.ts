import type pg from 'pg';

/** A task event as a stream carries it. */
export type StreamedEvent = {
  id: number;
  type: string;
  task_id: string;
  data: Record<string, unknown>;
};

/** The whole blocks (events and comments) at the front of `buffer`, and what is left of it. */
function takeBlocks(buffer: string): { blocks: string[]; rest: string } {
  const blocks: string[] = [];
  let rest = buffer;
  let boundary: number;
  while ((boundary = rest.indexOf('\n\n')) >= 0) {
    blocks.push(rest.slice(0, boundary));
    rest = rest.slice(boundary + 2);
  }
  return { blocks, rest };
}

/** A block's `data:` lines, joined ('' for a comment). */
const dataOf = (block: string) =>
  block
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => line.slice(6))
    .join('\n');

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
    const taken = takeBlocks(buffer + decoder.decode(value, { stream: true }));
    buffer = taken.rest;
    for (const block of taken.blocks) {
      const data = dataOf(block);
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
        const taken = takeBlocks(buffer + decoder.decode(value, { stream: true }));
        buffer = taken.rest;
        for (const block of taken.blocks) {
          if (block.startsWith(':')) comments.push(block);
          const data = dataOf(block);
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
