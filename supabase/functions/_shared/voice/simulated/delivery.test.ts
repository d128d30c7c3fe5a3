import { createOutbox, retryDelaysMs, type Target } from './delivery.ts';

const target = (overrides: Partial<Target> = {}): Target => ({
  url: 'http://receiver.test/hook',
  headers: { 'x-token': 't' },
  timeoutSeconds: 20,
  backoffPlan: null,
  ...overrides,
});

/** A fake receiver: answers each POST with the next status of `statuses` (then 200). */
function receiver(statuses: (number | 'refuse')[]) {
  const received: { type: string; headers: Record<string, string> }[] = [];
  const fetch = async (_url: string | URL | Request, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as { message: { type: string } };
    received.push({ type: body.message.type, headers: init?.headers as Record<string, string> });
    const next = statuses.shift() ?? 200;
    if (next === 'refuse') throw new TypeError('fetch failed');
    return new Response('ok', { status: next });
  };
  return { fetch: fetch as typeof globalThis.fetch, received };
}

const message = (type: string) => ({ message: { type } });

describe('server message delivery', () => {
  it('delivers in order with the assistant server headers', async () => {
    const r = receiver([]);
    const outbox = createOutbox({ fetch: r.fetch, wait: async () => undefined });
    void outbox.send(target(), 'a', message('a'));
    void outbox.send(target(), 'b', message('b'));
    await outbox.idle();
    expect(r.received.map((m) => m.type)).toEqual(['a', 'b']);
    expect(r.received[0]!.headers).toMatchObject({
      'x-token': 't',
      'content-type': 'application/json',
    });
    expect(outbox.history.map((h) => h.delivered)).toEqual([true, true]);
  });

  it('retries a non-2xx or a refused connection before sending the next message', async () => {
    const r = receiver([500, 'refuse', 200, 200]);
    const waits: number[] = [];
    const outbox = createOutbox({ fetch: r.fetch, wait: async (ms) => waits.push(ms) });
    void outbox.send(target(), 'a', message('a'));
    void outbox.send(target(), 'b', message('b'));
    await outbox.idle();
    expect(r.received.map((m) => m.type)).toEqual(['a', 'a', 'a', 'b']);
    expect(waits).toEqual([500, 1000]);
    expect(outbox.history[0]!.attempts.map((a) => a.status)).toEqual([500, null, 200]);
  });

  it('gives up after the last retry, logs it, and moves on', async () => {
    const r = receiver([503, 503, 503, 503, 503]);
    const lines: string[] = [];
    const outbox = createOutbox({
      fetch: r.fetch,
      wait: async () => undefined,
      log: (l) => lines.push(l),
    });
    void outbox.send(target(), 'a', message('a'));
    void outbox.send(target(), 'b', message('b'));
    await outbox.idle();
    expect(r.received.map((m) => m.type)).toEqual(['a', 'a', 'a', 'a', 'a', 'b']);
    expect(outbox.history.map((h) => h.delivered)).toEqual([false, true]);
    expect(lines[0]).toMatch(/gave up delivering a .* after 5 attempt\(s\): 503/);
  });

  it('gives up at once what is queued or retrying when stopped, sending nothing more', async () => {
    const r = receiver([500, 500, 500, 500, 500]);
    let stop = () => undefined as void;
    const outbox = createOutbox({
      fetch: r.fetch,
      wait: (_ms, signal) =>
        new Promise<void>((resolve) => {
          // The first retry wait is where the network stops.
          stop();
          if (signal.aborted) resolve();
          else signal.addEventListener('abort', () => resolve(), { once: true });
        }),
    });
    stop = outbox.stop;
    const first = outbox.send(target(), 'status-update', message('status-update'));
    const second = outbox.send(target(), 'end-of-call-report', message('end-of-call-report'));
    await Promise.all([first, second]);
    expect(r.received.map((m) => m.type)).toEqual(['status-update']);
    expect(outbox.history.map((h) => [h.type, h.attempts.length, h.delivered])).toEqual([
      ['status-update', 1, false],
      ['end-of-call-report', 0, false],
    ]);
  });

  it("follows the assistant's backoffPlan, excluded status codes included", async () => {
    const plan = {
      type: 'exponential' as const,
      maxRetries: 3,
      baseDelaySeconds: 1,
      excludedStatusCodes: [401],
    };
    expect(retryDelaysMs(target({ backoffPlan: plan }), [])).toEqual([1000, 2000, 4000]);
    expect(retryDelaysMs(target({ backoffPlan: { ...plan, type: 'fixed' } }), [])).toEqual([
      1000, 1000, 1000,
    ]);
    expect(retryDelaysMs(target({ backoffPlan: { ...plan, maxRetries: 0 } }), [])).toEqual([]);

    const r = receiver([401]);
    const outbox = createOutbox({ fetch: r.fetch, wait: async () => undefined });
    await outbox.send(target({ backoffPlan: plan }), 'a', message('a'));
    expect(r.received).toHaveLength(1);
    expect(outbox.history[0]!.delivered).toBe(false);
  });
});
