import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteCreatedUsers } from './support/clients';
import { createCallingAccount, taskUrl, type CallingAccount } from './support/call-api';
import { publishableKey, apiUrl } from './support/stack';

// Attacks on what the call API does with a request's body: a made-up key must cost nothing but
// the key check, bodies nested thousands of levels deep must answer 400 (never 500), and one batch
// may not fan out into unbounded DNS look-ups, schema compilations or calls to one person.

const MADE_UP_KEY = `dw_${'5'.repeat(64)}`;
const PHONE = '+14155550100';
const GOAL = 'Confirm the appointment tomorrow at 3 pm.';

type ErrorBody = {
  error: {
    code: string;
    message: string;
    field?: string;
    rows?: { index: number; field: string; message: string }[];
  };
};

const deep = (levels: number, leaf = '1') => `${'['.repeat(levels)}${leaf}${']'.repeat(levels)}`;
const notChain = (levels: number) =>
  `${'{"not":'.repeat(levels)}{"type":"string"}${'}'.repeat(levels)}`;

function post(path: string, body: string, headers: Record<string, string>) {
  return fetch(`${taskUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body,
  });
}

/** An output_schema that Ajv would register under its $id and keep, and that compiles slowly. */
function heavySchema(i: number) {
  return {
    $id: `https://attacker.example/schemas/${i}`,
    type: 'object',
    properties: Object.fromEntries(
      Array.from({ length: 40 }, (_, j) => [`field_${j}`, { type: 'string', pattern: `^${j}` }]),
    ),
  };
}

let caller: CallingAccount;
let sessionToken: string;

beforeAll(async () => {
  caller = await createCallingAccount({ label: 'body-attacks', credits: 20 });
  const { data } = await caller.client.auth.getSession();
  sessionToken = data.session!.access_token;
});

afterAll(deleteCreatedUsers);

describe('a made-up key of the right shape', () => {
  it('is refused before a 1.1 MB batch with output schemas and 300 webhook hosts is read', async () => {
    const tasks = Array.from({ length: 300 }, (_, i) => ({
      phone_number: PHONE,
      goal: GOAL,
      webhook_url: `https://hook-${i}.attacker.example/events`,
      output_schema: heavySchema(i),
    }));
    const body = JSON.stringify({ tasks, defaults: { metadata: { pad: 'x'.repeat(500_000) } } });
    expect(body.length).toBeGreaterThan(1_000_000);
    const started = performance.now();
    const response = await post('/batches', body, { Authorization: `Bearer ${MADE_UP_KEY}` });
    const elapsed = performance.now() - started;
    expect(response.status).toBe(401);
    expect(((await response.json()) as ErrorBody).error.code).toBe('unauthorized');
    // 300 look-ups and compilations took tens of seconds; one key check takes milliseconds.
    expect(elapsed).toBeLessThan(2_000);
  });

  it('is refused before a create body with an output_schema is read', async () => {
    const response = await post(
      '',
      JSON.stringify({ phone_number: PHONE, goal: GOAL, output_schema: heavySchema(1) }),
      { Authorization: `Bearer ${MADE_UP_KEY}` },
    );
    expect(response.status).toBe(401);
  });

  it('is refused before a 9,000-deep body is looked at', async () => {
    const response = await post('', `{"metadata":${deep(9000)}}`, {
      Authorization: `Bearer ${MADE_UP_KEY}`,
    });
    expect(response.status).toBe(401);
  });
});

describe('bodies nested thousands of levels deep', () => {
  const cases: [string, string, string, string][] = [
    [
      'metadata',
      '',
      `{"phone_number":"${PHONE}","goal":"x","metadata":{"a":${deep(9000)}}}`,
      'metadata',
    ],
    [
      'context',
      '',
      `{"phone_number":"${PHONE}","goal":"x","context":{"a":${deep(5000)}}}`,
      'context',
    ],
    [
      'a not chain in output_schema',
      '',
      `{"phone_number":"${PHONE}","goal":"x","output_schema":${notChain(5000)}}`,
      'output_schema',
    ],
    [
      'a batch row',
      '/batches',
      `{"tasks":[{"phone_number":"${PHONE}","goal":"x"},{"phone_number":"+14155550101","metadata":${deep(9000, '{}')}}]}`,
      'tasks.1.metadata',
    ],
    ['the body itself', '', deep(9000), 'body'],
  ];

  it.each(cases)(
    'in %s answer 400 naming the field, with a key',
    async (_name, path, body, field) => {
      const response = await post(path, body, { Authorization: `Bearer ${caller.apiKey}` });
      expect(response.status).toBe(400);
      const { error } = (await response.json()) as ErrorBody;
      expect(error.code).toBe('invalid_request');
      expect(error.field).toBe(field);
      expect(error.message).toMatch(/nests deeper than 64 levels/);
    },
  );

  it.each(cases)(
    'in %s answer 400 naming the field, with a session',
    async (_name, path, body, field) => {
      const response = await post(path, body, {
        apikey: publishableKey,
        Authorization: `Bearer ${sessionToken}`,
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as ErrorBody).error.field).toBe(field);
    },
  );

  it('of 64 levels are still accepted', async () => {
    // The body is level 1, metadata level 2: 62 more levels of lists inside it make 64.
    const response = await caller.api('', {
      method: 'POST',
      json: {
        phone_number: '+14155550102',
        goal: GOAL,
        schedule_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        metadata: { a: JSON.parse(deep(62)) },
      },
    });
    expect(response.status).toBe(201);
  });

  it('sent to the MCP server as tool arguments answer an error, not a 500', async () => {
    const response = await fetch(`${apiUrl}/functions/v1/mcp`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${caller.apiKey}`,
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
      body: `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"place_call","arguments":{"phone_number":"${PHONE}","goal":"x","metadata":${deep(9000, '{}')}}}}`,
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).error.field).toBe('params');
  });

  it('sent to the contact form answer 400, not a 500', async () => {
    const response = await fetch(`${apiUrl}/functions/v1/contact-request`, {
      method: 'POST',
      headers: { apikey: publishableKey, 'Content-Type': 'application/json' },
      body: `{"name":"Kim","message":${deep(7000, '"x"')}}`,
    });
    expect(response.status).toBe(400);
  });
});

describe('a body larger than its cap', () => {
  it('is refused by its declared length without being read', async () => {
    const response = await post('', `{"goal":"${'x'.repeat(70_000)}"}`, {
      Authorization: `Bearer ${caller.apiKey}`,
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).error.message).toBe(
      'The request body must be at most 64 KB',
    );
  });
});

/**
 * Sends a chunked body that never ends (16 KB every 50 ms) and resolves with the answer, whenever
 * it comes: an answer that waited for the body's end, or for a proxy's far larger limit, never does.
 */
function streamForever(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; body: string; sentBytes: number }>((resolve, reject) => {
    let sentBytes = 0;
    const target = new URL(url);
    const request = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked', ...headers },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (text: string) => (body += text));
        response.on('end', () => {
          clearInterval(sending);
          request.destroy();
          resolve({ status: response.statusCode ?? 0, body, sentBytes });
        });
      },
    );
    request.on('error', (error) => {
      clearInterval(sending);
      reject(error);
    });
    request.write('{"goal":"');
    const chunk = 'x'.repeat(16 * 1024);
    const sending = setInterval(() => {
      request.write(chunk);
      sentBytes += chunk.length;
    }, 50);
  });
}

describe('a streamed body past its cap', () => {
  it('is answered as soon as it passes the cap, while the client is still sending', async () => {
    const answer = await streamForever(taskUrl, { Authorization: `Bearer ${caller.apiKey}` });
    expect(answer.status).toBe(400);
    expect((JSON.parse(answer.body) as ErrorBody).error.message).toBe(
      'The request body must be at most 64 KB',
    );
    // Refused near the 64 KB cap, long before the gateway's 10 MB or the runtime's 20 MB.
    expect(answer.sentBytes).toBeLessThan(1024 * 1024);
  }, 20_000);
});

describe('one batch fanning out', () => {
  const row = (i: number, extra: Record<string, unknown> = {}) => ({
    phone_number: `+1415555${String(1000 + i).padStart(4, '0')}`,
    goal: GOAL,
    ...extra,
  });

  it('to eleven webhook hosts is refused before any host is resolved', async () => {
    const tasks = Array.from({ length: 11 }, (_, i) =>
      row(i, { webhook_url: `https://hook-${i}.example.com/events` }),
    );
    const response = await caller.api('/batches', { method: 'POST', json: { tasks } });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as ErrorBody;
    expect(error.field).toBe('tasks');
    expect(error.message).toMatch(/at most 10 distinct hosts; its rows name 11/);
  });

  it('to eleven distinct output schemas is refused before any is compiled', async () => {
    const tasks = Array.from({ length: 11 }, (_, i) =>
      row(i, {
        output_schema: { type: 'object', properties: { [`answer_${i}`]: { type: 'string' } } },
      }),
    );
    const response = await caller.api('/batches', { method: 'POST', json: { tasks } });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as ErrorBody;
    expect(error.field).toBe('tasks');
    expect(error.message).toMatch(/at most 10 distinct schemas .+; its rows use 11/);
  });

  it('to tools on eleven hosts, or with eleven distinct parameter schemas, is refused before any is looked up or compiled', async () => {
    const tool = (i: number, host: number) => ({
      name: 'lookup_order',
      description: 'Looks up the order the callee asks about.',
      url: `https://tools-${host}.example.com/lookup`,
      parameters: { type: 'object', properties: { [`order_${i}`]: { type: 'string' } } },
    });
    const onHosts = Array.from({ length: 11 }, (_, i) => row(i, { tools: [{ ...tool(0, i) }] }));
    const hosts = await caller.api('/batches', { method: 'POST', json: { tasks: onHosts } });
    expect(hosts.status).toBe(400);
    const hostError = ((await hosts.json()) as ErrorBody).error;
    expect(hostError.field).toBe('tasks');
    expect(hostError.message).toMatch(/at most 10 distinct hosts; its rows name 11/);

    const withSchemas = Array.from({ length: 11 }, (_, i) => row(i, { tools: [tool(i, 0)] }));
    const schemas = await caller.api('/batches', { method: 'POST', json: { tasks: withSchemas } });
    expect(schemas.status).toBe(400);
    const schemaError = ((await schemas.json()) as ErrorBody).error;
    expect(schemaError.field).toBe('tasks');
    expect(schemaError.message).toMatch(/at most 10 distinct schemas .+; its rows use 11/);
  });

  it('that rings one person from several rows is refused, naming every such row', async () => {
    const tasks = [row(1), row(2), row(1), row(3), row(1)];
    const response = await caller.api('/batches', { method: 'POST', json: { tasks } });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as ErrorBody;
    expect(error.rows?.map((r) => [r.index, r.field])).toEqual([
      [0, 'phone_number'],
      [2, 'phone_number'],
      [4, 'phone_number'],
    ]);
    expect(error.rows?.[0]?.message).toMatch(/also the number of rows 2, 4/);
  });
});
