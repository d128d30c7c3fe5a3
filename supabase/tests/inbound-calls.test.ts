import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createCallingAccount, type CallingAccount } from './support/call-api';
import { deleteCreatedUsers, serviceClient } from './support/clients';
import { closeServer } from './support/servers';
import { apiUrl, TEST_PORTS } from './support/stack';
import { waitFor } from './support/wait';

// A callee calls the account's number back: the provider asks voice-events for the agent
// (assistant-request, with the number's token), and the call becomes an inbound task like any
// other. The local network's scripted callers play the callee's side.
const voiceUrl = `http://127.0.0.1:${TEST_PORTS.voice}`;
const admin = serviceClient();

type Task = {
  id: string;
  status: string;
  direction: string;
  phone_number: string;
  from_number: string;
  transcript: { speaker: string; text: string; dtmf?: string | null }[];
  summary: string | null;
  opted_out: boolean;
};

const TERMINAL = ['success', 'no_answer', 'busy', 'voicemail', 'failed', 'canceled'];

async function callingAccountWithNumber(label: string) {
  const account = await createCallingAccount({ label, credits: 5 });
  const bought = await account.api('/numbers', {
    method: 'POST',
    json: { type: 'purchase', area_code: '312' },
  });
  expect(bought.status).toBe(201);
  return { account, number: ((await bought.json()) as { phone_number: string }).phone_number };
}

/** A finished live call from the account to `callee`. */
async function calledBefore(account: CallingAccount, callee: string) {
  const response = await account.api('?wait=true', {
    method: 'POST',
    json: { phone_number: callee, goal: 'Confirm the dental cleaning on Friday at 3 pm.' },
  });
  expect(response.status).toBe(201);
  return (await response.json()) as Task;
}

/** The local network's caller `script` calls `to` from `from`; the inbound task, once ended. */
async function callsBack(account: CallingAccount, from: string, to: string, script: string) {
  const response = await fetch(`${voiceUrl}/simulate/inbound-call`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ from, to, script }),
  });
  expect(response.status).toBe(201);
  const { data } = await waitFor(
    async () =>
      await admin
        .from('tasks')
        .select('id, status')
        .eq('user_id', account.user.id)
        .eq('direction', 'inbound')
        .eq('phone_number', from),
    (read) => (read.data ?? []).some((row) => TERMINAL.includes(row.status as string)),
    { what: `the inbound call from ${from} ending` },
  );
  const ended = data!.find((row) => TERMINAL.includes(row.status as string))!;
  return (await (await account.api(`/${ended.id}`)).json()) as Task;
}

async function eventsOf(taskId: string) {
  const { data } = await admin
    .from('task_events')
    .select('type, data')
    .eq('task_id', taskId)
    .order('seq');
  return (data ?? []) as { type: string; data: Record<string, unknown> }[];
}

afterAll(() => deleteCreatedUsers());

describe('a callee calls the account’s number back', () => {
  it('hears the business, that it is an AI, what the last call was about, and the opt-out', async () => {
    const { account, number } = await callingAccountWithNumber('inbound-who');
    const callee = '+13125550100';
    const before = await calledBefore(account, callee);
    expect(before.from_number).toBe(number);

    const inbound = await callsBack(account, callee, number, 'asks-who-called');
    expect(inbound).toMatchObject({
      direction: 'inbound',
      phone_number: callee,
      from_number: number,
      status: 'success',
    });
    const greeting = inbound.transcript.find((turn) => turn.speaker === 'agent')!.text;
    expect(greeting).toContain('you have reached Test Clinic LLC');
    expect(greeting).toContain('an AI assistant');
    expect(greeting).toContain('Confirm the dental cleaning on Friday at 3 pm.');
    expect(greeting).toMatch(/press 9 or say "stop calling"/);
    const events = await eventsOf(inbound.id);
    expect(events[0]).toEqual({
      type: 'inbound.started',
      data: { from: callee, to: number, previous_task_id: before.id },
    });
    expect(events.at(-1)?.type).toBe('task.completed');
  });

  it('pressing 9 lists the caller on the account’s do-not-call list at once, without the model', async () => {
    const { account, number } = await callingAccountWithNumber('inbound-keypad');
    const callee = '+13125550101';
    await calledBefore(account, callee);
    const inbound = await callsBack(account, callee, number, 'presses-opt-out-key');
    expect(inbound.opted_out).toBe(true);
    const { data } = await admin
      .from('do_not_call')
      .select('source, livemode, task_id')
      .eq('user_id', account.user.id)
      .eq('phone_number', callee);
    expect(data).toEqual([{ source: 'callee', livemode: true, task_id: inbound.id }]);
    // And the account can no longer call the number.
    const again = await account.api('', {
      method: 'POST',
      json: { phone_number: callee, goal: 'Confirm the appointment.' },
    });
    expect(again.status).toBe(403);
  });

  it('asking in words not to be called again lists the caller too', async () => {
    const { account, number } = await callingAccountWithNumber('inbound-words');
    const callee = '+13125550102';
    const inbound = await callsBack(account, callee, number, 'says-stop-calling');
    expect(inbound.opted_out).toBe(true);
    const { data } = await admin
      .from('do_not_call')
      .select('source')
      .eq('user_id', account.user.id)
      .eq('phone_number', callee);
    expect(data).toEqual([{ source: 'callee' }]);
  });

  it('a message left reaches the account’s webhook as an inbound task', async () => {
    const { account, number } = await callingAccountWithNumber('inbound-message');
    const received: { type: string; data: { direction?: string; id?: string } }[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        received.push(JSON.parse(body) as (typeof received)[number]);
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const endpoint = await admin.rpc('webhook_endpoint_create', {
        p_user_id: account.user.id,
        p_url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
        p_description: 'Front desk',
        p_event_types: ['inbound.started', 'task.completed'],
        p_livemode: true,
      });
      expect(endpoint.error).toBeNull();
      const inbound = await callsBack(account, '+13125550103', number, 'leaves-message');
      expect(inbound.summary).toBeTruthy();
      const completed = await waitFor(
        async () => received.filter((event) => event.type === 'task.completed'),
        (events) => events.length > 0,
        { what: 'task.completed delivered' },
      );
      expect(completed[0]!.data).toMatchObject({ id: inbound.id, direction: 'inbound' });
      expect(received.map((event) => event.type)).toContain('inbound.started');
    } finally {
      await closeServer(server);
    }
  });
});

describe('the account’s own agent for a number', () => {
  const alwaysOpen = {
    start: '00:00',
    end: '23:59',
    days: [1, 2, 3, 4, 5, 6, 7],
    time_zone: 'UTC',
  };

  async function numberIdOf(account: CallingAccount) {
    const { data } = await admin
      .from('phone_numbers')
      .select('id')
      .eq('user_id', account.user.id)
      .single();
    return data!.id as string;
  }

  it('answers with its own goal, and connects a caller who asks for a person within business hours', async () => {
    const { account, number } = await callingAccountWithNumber('inbound-agent');
    const id = await numberIdOf(account);
    const set = await account.api(`/numbers/${id}/inbound`, {
      method: 'POST',
      json: {
        goal: 'Offer the Saturday opening hours, 9 am to 1 pm.',
        transfer: { to: '+13125550199', when: 'they ask for a person', mode: 'cold' },
        business_hours: alwaysOpen,
      },
    });
    expect(set.status).toBe(200);
    expect(((await set.json()) as { inbound_agent: { goal: string } }).inbound_agent.goal).toBe(
      'Offer the Saturday opening hours, 9 am to 1 pm.',
    );

    const inbound = await callsBack(account, '+13125550106', number, 'asks-for-person');
    const task = (await (await account.api(`/${inbound.id}`)).json()) as Task & {
      goal: string;
      transfer: { to: string } | null;
    };
    expect(task.goal).toContain('Offer the Saturday opening hours, 9 am to 1 pm.');
    expect(task.transfer).toMatchObject({ to: '+13125550199' });
    expect(task.transcript.find((turn) => turn.speaker === 'agent')!.text).toContain(
      'connect you with someone',
    );
    const types = (await eventsOf(inbound.id)).map((event) => event.type);
    expect(types).toContain('call.transferred');
  });

  it('gives the agent the account’s tools, checked as a task’s are', async () => {
    const { account, number } = await callingAccountWithNumber('inbound-tools');
    const id = await numberIdOf(account);
    const tool = {
      name: 'opening_hours',
      description: 'The opening hours of a given day.',
      parameters: { type: 'object', properties: { day: { type: 'string' } }, required: ['day'] },
      url: 'http://127.0.0.1:9/tools/hours',
    };
    for (const [bad, field] of [
      [{ ...tool, url: 'https://169.254.169.254/latest' }, 'tools.0.url'],
      [{ ...tool, parameters: { type: 'string' } }, 'tools.0.parameters'],
    ] as const) {
      const refused = await account.api(`/numbers/${id}/inbound`, {
        method: 'POST',
        json: { tools: [bad] },
      });
      expect(refused.status, field).toBe(400);
      expect(((await refused.json()) as { error: { field: string } }).error.field).toBe(field);
    }
    const set = await account.api(`/numbers/${id}/inbound`, {
      method: 'POST',
      json: { tools: [tool] },
    });
    expect(set.status).toBe(200);

    const inbound = await callsBack(account, '+13125550107', number, 'leaves-message');
    const task = (await (await account.api(`/${inbound.id}`)).json()) as Task & {
      tools: { name: string; url: string }[];
    };
    expect(task.tools).toEqual([tool]);
  });

  it('offers no transfer outside business hours, and refuses a transfer without them', async () => {
    const { account, number } = await callingAccountWithNumber('inbound-closed');
    const id = await numberIdOf(account);
    const without = await account.api(`/numbers/${id}/inbound`, {
      method: 'POST',
      json: { transfer: { to: '+13125550199' } },
    });
    expect(without.status).toBe(400);
    expect(((await without.json()) as { error: { field: string } }).error.field).toBe(
      'business_hours',
    );
    const badZone = await account.api(`/numbers/${id}/inbound`, {
      method: 'POST',
      json: { business_hours: { ...alwaysOpen, time_zone: 'Mars/Olympus' } },
    });
    expect(badZone.status).toBe(400);
    // Open one minute a day, six hours from now.
    const hour = String((new Date().getUTCHours() + 6) % 24).padStart(2, '0');
    const closed = await account.api(`/numbers/${id}/inbound`, {
      method: 'POST',
      json: {
        transfer: { to: '+13125550199' },
        business_hours: {
          start: `${hour}:00`,
          end: `${hour}:01`,
          days: [1, 2, 3, 4, 5, 6, 7],
          time_zone: 'UTC',
        },
      },
    });
    expect(closed.status).toBe(200);
    const inbound = await callsBack(account, '+13125550107', number, 'asks-for-person');
    const task = (await (await account.api(`/${inbound.id}`)).json()) as { transfer: unknown };
    expect(task.transfer).toBeNull();
  });
});

describe('who may start an inbound call', () => {
  const request = (token: string | null) =>
    fetch(`${apiUrl}/functions/v1/voice-events?inbound=1`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(token === null ? {} : { 'x-dialwise-number-token': token }),
      },
      body: JSON.stringify({
        message: {
          type: 'assistant-request',
          call: {
            id: crypto.randomUUID(),
            phoneNumberId: 'local',
            customer: { number: '+13125550104' },
          },
        },
      }),
    });

  it('refuses a request without the number’s token or with a wrong one, before reading its body', async () => {
    expect((await request(null)).status).toBe(401);
    const wrong = await request('not-the-token');
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe('unauthorized');
  });

  it('a released number answers nothing', async () => {
    const { account, number } = await callingAccountWithNumber('inbound-released');
    const { data } = await admin
      .from('phone_numbers')
      .select('id')
      .eq('user_id', account.user.id)
      .single();
    expect((await account.api(`/numbers/${data!.id}/release`, { method: 'POST' })).status).toBe(
      200,
    );
    const response = await fetch(`${voiceUrl}/simulate/inbound-call`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ from: '+13125550105', to: number, script: 'leaves-message' }),
    });
    expect(response.status).toBe(404);
  });
});
