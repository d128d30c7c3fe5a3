import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callApiWith,
  createCallingAccount,
  testKeyOf,
  type CallingAccount,
} from './support/call-api';
import { deleteCreatedUsers } from './support/clients';
import { apiUrl } from './support/stack';

// Test keys see test objects only, and live keys live ones, as an attacker holding only the
// account's test key would try: every read, stream, download and cancel of the other mode's object
// by its id answers "not found", and leaves the object as it was.
let account: CallingAccount;
let testApi: ReturnType<typeof callApiWith>;
let testKey: string;
let liveTask: string;
let testTask: string;
let liveBatch: string;

const LATER = { schedule_at: new Date(Date.now() + 86_400_000).toISOString() };

async function created(response: Response) {
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function notFound(response: Response, what: string) {
  expect(response.status, what).toBe(404);
  const body = (await response.json()) as { error: { code: string } };
  expect(body.error.code, what).toBe('not_found');
}

beforeAll(async () => {
  account = await createCallingAccount({ label: 'modes', credits: 5 });
  testKey = await testKeyOf(account);
  testApi = callApiWith(testKey);
  const goal = 'Confirm the delivery window.';
  liveTask = await created(
    await account.api('', {
      method: 'POST',
      json: { phone_number: '+14155550100', goal, ...LATER },
    }),
  );
  testTask = await created(
    await testApi('', { method: 'POST', json: { phone_number: '+14155550100', goal, ...LATER } }),
  );
  liveBatch = await created(
    await account.api('/batches', {
      method: 'POST',
      json: { defaults: { goal, ...LATER }, tasks: [{ phone_number: '+14155550101' }] },
    }),
  );
});

afterAll(async () => {
  await deleteCreatedUsers();
});

describe("a test key and the account's live objects", () => {
  it('cannot read, stream, download or cancel a live task by its id', async () => {
    await notFound(await testApi(`/${liveTask}`), 'read');
    await notFound(await testApi(`/${liveTask}/events`), 'events');
    await notFound(await testApi(`/${liveTask}/recording`), 'recording');
    await notFound(await testApi(`/${liveTask}/cancel`, { method: 'POST' }), 'cancel');
    const still = (await (await account.api(`/${liveTask}`)).json()) as { status: string };
    expect(still.status).toBe('scheduled');
  });

  it('cannot read, stream or cancel a live batch by its id', async () => {
    await notFound(await testApi(`/batches/${liveBatch}`), 'read');
    await notFound(await testApi(`/batches/${liveBatch}/events`), 'events');
    await notFound(await testApi(`/batches/${liveBatch}/cancel`, { method: 'POST' }), 'cancel');
    const still = (await (await account.api(`/batches/${liveBatch}`)).json()) as {
      status: string;
    };
    expect(still.status).not.toBe('canceled');
  });

  it('cannot read or cancel a live task through MCP', async () => {
    const client = new Client({ name: 'mode-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${apiUrl}/functions/v1/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${testKey}` } },
      }),
    );
    try {
      for (const name of ['get_call', 'cancel_call']) {
        const result = (await client.callTool({ name, arguments: { id: liveTask } })) as {
          isError?: boolean;
          content: { text?: string }[];
        };
        expect(result.isError, name).toBe(true);
        expect(result.content.map((c) => c.text).join(' '), name).toMatch(/no task/i);
      }
    } finally {
      await client.close();
    }
  });

  it('and a live key cannot reach a test task either', async () => {
    await notFound(await account.api(`/${testTask}`), 'read');
    await notFound(await account.api(`/${testTask}/cancel`, { method: 'POST' }), 'cancel');
    const own = (await (await testApi(`/${testTask}`)).json()) as { id: string; livemode: boolean };
    expect(own).toMatchObject({ id: testTask, livemode: false });
  });

  it('keeps an Idempotency-Key apart per mode: the same key and body make one task in each', async () => {
    const body = { phone_number: '+14155550102', goal: 'Confirm the order.', ...LATER };
    const headers = { 'Idempotency-Key': `modes-${account.user.id}` };
    const live = await account.api('', { method: 'POST', json: body, headers });
    const test = await testApi('', { method: 'POST', json: body, headers });
    expect([live.status, test.status]).toEqual([201, 201]);
    expect(test.headers.get('idempotent-replayed')).not.toBe('true');
    const [liveTaskMade, testTaskMade] = (await Promise.all([live.json(), test.json()])) as {
      id: string;
      livemode: boolean;
    }[];
    expect(liveTaskMade!.livemode).toBe(true);
    expect(testTaskMade).toMatchObject({ livemode: false });
    expect(testTaskMade!.id).not.toBe(liveTaskMade!.id);
    // Within its own mode the key still replays.
    const again = await testApi('', { method: 'POST', json: body, headers });
    expect(((await again.json()) as { id: string }).id).toBe(testTaskMade!.id);

    const batch = {
      defaults: { goal: 'Confirm the order.', ...LATER },
      tasks: [{ phone_number: '+14155550103' }],
    };
    const liveBatchMade = await account.api('/batches', { method: 'POST', json: batch, headers });
    const testBatchMade = await testApi('/batches', { method: 'POST', json: batch, headers });
    expect([liveBatchMade.status, testBatchMade.status]).toEqual([201, 201]);
    const ids = (await Promise.all([liveBatchMade.json(), testBatchMade.json()])) as {
      id: string;
    }[];
    expect(ids[0]!.id).not.toBe(ids[1]!.id);
  });
});

describe('the do-not-call list of each mode', () => {
  const NUMBER = '+14155550104';
  const goal = 'Confirm the delivery window.';

  const statusOf = async (api: typeof testApi, id: string) =>
    (await (await api(`/${id}`)).json()) as {
      status: string;
      failure_reason: { code: string } | null;
    };

  it('takes a test key’s additions on the test list, which holds back test calls and never live ones', async () => {
    const live = await created(
      await account.api('', { method: 'POST', json: { phone_number: NUMBER, goal, ...LATER } }),
    );
    const test = await created(
      await testApi('', { method: 'POST', json: { phone_number: NUMBER, goal, ...LATER } }),
    );

    const added = await testApi('/do-not-call', {
      method: 'POST',
      json: { phone_numbers: [NUMBER] },
    });
    expect(added.status).toBe(200);
    expect(await added.json()).toEqual({ added: 1, already_listed: 0 });

    // The test list cancels the waiting test call and refuses the next one...
    expect(await statusOf(testApi, test)).toMatchObject({
      status: 'canceled',
      failure_reason: { code: 'do_not_call' },
    });
    const refused = await testApi('', { method: 'POST', json: { phone_number: NUMBER, goal } });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('do_not_call');
    // ...and leaves the live call, the live list and the next live call alone.
    expect((await statusOf(account.api, live)).status).toBe('scheduled');
    const { data: lists } = await account.client
      .from('do_not_call')
      .select('phone_number, livemode')
      .eq('phone_number', NUMBER);
    expect(lists).toEqual([{ phone_number: NUMBER, livemode: false }]);
    const nextLive = await account.api('', {
      method: 'POST',
      json: { phone_number: NUMBER, goal, ...LATER },
    });
    expect(nextLive.status).toBe(201);
  });

  it('lets the dashboard keep the test list apart from the live one', async () => {
    const number = '+14155550105';
    const { error } = await account.client
      .from('do_not_call')
      .insert({ phone_number: number, livemode: false });
    expect(error).toBeNull();
    const liveCheck = await account.api('', {
      method: 'POST',
      json: { phone_number: number, goal, ...LATER },
    });
    expect(liveCheck.status).toBe(201);
    const testCheck = await testApi('', { method: 'POST', json: { phone_number: number, goal } });
    expect(testCheck.status).toBe(403);
  });
});
