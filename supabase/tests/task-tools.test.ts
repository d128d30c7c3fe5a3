import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCallingAccount, type CallingAccount } from './support/call-api';
import { deleteCreatedUsers } from './support/clients';
import { waitFor } from './support/wait';
import { closeServer } from './support/servers';

// The integrator's own tools, called by the agent mid-call, on the simulated phone network: its
// callee at 555-0110 asks something only the task's first tool can answer.
type Turn = { speaker: string; text: string };
type Task = {
  id: string;
  status: string;
  outcome: string | null;
  transcript: Turn[];
  tools: { name: string; url: string }[];
  error?: { code: string; field?: string; message: string };
};
type Event = { type: string; data: Record<string, unknown> };

const TERMINAL = ['success', 'no_answer', 'busy', 'voicemail', 'failed', 'canceled'];
const ASKS_TOOL = '+14155550110';
const LOOKUP = {
  name: 'check_prescription',
  description: 'Looks up whether a prescription is ready for pickup.',
  parameters: {
    type: 'object',
    properties: {
      patient_name: { type: 'string', description: 'The patient name' },
      refills: { type: 'integer', description: 'Refills asked for' },
    },
    required: ['patient_name', 'refills'],
    additionalProperties: false,
  },
};

type Received = { headers: IncomingHttpHeaders; body: string };

/** The integrator's tool endpoint: answers each POST with `status` and `answer`. */
async function toolServer(status: number, answer: unknown) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tools/prescription`;
  return { url, received, close: () => closeServer(server) };
}

let account: CallingAccount;
let secret: string;
beforeAll(async () => {
  account = await createCallingAccount({ label: 'tools', credits: 5 });
  const { data, error } = await account.client.from('webhook_secrets').select('secret').single();
  if (error) throw error;
  secret = (data as { secret: string }).secret;
});
afterAll(deleteCreatedUsers);

async function place(json: Record<string, unknown>) {
  const response = await account.api('', {
    method: 'POST',
    json: {
      goal: "Tell Kim her prescription can be picked up; ask if she'll come today.",
      ...json,
    },
  });
  return { status: response.status, body: (await response.json()) as Task };
}

const ended = (id: string) =>
  waitFor(
    async () => (await (await account.api(`/${id}`)).json()) as Task,
    (task) => TERMINAL.includes(task.status),
    { what: `task ${id} to end` },
  );

async function eventsOf(id: string): Promise<Event[]> {
  const text = await (await account.api(`/${id}/events`)).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)) as Event);
}

describe('tools during the call', () => {
  it('calls the tool with valid, signed arguments and the agent speaks its answer', async () => {
    const tool = await toolServer(200, { ready: true, pickup: 'after 4 pm' });
    try {
      const created = await place({
        phone_number: ASKS_TOOL,
        tools: [{ ...LOOKUP, url: tool.url }],
      });
      expect(created.status).toBe(201);
      expect(created.body.tools).toEqual([{ ...LOOKUP, url: tool.url }]);
      const task = await ended(created.body.id);
      expect(task).toMatchObject({ status: 'success', outcome: 'achieved' });

      expect(tool.received).toHaveLength(1);
      const request = tool.received[0]!;
      const payload = new Webhook(secret).verify(request.body, {
        'webhook-id': String(request.headers['webhook-id']),
        'webhook-timestamp': String(request.headers['webhook-timestamp']),
        'webhook-signature': String(request.headers['webhook-signature']),
      }) as { type: string; task_id: string; name: string; arguments: Record<string, unknown> };
      expect(payload).toMatchObject({ type: 'tool.call', task_id: task.id, name: LOOKUP.name });
      expect(typeof payload.arguments.patient_name).toBe('string');
      expect(Number.isInteger(payload.arguments.refills)).toBe(true);

      const spoken = task.transcript.find((t) => t.text.includes('I checked that for you'));
      expect(spoken?.speaker).toBe('agent');
      expect(spoken?.text).toContain('"pickup":"after 4 pm"');

      const events = await eventsOf(task.id);
      const called = events.find((e) => e.type === 'tool.called')!;
      const answered = events.find((e) => e.type === 'tool.answered')!;
      expect(called.data).toMatchObject({ name: LOOKUP.name, arguments: payload.arguments });
      expect(answered.data).toMatchObject({
        name: LOOKUP.name,
        ok: true,
        result: { ready: true, pickup: 'after 4 pm' },
        status_code: 200,
      });
      expect(answered.data.duration_ms).toEqual(expect.any(Number));
      expect(events.indexOf(answered)).toBeGreaterThan(events.indexOf(called));
    } finally {
      await tool.close();
    }
  });

  it('a failing tool does not hang the call: the agent says so and carries on', async () => {
    const tool = await toolServer(500, { oops: true });
    try {
      const created = await place({
        phone_number: ASKS_TOOL,
        tools: [{ ...LOOKUP, url: tool.url }],
      });
      const task = await ended(created.body.id);
      expect(task.status).toBe('success');
      expect(task.transcript.some((t) => t.text.includes('cannot check that right now'))).toBe(
        true,
      );
      const answered = (await eventsOf(task.id)).find((e) => e.type === 'tool.answered')!;
      expect(answered.data).toMatchObject({
        ok: false,
        error: 'The tool did not answer: HTTP 500',
      });
    } finally {
      await tool.close();
    }
  });

  it('refuses tools it could not call, naming the field', async () => {
    const tool = { ...LOOKUP, url: 'https://tools.example.com/rx' };
    const cases: [unknown, string][] = [
      [Array.from({ length: 9 }, (_, i) => ({ ...tool, name: `t${i}` })), 'tools'],
      [[tool, tool], 'tools.1.name'],
      [[{ ...tool, name: '1st tool' }], 'tools.0.name'],
      [[{ ...tool, description: '' }], 'tools.0.description'],
      [[{ ...tool, url: 'http://tools.example.com/rx' }], 'tools.0.url'],
      [[{ ...tool, url: 'https://169.254.169.254/latest' }], 'tools.0.url'],
      [[{ ...tool, parameters: { type: 'string' } }], 'tools.0.parameters'],
      [
        [{ ...tool, parameters: { type: 'object', properties: { a: { type: 'date' } } } }],
        'tools.0.parameters',
      ],
      [[{ ...tool, secret: 'x' }], 'tools.0.secret'],
    ];
    for (const [tools, field] of cases) {
      const { status, body } = await place({ phone_number: '+14155550100', tools });
      expect(status, field).toBe(400);
      expect(body.error, field).toMatchObject({ code: 'invalid_request', field });
    }
  });
});
