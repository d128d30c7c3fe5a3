// @vitest-environment node
// Web Crypto's subtle API is Node's own here (jsdom's crypto has none), as in Node 18+ and Deno.
import { createHmac, randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import {
  Dialwise,
  DialwiseError,
  SseParser,
  WaitTimeoutError,
  WebhookVerificationError,
  signWebhook,
  verifyWebhook,
  type Task,
  type TypedTaskEvent,
} from './index.js';

const secretBytes = randomBytes(24);
const SECRET = `whsec_${secretBytes.toString('base64')}`;
const BODY = '{"id":3,"event_id":"evt_task_01_3","type":"call.answered","task_id":"task_01"}';

function sign(id: string, timestamp: number, body: string, key: Buffer = secretBytes) {
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}
const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('verifyWebhook', () => {
  it('accepts a body signed with the secret and returns it parsed', async () => {
    const t = nowSeconds();
    const headers = {
      'webhook-id': 'evt_task_01_3',
      'webhook-timestamp': String(t),
      'webhook-signature': sign('evt_task_01_3', t, BODY),
    };
    await expect(verifyWebhook(BODY, headers, SECRET)).resolves.toMatchObject({
      type: 'call.answered',
    });
    // Headers as fetch gives them, and the raw bytes of the body.
    await expect(
      verifyWebhook(new TextEncoder().encode(BODY), new Headers(headers), SECRET),
    ).resolves.toMatchObject({ id: 3 });
  });

  it('agrees with the standardwebhooks library’s signatures', async () => {
    const date = new Date();
    const signature = new Webhook(SECRET).sign('msg_1', date, BODY);
    const headers = {
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(Math.floor(date.getTime() / 1000)),
      'webhook-signature': signature,
    };
    await expect(verifyWebhook(BODY, headers, SECRET)).resolves.toMatchObject({ id: 3 });
  });

  it('finds the valid one among several signatures (a rotated secret)', async () => {
    const t = nowSeconds();
    const other = sign('m', t, BODY, randomBytes(24));
    const headers = {
      'webhook-id': 'm',
      'webhook-timestamp': String(t),
      'webhook-signature': `${other} v1,short ${sign('m', t, BODY)}`,
    };
    await expect(verifyWebhook(BODY, headers, SECRET)).resolves.toBeTruthy();
  });

  it('refuses a changed body, another secret, an old or future timestamp and missing headers', async () => {
    const t = nowSeconds();
    const good = { 'webhook-id': 'm', 'webhook-timestamp': String(t) };
    const refuse = (body: string, headers: Record<string, string>, secret = SECRET) =>
      expect(verifyWebhook(body, headers, secret)).rejects.toBeInstanceOf(WebhookVerificationError);

    await refuse(BODY.replace('3', '4'), { ...good, 'webhook-signature': sign('m', t, BODY) });
    await refuse(BODY, { ...good, 'webhook-signature': sign('m', t, BODY, randomBytes(24)) });
    await refuse(BODY, { ...good, 'webhook-signature': sign('other', t, BODY) });
    await refuse(BODY, { ...good, 'webhook-signature': `v2,${sign('m', t, BODY).slice(3)}` });
    for (const moment of [t - 301, t + 301]) {
      await refuse(BODY, {
        'webhook-id': 'm',
        'webhook-timestamp': String(moment),
        'webhook-signature': sign('m', moment, BODY),
      });
    }
    await refuse(BODY, good);
    await refuse(BODY, { ...good, 'webhook-signature': sign('m', t, BODY) }, 'whsec_');
  });

  it('takes a tolerance and a clock', async () => {
    const t = 1_700_000_000;
    const headers = {
      'webhook-id': 'm',
      'webhook-timestamp': String(t),
      'webhook-signature': sign('m', t, BODY),
    };
    await expect(
      verifyWebhook(BODY, headers, SECRET, { now: (t + 50) * 1000, toleranceSeconds: 60 }),
    ).resolves.toBeTruthy();
    await expect(
      verifyWebhook(BODY, headers, SECRET, { now: (t + 61) * 1000, toleranceSeconds: 60 }),
    ).rejects.toThrow(/tolerance/);
  });
});

describe('SseParser', () => {
  it('reads messages split anywhere, with CRLF, comments, ids and multi-line data', () => {
    const parser = new SseParser();
    const stream =
      ': keep-alive\r\nid: 1\r\nevent: task.queued\r\ndata: {"a":\r\ndata: 1}\r\n\r\nid: 2\ndata: x\n\n';
    const messages = [];
    for (let i = 0; i < stream.length; i += 3)
      messages.push(...parser.push(stream.slice(i, i + 3)));
    expect(messages).toEqual([
      { event: 'task.queued', data: '{"a":\n1}', id: '1' },
      { event: 'message', data: 'x', id: '2' },
    ]);
  });

  it('keeps the last id for a message without one, and ignores a blank line alone', () => {
    const parser = new SseParser();
    expect(parser.push('\n\nid: 7\ndata: a\n\ndata: b\n\n')).toEqual([
      { event: 'message', data: 'a', id: '7' },
      { event: 'message', data: 'b', id: '7' },
    ]);
  });
});

// A stand-in for the network at the edge (fetch is the SDK's one dependency): answers each
// request with the next response and records what was sent.
function network(...answers: Array<(request: Request) => Response | Promise<Response>>): {
  client: Dialwise;
  requests: Request[];
} {
  const requests: Request[] = [];
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push(request);
    const answer = answers.shift();
    if (!answer) throw new TypeError('fetch failed');
    return answer(request);
  }) as typeof fetch;
  const client = new Dialwise({
    apiKey: 'dw_test_key',
    baseUrl: 'https://example.test/functions/v1/',
    fetch: fetcher,
  });
  return { client, requests };
}
const json =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json', ...headers },
    });
const task = (id: string, status: Task['status'] = 'queued') => ({ id, status }) as Task;
const page = (ids: string[], next: string | null) => ({
  object: 'list',
  data: ids.map((id) => task(id)),
  has_more: next !== null,
  next_cursor: next,
});

describe('Dialwise client', () => {
  it('sends the key, JSON and an Idempotency-Key on create', async () => {
    const { client, requests } = network(json(201, task('task_1')));
    await client.tasks.create(
      { phone_number: '+14155550100', goal: 'Confirm', metadata: { order: 7 } },
      { idempotencyKey: 'order-7' },
    );
    const [sent] = requests;
    expect(sent!.url).toBe('https://example.test/functions/v1/task');
    expect(sent!.headers.get('authorization')).toBe('Bearer dw_test_key');
    expect(sent!.headers.get('idempotency-key')).toBe('order-7');
    expect(await sent!.json()).toEqual({
      phone_number: '+14155550100',
      goal: 'Confirm',
      metadata: { order: 7 },
    });
  });

  it('iterates every page of a list by its cursor, and awaits one page', async () => {
    const { client, requests } = network(
      json(200, page(['task_3', 'task_2'], 'task_2')),
      json(200, page(['task_1'], null)),
      json(200, page(['task_3'], 'task_3')),
    );
    const ids: string[] = [];
    for await (const t of client.tasks.list({ limit: 2, status: 'queued' })) ids.push(t.id);
    expect(ids).toEqual(['task_3', 'task_2', 'task_1']);
    expect(new URL(requests[1]!.url).searchParams.get('starting_after')).toBe('task_2');
    expect(new URL(requests[1]!.url).searchParams.get('status')).toBe('queued');
    const first = await client.tasks.list({ limit: 1 });
    expect(first.has_more).toBe(true);
  });

  it('throws DialwiseError with code, request id and field', async () => {
    const { client } = network(
      json(400, {
        error: {
          code: 'invalid_request',
          message: 'unknown field `phone`; did you mean `phone_number`?',
          field: 'phone',
          request_id: 'req_1',
        },
      }),
    );
    const error = await client.tasks
      .create({ phone_number: '+14155550100', goal: 'x' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DialwiseError);
    expect(error).toMatchObject({
      status: 400,
      code: 'invalid_request',
      field: 'phone',
      requestId: 'req_1',
    });
  });

  it('retries a 429 after its Retry-After, and hands over one it will not sleep through', async () => {
    const limited = (after: string) =>
      json(
        429,
        { error: { code: 'rate_limited', message: 'slow down' } },
        { 'Retry-After': after },
      );
    const retried = network(limited('0'), json(200, task('task_1')));
    await expect(retried.client.tasks.get('task_1')).resolves.toMatchObject({ id: 'task_1' });
    expect(retried.requests).toHaveLength(2);

    const long = network(limited('60'));
    await expect(long.client.tasks.get('task_1')).rejects.toMatchObject({
      status: 429,
      code: 'rate_limited',
      retryAfter: 60,
    });
  });

  it('names an answer that is not the API’s error shape, and a network that is down', async () => {
    const html = network(() => new Response('<html>bad gateway</html>', { status: 404 }));
    await expect(html.client.tasks.get('task_1')).rejects.toMatchObject({
      status: 404,
      code: 'unexpected_response',
    });
    const down = new Dialwise({
      apiKey: 'k',
      baseUrl: 'https://example.test/functions/v1',
      maxRetries: 0,
      fetch: (async () => {
        throw new TypeError('fetch failed');
      }) as typeof fetch,
    });
    await expect(down.tasks.get('task_1')).rejects.toMatchObject({
      status: 0,
      code: 'connection_error',
    });
  });

  it('resumes an event stream that drops with Last-Event-ID, and stops after task.completed', async () => {
    const sse = (text: string) => () =>
      new Response(text, { headers: { 'Content-Type': 'text/event-stream' } });
    const event = (id: number, type: string) =>
      `id: ${id}\nevent: ${type}\ndata: ${JSON.stringify({ id, type, task_id: 'task_1' })}\n\n`;
    const { client, requests } = network(
      sse(event(1, 'task.queued') + event(2, 'call.ringing')),
      sse(event(3, 'task.completed')),
    );
    const types: string[] = [];
    for await (const e of client.tasks.events('task_1', { reconnectDelayMs: 0 })) {
      types.push(e.type);
    }
    expect(types).toEqual(['task.queued', 'call.ringing', 'task.completed']);
    expect(requests[0]!.headers.get('last-event-id')).toBeNull();
    expect(requests[1]!.headers.get('last-event-id')).toBe('2');
  });

  it('follows a task whose recording is still being copied past task.completed, to its recording event', async () => {
    const sse = (text: string) => () =>
      new Response(text, { headers: { 'Content-Type': 'text/event-stream' } });
    const event = (id: number, type: string, data: Record<string, unknown> = {}) =>
      `id: ${id}\nevent: ${type}\ndata: ${JSON.stringify({ id, type, task_id: 'task_1', data })}\n\n`;
    const { client, requests } = network(
      // The stream reaches its lifetime while the copy is pending: the client reconnects.
      sse(event(1, 'call.ended') + event(2, 'task.completed', { recording_status: 'pending' })),
      sse(event(3, 'recording.available', { attempt: 1 })),
    );
    const types: string[] = [];
    for await (const e of client.tasks.events('task_1', { reconnectDelayMs: 0 })) {
      types.push(e.type);
    }
    expect(types).toEqual(['call.ended', 'task.completed', 'recording.available']);
    expect(requests[1]!.headers.get('last-event-id')).toBe('2');
  });

  it('waits for a task to end, and gives the last task seen when the wait runs out', async () => {
    const { client } = network(
      json(200, task('task_1', 'ringing')),
      json(200, task('task_1', 'in_progress')),
      json(200, task('task_1', 'success')),
    );
    await expect(client.tasks.wait('task_1', { pollIntervalMs: 0 })).resolves.toMatchObject({
      status: 'success',
    });
    const slow = network(json(200, task('task_2', 'ringing')));
    const error = await slow.client.tasks.wait('task_2', { timeoutMs: 0 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect((error as WaitTimeoutError<Task>).task.status).toBe('ringing');
  });

  it('takes the base URL with or without /task, and refuses to start without a key', async () => {
    const requests: string[] = [];
    const fetcher = (async (input: RequestInfo | URL) => {
      requests.push(String(input));
      return json(200, task('task_1'))();
    }) as typeof fetch;
    const baseUrl = 'https://example.test/functions/v1/task';
    await new Dialwise({ apiKey: 'k', baseUrl, fetch: fetcher }).tasks.get('task_1');
    expect(requests).toEqual(['https://example.test/functions/v1/task/task_1']);
    expect(() => new Dialwise({ apiKey: '', baseUrl })).toThrow(/apiKey/);
  });

  it('makes a fresh idempotency key each time', () => {
    expect(Dialwise.idempotencyKey()).not.toBe(Dialwise.idempotencyKey());
  });
});

describe('the client on par with what integrators expect of an SDK', () => {
  it('gives each result the answer it came in: headers, Request-Id, and whether a create was a replay', async () => {
    const { client } = network(
      json(201, task('task_1'), { 'Request-Id': 'req_1' }),
      json(200, task('task_1'), { 'Request-Id': 'req_2', 'Idempotent-Replayed': 'true' }),
    );
    const first = await client.tasks.create({ phone_number: '+14155550100', goal: 'Confirm' });
    const again = await client.tasks.create({ phone_number: '+14155550100', goal: 'Confirm' });
    expect(first.lastResponse).toMatchObject({
      status: 201,
      requestId: 'req_1',
      idempotentReplayed: false,
    });
    expect(again.lastResponse).toMatchObject({ status: 200, idempotentReplayed: true });
    expect(again.lastResponse.headers.get('request-id')).toBe('req_2');
    // Never part of the object itself.
    expect(Object.keys(first)).toEqual(['id', 'status']);
    expect(JSON.stringify(first)).toBe('{"id":"task_1","status":"queued"}');
  });

  it('abandons a request that takes longer than its timeout, with the code timeout', async () => {
    const hang = (request: Request) =>
      new Promise<Response>((_, reject) =>
        request.signal.addEventListener('abort', () => reject(request.signal.reason)),
      );
    const asked: Request[] = [];
    const client = new Dialwise({
      apiKey: 'dw_test_key',
      baseUrl: 'https://example.test/functions/v1',
      maxRetries: 1,
      fetch: ((input: RequestInfo | URL, init?: RequestInit) => {
        const request = new Request(input, init);
        asked.push(request);
        return hang(request);
      }) as typeof fetch,
    });
    const error = await client.tasks
      .get('task_1', { requestTimeoutMs: 50 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DialwiseError);
    expect(error).toMatchObject({ status: 0, code: 'timeout' });
    // A read is retried once past its timeout, then given up.
    expect(asked).toHaveLength(2);
  });

  it('adds numbers to the do-not-call list', async () => {
    const { client, requests } = network(json(200, { added: 2, already_listed: 0 }));
    const answer = await client.doNotCall.add(['+14155550100', '+14155550101']);
    expect(answer).toEqual({ added: 2, already_listed: 0 });
    expect(requests[0]!.method).toBe('POST');
    expect(new URL(requests[0]!.url).pathname).toBe('/functions/v1/task/do-not-call');
    expect(await requests[0]!.json()).toEqual({ phone_numbers: ['+14155550100', '+14155550101'] });
  });

  it('reads and attests the account’s legal basis', async () => {
    const basis = { object: 'legal_basis', current: null, history: [] };
    const { client, requests } = network(json(200, basis), json(200, basis));
    await client.legalBasis.get();
    await client.legalBasis.attest({ basis: 'exemption', exemption: 'healthcare' });
    expect(requests.map((r) => [r.method, new URL(r.url).pathname])).toEqual([
      ['GET', '/functions/v1/task/legal-basis'],
      ['POST', '/functions/v1/task/legal-basis'],
    ]);
    expect(await requests[1]!.json()).toEqual({ basis: 'exemption', exemption: 'healthcare' });
  });

  it('signs a test webhook as we would, which verifyWebhook and standardwebhooks accept', async () => {
    const headers = await signWebhook(BODY, SECRET, { id: 'msg_test', timestamp: nowSeconds() });
    expect(headers['webhook-id']).toBe('msg_test');
    await expect(verifyWebhook(BODY, headers, SECRET)).resolves.toMatchObject({ id: 3 });
    expect(new Webhook(SECRET).verify(BODY, headers)).toMatchObject({ id: 3 });
    const client = new Dialwise({ apiKey: 'k', baseUrl: 'https://example.test/functions/v1' });
    const signed = await client.webhooks.sign(BODY, SECRET);
    await expect(client.webhooks.verify(BODY, signed, SECRET)).resolves.toMatchObject({ id: 3 });
  });

  it('types each event’s data by its type', () => {
    const event = {
      id: 4,
      type: 'keypad.pressed',
      data: { attempt: 1, speaker: 'callee', digits: '9' },
    } as TypedTaskEvent;
    // Narrowing on type gives the data's fields without casts.
    const digits = event.type === 'keypad.pressed' ? event.data.digits : null;
    expect(digits).toBe('9');
  });
});
