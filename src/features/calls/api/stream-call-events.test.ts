import { beforeEach, describe, expect, it } from 'vitest';
// The task function's own framing, so the client is tested against what the server writes.
import { formatSseComment, formatSseEvent } from '../../../../supabase/functions/_shared/http/sse';
import { ApiError } from '@/lib/api/api-error';
import { storeSession, testSession } from '@/testing/session';
import { streamCallEvents, type CallEvent } from './stream-call-events';

const taskId = 'task_01JD000000000000000000TEST';

function event(id: number, type: string, data: Record<string, unknown> = {}) {
  return formatSseEvent({
    id,
    event: type,
    data: { id, type, task_id: taskId, created_at: '2026-11-23T10:00:00Z', data },
  });
}

/** A streamed response whose body arrives in the given chunks (bytes may split characters). */
function streamed(chunks: string[]): Response {
  const bytes = new TextEncoder().encode(chunks.join(''));
  const cuts = [0];
  let at = 0;
  for (const chunk of chunks) {
    at += new TextEncoder().encode(chunk).length;
    cuts.push(at);
  }
  return new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i + 1 < cuts.length; i++)
          controller.enqueue(bytes.slice(cuts[i], cuts[i + 1]));
        controller.close();
      },
    }),
    { status: 200, headers: { 'Content-Type': 'text/event-stream' } },
  );
}

/** The edge we do not own here (the network): answers each request from a script, in order. */
function scriptedFetch(responses: (() => Response)[]) {
  const requests: { url: string; headers: Headers }[] = [];
  const fetchFn = async (request: Request) => {
    requests.push({ url: request.url, headers: request.headers });
    const next = responses.shift();
    if (!next) throw new Error('no more scripted responses');
    return next();
  };
  return { fetchFn, requests };
}

const session = testSession();
beforeEach(() => {
  storeSession(session);
});

const noSleep = async () => {};

describe('streamCallEvents', () => {
  it('sends the key, delivers events split across chunks in order, and stops at task.completed', async () => {
    const whole = [
      'retry: 2000\n\n',
      event(1, 'task.queued'),
      event(2, 'call.ringing'),
      formatSseComment('heartbeat'),
      event(3, 'transcript.turn', { speaker: 'agent', text: 'Hi, this is Aria — “calling”.' }),
      event(4, 'task.completed', { status: 'success' }),
    ].join('');
    // Split every 5 characters: lines, CRLFs and multi-byte characters fall across chunks.
    const chunks = whole.match(/[\s\S]{1,5}/g)!;
    const { fetchFn, requests } = scriptedFetch([() => streamed(chunks)]);
    const seen: CallEvent[] = [];
    await streamCallEvents({
      taskId,
      signal: new AbortController().signal,
      onEvent: (e) => seen.push(e),
      fetch: fetchFn,
      sleep: noSleep,
    });
    expect(seen.map((e) => `${e.id} ${e.type}`)).toEqual([
      '1 task.queued',
      '2 call.ringing',
      '3 transcript.turn',
      '4 task.completed',
    ]);
    expect(seen[2]!.data.text).toBe('Hi, this is Aria — “calling”.');
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toMatch(new RegExp(`/functions/v1/task/${taskId}/events$`));
    // The signed-in user's token, read from the session by the client itself.
    expect(requests[0]!.headers.get('Authorization')).toBe(`Bearer ${session.access_token}`);
    expect(requests[0]!.headers.get('Last-Event-ID')).toBeNull();
  });

  it('resumes after a dropped connection with Last-Event-ID and the server retry delay', async () => {
    const { fetchFn, requests } = scriptedFetch([
      // The connection drops in the middle of event 3: it must not be delivered half.
      () =>
        streamed([
          'retry: 1500\n\n',
          event(1, 'task.queued'),
          event(2, 'call.answered'),
          'id: 3\nevent: transcript.turn\ndata: {"id":3,',
        ]),
      () => {
        throw new TypeError('Failed to fetch');
      },
      // The server replays from after 2; an event it repeats is not delivered twice.
      () =>
        streamed([
          event(2, 'call.answered'),
          event(3, 'transcript.turn', { speaker: 'callee', text: 'Yes.' }),
          event(4, 'task.completed', { status: 'success' }),
        ]),
    ]);
    const delays: number[] = [];
    const resumed: number[] = [];
    const seen: string[] = [];
    await streamCallEvents({
      taskId,
      signal: new AbortController().signal,
      onEvent: (e) => seen.push(`${e.id} ${e.type}`),
      onReconnecting: ({ lastEventId }) => resumed.push(lastEventId),
      fetch: fetchFn,
      sleep: async (ms) => {
        delays.push(ms);
      },
    });
    expect(seen).toEqual([
      '1 task.queued',
      '2 call.answered',
      '3 transcript.turn',
      '4 task.completed',
    ]);
    expect(requests.map((r) => r.headers.get('Last-Event-ID'))).toEqual([null, '2', '2']);
    expect(resumed).toEqual([2, 2]);
    expect(delays).toEqual([1500, 1500]);
  });

  it('does not retry a refusal: 404 and 401 come back as ApiError', async () => {
    const refusal = (status: number, code: string) => () =>
      new Response(JSON.stringify({ error: { code, message: `${code} message` } }), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    for (const [status, code] of [
      [404, 'not_found'],
      [401, 'unauthorized'],
    ] as const) {
      const { fetchFn, requests } = scriptedFetch([refusal(status, code)]);
      const error = await streamCallEvents({
        taskId,
        signal: new AbortController().signal,
        onEvent: () => undefined,
        fetch: fetchFn,
        sleep: noSleep,
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status, code, message: `${code} message` });
      expect(requests).toHaveLength(1);
    }
  });

  it('gives up after repeated failed connections, and stops quietly when aborted', async () => {
    const down = () => {
      throw new TypeError('Failed to fetch');
    };
    const { fetchFn, requests } = scriptedFetch([down, down, down]);
    const error = await streamCallEvents({
      taskId,
      signal: new AbortController().signal,
      onEvent: () => undefined,
      maxFailures: 3,
      fetch: fetchFn,
      sleep: noSleep,
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'network_error' });
    expect(requests).toHaveLength(3);

    const controller = new AbortController();
    const aborting = scriptedFetch([
      () => {
        controller.abort();
        throw new DOMException('aborted', 'AbortError');
      },
    ]);
    await expect(
      streamCallEvents({
        taskId,
        signal: controller.signal,
        onEvent: () => undefined,
        fetch: aborting.fetchFn,
        sleep: noSleep,
      }),
    ).resolves.toBeUndefined();
  });
});
