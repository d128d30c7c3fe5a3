// @vitest-environment node
import type { Listener } from './pg-listener.ts';
import {
  createTaskEventHub,
  parseTaskEventPayload,
  type TaskEventSignal,
} from './task-event-hub.ts';

/** A listener as the hub sees it: the test plays the database's notifications and reconnects. */
function scriptedListener() {
  const state = {
    handlers: null as null | { onNotification: (p: string) => void; onListening: () => void },
    listening: false,
    stops: 0,
    pings: 0,
  };
  const create = (handlers: NonNullable<typeof state.handlers>): Listener => {
    state.handlers = handlers;
    return {
      get listening() {
        return state.listening;
      },
      async ensure() {
        if (state.listening) return;
        state.listening = true;
        handlers.onListening();
      },
      async ping() {
        state.pings += 1;
      },
      async stop() {
        state.listening = false;
        state.stops += 1;
      },
    };
  };
  return { state, create };
}

const payload = (taskId: string, seq: number) =>
  JSON.stringify({ task_id: taskId, seq, type: 'transcript.turn' });

afterEach(() => {
  vi.useRealTimers();
});

describe('task event hub', () => {
  it('wakes the watchers of the notified task only, with its seq', async () => {
    const listener = scriptedListener();
    const hub = createTaskEventHub({
      createListener: listener.create,
      latestSeqs: async () => new Map(),
      safetyMs: 15_000,
      fallbackPollMs: 1_000,
    });
    const a: TaskEventSignal[] = [];
    const b: TaskEventSignal[] = [];
    await hub.watch('task_A', (s) => a.push(s));
    await hub.watch('task_B', (s) => b.push(s));
    a.length = 0;
    b.length = 0;
    listener.state.handlers!.onNotification(payload('task_A', 4));
    listener.state.handlers!.onNotification('not json');
    listener.state.handlers!.onNotification(payload('task_C', 1));
    expect(a).toEqual([{ seq: 4 }]);
    expect(b).toEqual([]);
    expect(hub.mode).toBe('listen');
    await hub.close();
  });

  it('asks every watcher to re-read after the listener reconnects', async () => {
    const listener = scriptedListener();
    const hub = createTaskEventHub({
      createListener: listener.create,
      latestSeqs: async () => new Map(),
      safetyMs: 15_000,
      fallbackPollMs: 1_000,
    });
    const a: TaskEventSignal[] = [];
    const b: TaskEventSignal[] = [];
    await hub.watch('task_A', (s) => a.push(s));
    await hub.watch('task_B', (s) => b.push(s));
    a.length = 0;
    b.length = 0;
    listener.state.listening = false;
    await listener.create(listener.state.handlers!).ensure();
    expect(a).toEqual([{ seq: null }]);
    expect(b).toEqual([{ seq: null }]);
    await hub.close();
  });

  it('without a listener, wakes watchers from one batched read, only when their task moved', async () => {
    vi.useFakeTimers();
    const seqs = new Map([
      ['task_A', 3],
      ['task_B', 1],
    ]);
    const reads: string[][] = [];
    const hub = createTaskEventHub({
      createListener: null,
      latestSeqs: async (ids) => {
        reads.push(ids);
        return new Map(ids.map((id) => [id, seqs.get(id) ?? 0]));
      },
      safetyMs: 15_000,
      fallbackPollMs: 1_000,
    });
    const a: TaskEventSignal[] = [];
    const b: TaskEventSignal[] = [];
    const stopA = await hub.watch('task_A', (s) => a.push(s));
    await hub.watch('task_B', (s) => b.push(s));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(reads).toEqual([['task_A', 'task_B']]);
    expect(a).toEqual([{ seq: 3 }]);
    seqs.set('task_B', 2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(a).toEqual([{ seq: 3 }]);
    expect(b).toEqual([{ seq: 1 }, { seq: 2 }]);
    stopA();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(reads.at(-1)).toEqual(['task_B']);
    expect(hub.mode).toBe('poll');
    await hub.close();
  });

  it('closes the listener after a while without watchers, and reopens it on the next watch', async () => {
    vi.useFakeTimers();
    const listener = scriptedListener();
    const hub = createTaskEventHub({
      createListener: listener.create,
      latestSeqs: async () => new Map(),
      safetyMs: 15_000,
      fallbackPollMs: 1_000,
      idleCloseMs: 60_000,
    });
    const stop = await hub.watch('task_A', () => {});
    stop();
    stop();
    expect(hub.watching).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(listener.state.stops).toBe(1);
    expect(listener.state.listening).toBe(false);
    await hub.watch('task_A', () => {});
    expect(listener.state.listening).toBe(true);
    await hub.close();
  });

  it('reads the small payload the database sends', () => {
    expect(parseTaskEventPayload(payload('task_X', 7))).toEqual({ taskId: 'task_X', seq: 7 });
    expect(parseTaskEventPayload('{"task_id":1,"seq":"2"}')).toBeNull();
  });
});
