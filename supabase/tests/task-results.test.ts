import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCallingAccount, type CallingAccount } from './support/call-api';
import { deleteCreatedUsers } from './support/clients';
import { closeClock, sql } from './support/clock';
import { apiUrl, secretKey, TEST_PORTS } from './support/stack';
import { waitFor } from './support/wait';
import { closeServer } from './support/servers';

// What a finished call hands back to a program: the result by the integrator's own schema, on the
// integration stack with the simulated phone network (recordings: recordings.test.ts).
type Task = {
  id: string;
  status: string;
  outcome: string | null;
  output_schema: Record<string, unknown> | null;
  result: Record<string, unknown> | null;
  result_note: string | null;
  record: boolean;
  recording_retention_days: number;
  recording_url: string | null;
  recording_expires_at: string | null;
  duration_seconds: number;
};

const GOAL = "Confirm Kim's dental appointment tomorrow at 3 pm; offer Thursday if not.";
const TERMINAL = ['success', 'no_answer', 'busy', 'voicemail', 'failed', 'canceled'];
const SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: {
    confirmed: { type: 'boolean', description: 'Kim confirmed the appointment.' },
    new_time: { type: ['string', 'null'], description: 'The new time, if one was agreed.' },
    party_size: { type: 'integer', description: 'How many people are coming.' },
    channel: { type: 'string', enum: ['phone', 'sms', 'email'] },
    reminders: { type: 'array', items: { type: 'string' } },
  },
  required: ['confirmed', 'party_size', 'channel', 'reminders'],
  additionalProperties: false,
};
/** What every stored result satisfies: the schema with each field present and nullable. */
const fitsResultSchema = new Ajv2020({ strict: false }).compile({
  ...SCHEMA,
  properties: {
    confirmed: { type: ['boolean', 'null'] },
    new_time: { type: ['string', 'null'] },
    party_size: { type: ['integer', 'null'] },
    channel: { type: ['string', 'null'], enum: ['phone', 'sms', 'email', null] },
    reminders: { type: ['array', 'null'], items: { type: 'string' } },
  },
  required: Object.keys(SCHEMA.properties),
});

let owner: CallingAccount;
beforeAll(async () => {
  owner = await createCallingAccount({ label: 'results', credits: 5 });
});
afterAll(async () => {
  await closeClock();
  await deleteCreatedUsers();
});

async function place(account: CallingAccount, json: Record<string, unknown>) {
  const response = await account.api('', { method: 'POST', json: { goal: GOAL, ...json } });
  return { response, body: (await response.json()) as Task & { error?: { field?: string } } };
}

const ended = (account: CallingAccount, id: string) =>
  waitFor(
    async () => (await (await account.api(`/${id}`)).json()) as Task,
    (task) => TERMINAL.includes(task.status),
    { what: `task ${id} to end` },
  );

/** The replay of a finished task's event stream, and the task object task.completed carries. */
async function completedEvent(account: CallingAccount, id: string): Promise<Task> {
  const text = await (await account.api(`/${id}/events`)).text();
  const block = text.split('\n\n').find((b) => b.includes('event: task.completed'));
  const data = block?.split('\n').find((line) => line.startsWith('data: '));
  if (!data) throw new Error(`no task.completed in ${text.slice(0, 500)}`);
  return (JSON.parse(data.slice(6)) as { data: Task }).data;
}

describe('output_schema → result', () => {
  it('fills what the call settled on 555-0100 (booleans true) and nulls the rest, in the task, the list and task.completed', async () => {
    const { response, body } = await place(owner, {
      phone_number: '+14155550100',
      output_schema: SCHEMA,
    });
    expect(response.status).toBe(201);
    expect(body.output_schema).toEqual(SCHEMA);
    expect(body.result).toBeNull();
    const task = await ended(owner, body.id);
    expect(task.status).toBe('success');
    expect(task.result).not.toBeNull();
    expect(fitsResultSchema(task.result), JSON.stringify(fitsResultSchema.errors)).toBe(true);
    // Nobody spoke of a party size, and the original time stood: neither is made up.
    expect(task.result).toMatchObject({ confirmed: true, party_size: null, new_time: null });
    expect(task.result_note).toBeNull();

    const list = (await (await owner.api('?limit=100')).json()) as { data: Task[] };
    expect(list.data.find((t) => t.id === task.id)?.result).toEqual(task.result);
    expect((await completedEvent(owner, task.id)).result).toEqual(task.result);
  });

  it('carries the result in the task.completed webhook', async () => {
    const bodies: string[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        bodies.push(body);
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { body } = await place(owner, {
        phone_number: '+14155550100',
        output_schema: SCHEMA,
        webhook_url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
      });
      const task = await ended(owner, body.id);
      const completed = await waitFor(
        async () => {
          // The scheduler sends webhooks every few seconds; ask it now rather than wait.
          await (
            await fetch(`${apiUrl}/functions/v1/dispatch`, {
              method: 'POST',
              headers: { Authorization: `Bearer ${secretKey}` },
            })
          ).body?.cancel();
          return bodies
            .map((b) => JSON.parse(b) as { type: string; data: Task })
            .find((event) => event.type === 'task.completed');
        },
        (event) => event !== undefined,
        { what: 'the task.completed webhook' },
      );
      expect(completed!.data.result).toEqual(task.result);
      expect(completed!.data.result).toMatchObject({ confirmed: true });
    } finally {
      await closeServer(server);
    }
  });

  it('answers the schema with false booleans on 555-0101', async () => {
    const { body } = await place(owner, { phone_number: '+14155550101', output_schema: SCHEMA });
    const task = await ended(owner, body.id);
    expect(task.outcome).toBe('not_achieved');
    expect(fitsResultSchema(task.result), JSON.stringify(fitsResultSchema.errors)).toBe(true);
    expect(task.result).toMatchObject({ confirmed: false, party_size: null });
    expect((await completedEvent(owner, task.id)).result).toEqual(task.result);
  });

  it('keeps result null while an unanswered call waits for its retry, then fills it (555-0106)', async () => {
    const { body } = await place(owner, {
      phone_number: '+14155550106',
      output_schema: SCHEMA,
      retry: { max_attempts: 1, interval_minutes: 1 },
    });
    const waiting = await waitFor(
      async () => (await (await owner.api(`/${body.id}`)).json()) as Task,
      (task) => task.status === 'retry_scheduled',
      { what: 'the retry to be scheduled' },
    );
    expect(waiting.result).toBeNull();
    expect(waiting.result_note).toBeNull();
    // Run the scheduler as if the retry were due (its test clock), instead of waiting a minute.
    await (
      await fetch(`${apiUrl}/functions/v1/dispatch`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${secretKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ now: new Date(Date.now() + 2 * 60_000).toISOString() }),
      })
    ).body?.cancel();
    const task = await ended(owner, body.id);
    expect(task.status).toBe('success');
    expect(fitsResultSchema(task.result), JSON.stringify(fitsResultSchema.errors)).toBe(true);
    expect(task.result).toMatchObject({ confirmed: true, party_size: null });
  });

  it('leaves result null without a schema', async () => {
    const { body } = await place(owner, { phone_number: '+14155550100' });
    const task = await ended(owner, body.id);
    expect(task.status).toBe('success');
    expect(task.output_schema).toBeNull();
    expect(task.result).toBeNull();
    expect((await completedEvent(owner, task.id)).result).toBeNull();
  });

  it('gives an unanswered call null fields and a note, never made-up data', async () => {
    const { body } = await place(owner, {
      phone_number: '+14155550102',
      output_schema: SCHEMA,
      retry: { max_attempts: 0 },
    });
    const task = await ended(owner, body.id);
    expect(task.status).toBe('busy');
    expect(task.result).toEqual({
      confirmed: null,
      new_time: null,
      party_size: null,
      channel: null,
      reminders: null,
    });
    expect(task.result_note).toMatch(/no structured data/);
  });

  // The simulated network always answers inside the schema, so a misbehaving provider is played
  // here: the end-of-call report of a call that is still talking (555-0107), sent to our server
  // URL with the task's token, both read back from the provider's own record of the call
  // (assistant.server of GET /call/{id}), as Vapi would send it.
  it.each([
    [
      'a string where output_schema says integer',
      { party_size: 'two-INVALID-people' },
      'two-INVALID-people',
    ],
    ['an enum value output_schema does not list', { channel: 'carrier_pigeon' }, 'carrier_pigeon'],
    [
      'an array item of the wrong type',
      { reminders: ['day before', 'RUBBISH-ITEM', 7] },
      'RUBBISH-ITEM',
    ],
  ])(
    'stores null fields and a note when the provider answers %s, never the invalid data',
    async (_name, offSchema, marker) => {
      const { body } = await place(owner, {
        phone_number: '+14155550107',
        output_schema: SCHEMA,
        max_duration_minutes: 30,
        retry: { max_attempts: 0 },
      });
      await waitFor(
        async () => (await (await owner.api(`/${body.id}`)).json()) as Task,
        (task) => task.status === 'in_progress',
        { what: `task ${body.id} to be answered` },
      );
      const [attempt] = await sql<{ provider_call_id: string }>(
        'select provider_call_id from public.task_attempts where task_id = $1 and number = 1',
        [body.id],
      );
      const call = (await (
        await fetch(`http://127.0.0.1:${TEST_PORTS.voice}/call/${attempt!.provider_call_id}`, {
          headers: { Authorization: 'Bearer vapi_dialwise_local' },
        })
      ).json()) as {
        id: string;
        status: string;
        startedAt: string;
        customer: unknown;
        monitor: { controlUrl?: string };
        assistant: { server: { url: string; headers: Record<string, string> } };
      };
      expect(call.status).toBe('in-progress');
      try {
        const answer = {
          confirmed: true,
          new_time: null,
          party_size: 2,
          channel: 'phone',
          reminders: ['day before'],
          ...offSchema,
        };
        const report = await fetch(call.assistant.server.url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...call.assistant.server.headers },
          body: JSON.stringify({
            message: {
              type: 'end-of-call-report',
              timestamp: Date.now(),
              endedReason: 'customer-ended-call',
              startedAt: call.startedAt,
              endedAt: new Date().toISOString(),
              durationSeconds: 30,
              analysis: { summary: 'Kim confirmed.', successEvaluation: 'true' },
              artifact: {
                messages: [
                  { role: 'bot', message: 'Hi Kim, calling about tomorrow.', secondsFromStart: 0 },
                  { role: 'user', message: 'Yes, that works.', secondsFromStart: 3 },
                ],
                structuredOutputs: {
                  [randomUUID()]: { name: 'opted_out', result: false },
                  [randomUUID()]: { name: 'result', result: answer },
                },
              },
              call,
              customer: call.customer,
              assistant: call.assistant,
            },
          }),
        });
        expect(report.status).toBe(200);
        await report.body?.cancel();

        const task = await ended(owner, body.id);
        expect(task.status).toBe('success');
        expect(task.result).toEqual({
          confirmed: null,
          new_time: null,
          party_size: null,
          channel: null,
          reminders: null,
        });
        expect(fitsResultSchema(task.result), JSON.stringify(fitsResultSchema.errors)).toBe(true);
        expect(task.result_note).toMatch(/did not fit output_schema/);
        const completed = await completedEvent(owner, task.id);
        expect(completed.result).toEqual(task.result);
        expect(completed.result_note).toBe(task.result_note);
        const list = (await (await owner.api('?limit=100')).json()) as { data: Task[] };
        const listed = list.data.find((t) => t.id === task.id);
        expect(listed?.result).toEqual(task.result);
        for (const seen of [task, completed, listed])
          expect(JSON.stringify(seen)).not.toContain(marker);
      } finally {
        // The network would talk for another minute of wall time; hang up as the provider would.
        if (call.monitor.controlUrl)
          await (
            await fetch(call.monitor.controlUrl, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ type: 'end-call' }),
            })
          ).body?.cancel();
      }
    },
  );

  it.each([
    ['an unknown type', { type: 'object', properties: { a: { type: 'text' } } }],
    [
      'too deep',
      {
        type: 'object',
        properties: {
          a: {
            type: 'object',
            properties: {
              b: {
                type: 'array',
                items: { type: 'object', properties: { c: { type: 'string' } } },
              },
            },
          },
        },
      },
    ],
    [
      'an unsupported keyword',
      { type: 'object', properties: { a: { type: 'string', pattern: 'x' } } },
    ],
    [
      'too big',
      {
        type: 'object',
        properties: Object.fromEntries(
          Array.from({ length: 150 }, (_, i) => [
            `f${i}`,
            { type: 'string', description: 'y'.repeat(50) },
          ]),
        ),
      },
    ],
  ])('refuses %s with 400 naming output_schema, creating nothing', async (_name, schema) => {
    const { response, body } = await place(owner, {
      phone_number: '+14155550100',
      output_schema: schema,
    });
    expect(response.status).toBe(400);
    expect(body.error).toMatchObject({ code: 'invalid_request', field: 'output_schema' });
  });
});
