// @vitest-environment node
import { eventStreamResponse, type StreamedEvent } from './event-stream.ts';
import type { TaskEventHub, Wake } from './task-event-hub.ts';

type E = StreamedEvent & { text: string };
const event = (id: number, type = 'transcript.turn'): E => ({ id, type, text: `event ${id}` });

/** The task's event log and a hub the test drives by hand. */
function fixture(initial: E[]) {
  const log = [...initial];
  const reads: number[] = [];
  let wake: Wake | null = null;
  const hub: TaskEventHub = {
    mode: 'listen',
    watching: 0,
    async watch(_taskId, w) {
      wake = w;
      return () => {
        wake = null;
      };
    },
    async close() {},
  };
  return {
    log,
    reads,
    hub,
    wake: (seq: number | null) => wake?.({ seq }),
    watched: () => wake !== null,
    read: async (after: number) => {
      reads.push(after);
      return log.filter((e) => e.id > after).slice(0, 2);
    },
  };
}

async function collect(response: Response) {
  const text = await response.text();
  return {
    ids: [...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1])),
    comments: text.split('\n\n').filter((block) => block.startsWith(':')).length,
  };
}

describe('event stream', () => {
  it('sends every event once, in order, however wakes repeat or come out of turn', async () => {
    const f = fixture([event(1), event(2)]);
    let closes = 0;
    const response = eventStreamResponse({
      taskId: 'task_1',
      first: [event(1)],
      after: 0,
      read: f.read,
      batchSize: 2,
      hub: f.hub,
      heartbeatMs: 60_000,
      maxStreamMs: 60_000,
      signal: new AbortController().signal,
      onClose: () => (closes += 1),
    });
    const collected = collect(response);
    await vi.waitFor(() => expect(f.watched()).toBe(true));
    f.log.push(event(3), event(4), event(5));
    f.wake(4);
    f.wake(3);
    f.wake(null);
    // Reads after 1 (→ 2), then after 2 (→ 3, 4: a full batch), then after 4 (→ 5).
    await vi.waitFor(() => expect(f.reads).toEqual([1, 2, 4]));
    await new Promise((resolve) => setTimeout(resolve, 10));
    f.wake(5); // Already sent: no read.
    f.wake(2);
    const reads = f.reads.length;
    f.log.push(event(6, 'task.completed'));
    f.wake(6);
    const { ids } = await collected;
    expect(ids).toEqual([1, 2, 3, 4, 5, 6]);
    expect(f.reads.length).toBe(reads + 1);
    expect(closes).toBe(1);
    expect(f.watched()).toBe(false);
  });

  it('ends at its maximum time, with heartbeats meanwhile, and when the client leaves', async () => {
    const f = fixture([]);
    let closes = 0;
    const timed = eventStreamResponse({
      taskId: 'task_2',
      first: [],
      after: 0,
      read: f.read,
      batchSize: 100,
      hub: f.hub,
      heartbeatMs: 20,
      maxStreamMs: 110,
      signal: new AbortController().signal,
      onClose: () => (closes += 1),
    });
    const text = await timed.text();
    expect([...text.matchAll(/^id: /gm)]).toEqual([]);
    expect(text.match(/^: heartbeat$/gm)?.length).toBeGreaterThanOrEqual(1);
    // It ends by saying why, and asks for a quick reconnect with Last-Event-ID.
    expect(
      text.endsWith(': stream lifetime reached; reconnect with Last-Event-ID\n\nretry: 500\n\n'),
    ).toBe(true);
    expect(closes).toBe(1);

    const client = new AbortController();
    const left = eventStreamResponse({
      taskId: 'task_3',
      first: [],
      after: 0,
      read: f.read,
      batchSize: 100,
      hub: f.hub,
      heartbeatMs: 60_000,
      maxStreamMs: 60_000,
      signal: client.signal,
      onClose: () => (closes += 1),
    });
    const reading = collect(left);
    await vi.waitFor(() => expect(f.watched()).toBe(true));
    client.abort();
    await reading;
    expect(closes).toBe(2);
    expect(f.watched()).toBe(false);
  });
});
