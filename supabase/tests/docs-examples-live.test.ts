// Every request /docs shows, sent to the running stack as an integrator would copy it: the real
// answer must have the shape of the example the page prints (the same keys, the same JSON types,
// the event envelope), so a docs example cannot drift from the wire. The examples' agreement with
// openapi.yaml is scripts/contract/docs-examples.test.ts.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cancelTaskRequest,
  createTaskRequest,
  errorExample,
  errorRequest,
  EXAMPLE_TASK_ID,
  eventExamples,
  eventsRequest,
  getTaskRequest,
  listTasksNextPageRequest,
  listTasksRequest,
  phoneAgentRequest,
  RESULT_SCHEMA,
  resultRequest,
  taskExample,
  toolRequest,
  webhookDeliveryExample,
  webhookRequest,
  type WireRequest,
} from '../../src/features/docs/content/wire-examples';
import { postInboundSms, TWILIO_LOCAL } from '@dialwise/local-stack';
import { smsExamples } from '../../src/features/docs/content/sms';
import { deleteCreatedUsers, serviceClient } from './support/clients';
import { createCallingAccount, taskUrl, type CallingAccount } from './support/call-api';
import { apiUrl } from './support/stack';
import { waitFor } from './support/wait';
import { closeServer } from './support/servers';

const kindOf = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;

/**
 * Where `real` departs from the shape of `example`: a member one has and the other lacks, or
 * another JSON type. A null on either side passes (a nullable member is null in one call and set in
 * another); an array is compared by its first items.
 */
function shapeDepartures(example: unknown, real: unknown, at = '$'): string[] {
  if (example === null || real === null) return [];
  const [documented, sent] = [kindOf(example), kindOf(real)];
  if (documented !== sent) return [`${at}: ${documented} in the docs, ${sent} on the wire`];
  if (documented === 'array') {
    const [first, second] = [(example as unknown[])[0], (real as unknown[])[0]];
    return first === undefined || second === undefined
      ? []
      : shapeDepartures(first, second, `${at}[0]`);
  }
  if (documented !== 'object') return [];
  const [a, b] = [example as Record<string, unknown>, real as Record<string, unknown>];
  return [
    ...Object.keys(a)
      .filter((key) => !(key in b))
      .map((key) => `${at}.${key}: in the docs, not on the wire`),
    ...Object.keys(b)
      .filter((key) => !(key in a))
      .map((key) => `${at}.${key}: on the wire, not in the docs`),
    ...Object.keys(a)
      .filter((key) => key in b)
      .flatMap((key) => shapeDepartures(a[key], b[key], `${at}.${key}`)),
  ];
}

let account: CallingAccount;

/** Sends an example as its snippets do, with this account's key and the given task's id. */
async function send(request: WireRequest, changes: { taskId?: string; body?: object } = {}) {
  const path = request.path.replace(EXAMPLE_TASK_ID, changes.taskId ?? EXAMPLE_TASK_ID);
  const query = Object.fromEntries(
    Object.entries(request.query ?? {}).map(([name, value]) => [
      name,
      value.replace(EXAMPLE_TASK_ID, changes.taskId ?? EXAMPLE_TASK_ID),
    ]),
  );
  const search = Object.keys(query).length ? `?${new URLSearchParams(query)}` : '';
  const body = request.body ? { ...request.body, ...changes.body } : undefined;
  const response = await fetch(`${taskUrl}${path}${search}`, {
    method: request.method,
    headers: {
      Authorization: `Bearer ${account.apiKey}`,
      ...(body ? { 'Content-Type': 'application/json' } : {}),
      ...request.headers,
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  expect(response.status, `${request.method} ${path}`).toBe(request.status);
  return response;
}

type Delivery = { headers: IncomingHttpHeaders; body: string };
let receiver: { url: string; received: Delivery[]; close: () => Promise<void> };

beforeAll(async () => {
  account = await createCallingAccount({ label: 'docs-examples', credits: 5 });
  const received: Delivery[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/calls`,
    received,
    close: () => closeServer(server),
  };
});
afterAll(async () => {
  await receiver.close();
  await deleteCreatedUsers();
});

describe('/docs examples on the running stack', { shuffle: false }, () => {
  let created: { id: string };

  it('the quick start creates a task and answers the task object the docs print', async () => {
    const response = await send(createTaskRequest);
    created = (await response.json()) as typeof taskExample;
    expect(shapeDepartures(taskExample, created)).toEqual([]);
    expect(created).toMatchObject({ status: 'success', metadata: createTaskRequest.body.metadata });

    const again = await send(getTaskRequest, { taskId: created.id });
    expect(shapeDepartures(taskExample, await again.json())).toEqual([]);
  });

  it('the list and its next page answer, with the parameters the docs name', async () => {
    const page = (await (await send(listTasksRequest)).json()) as { data: unknown[] };
    expect(page.data).toHaveLength(1);
    expect(shapeDepartures(taskExample, page.data[0])).toEqual([]);
    const next = (await (await send(listTasksNextPageRequest, { taskId: created.id })).json()) as {
      data: unknown[];
      next_cursor: string | null;
    };
    expect(next).toMatchObject({ data: [], next_cursor: null });
  });

  it('the event stream carries the events the docs print, each in its envelope', async () => {
    const text = await (await send(eventsRequest, { taskId: created.id })).text();
    const streamed = text
      .split('\n\n')
      .filter((block) => block.includes('data:'))
      .map((block) => {
        const lines = block.split('\n');
        const data = JSON.parse(lines.find((line) => line.startsWith('data:'))!.slice(5)) as {
          id: number;
          type: string;
        };
        // The SSE id and event lines are the envelope's, as in the example.
        expect(lines).toContain(`id: ${data.id}`);
        expect(lines).toContain(`event: ${data.type}`);
        return data;
      });
    for (const example of eventExamples) {
      const real = streamed.find((event) => event.type === example.type);
      expect(real, example.type).toBeDefined();
      expect(shapeDepartures(example, real), example.type).toEqual([]);
    }
  });

  it('the error example is the answer to its mistake, request_id included', async () => {
    const body = (await (await send(errorRequest)).json()) as typeof errorExample;
    expect(body).toEqual({
      error: { ...errorExample.error, request_id: expect.stringMatching(/^req_[0-9a-f]{24}$/) },
    });
  });

  it('a result and a recording: the result has the members of the schema sent', async () => {
    const task = (await (await send(resultRequest)).json()) as {
      result: Record<string, unknown> | null;
      record: boolean;
    };
    expect(task.record).toBe(true);
    expect(Object.keys(task.result ?? {}).sort()).toEqual(
      Object.keys(RESULT_SCHEMA.properties).sort(),
    );
  });

  it('the tool and phone agent examples are accepted, and the cancel example cancels them', async () => {
    for (const request of [toolRequest, phoneAgentRequest]) {
      const task = (await (await send(request)).json()) as { id: string };
      const canceled = (await (await send(cancelTaskRequest, { taskId: task.id })).json()) as {
        status: string;
      };
      expect(canceled.status).toBe('canceled');
    }
  });

  it('a webhook delivery has the headers and the body the docs print', async () => {
    await send(webhookRequest, { body: { webhook_url: receiver.url } });
    const type = webhookDeliveryExample.body.type;
    const delivery = await waitFor(
      async () => receiver.received.find((one) => JSON.parse(one.body).type === type),
      (found) => found !== undefined,
      { what: `a ${type} delivery` },
    );
    for (const name of Object.keys(webhookDeliveryExample.headers))
      expect(delivery!.headers, name).toHaveProperty(name);
    expect(delivery!.headers['content-type']).toContain('application/json');
    const event = JSON.parse(delivery!.body) as { event_id: string };
    expect(delivery!.headers['webhook-id']).toBe(event.event_id);
    expect(shapeDepartures(webhookDeliveryExample.body, event)).toEqual([]);
  });

  it("the SMS how-to's test text, from the verified phone, places a test call", async () => {
    const example = smsExamples.find((one) => !one.reads.livemode)!;
    const { data } = await serviceClient()
      .from('user_kyc')
      .select('phone')
      .eq('user_id', account.user.id)
      .single();
    const sent = await postInboundSms({
      webhookUrl: `${apiUrl}/functions/v1/sms-inbound`,
      authToken: TWILIO_LOCAL.authToken,
      accountSid: TWILIO_LOCAL.accountSid,
      sms: {
        from: (data as { phone: string }).phone,
        to: TWILIO_LOCAL.phoneNumber,
        body: example.text,
      },
    });
    expect(sent.reply).toContain(`calling ${example.reads.phoneNumber} now`);
    const taskId = /task_[0-9A-Z]{26}/.exec(sent.reply!)![0];
    const { data: task } = await serviceClient()
      .from('tasks')
      .select('source, livemode, goal')
      .eq('id', taskId)
      .single();
    expect(task).toEqual({ source: 'sms', livemode: false, goal: example.reads.goal });
  });
});
