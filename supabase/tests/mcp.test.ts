import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteCreatedUsers } from './support/clients';
import { createCallingAccount, type CallingAccount } from './support/call-api';
import { sql } from './support/clock';
import { apiUrl } from './support/stack';

// The MCP server (/functions/v1/mcp) driven by the SDK's own client, as Claude Code or Cursor
// would: tools listed, a call placed to a reserved number and followed to its end.
const mcpUrl = new URL(`${apiUrl}/functions/v1/mcp`);
const TERMINAL = ['success', 'no_answer', 'busy', 'voicemail', 'failed', 'canceled'];

type ToolResult = {
  content: { type: string; text?: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
};

async function connect(apiKey: string): Promise<Client> {
  const client = new Client({ name: 'dialwise-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(mcpUrl, {
      requestInit: { headers: { Authorization: `Bearer ${apiKey}` } },
    }),
  );
  return client;
}

const call = async (client: Client, name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as ToolResult;

const textOf = (result: ToolResult) => result.content.map((c) => c.text ?? '').join('\n');

describe('MCP server', () => {
  let account: CallingAccount;
  let client: Client;

  beforeAll(async () => {
    account = await createCallingAccount({ label: 'mcp' });
    client = await connect(account.apiKey);
  });
  afterAll(async () => {
    await client?.close();
    await deleteCreatedUsers();
  });

  it('lists the account’s numbers and sets the agent that answers one', async () => {
    const owner = await createCallingAccount({ label: 'mcp-numbers', credits: 5 });
    const bought = await owner.api('/numbers', { method: 'POST', json: { type: 'purchase' } });
    const { id } = (await bought.json()) as { id: string };
    const ownerClient = await connect(owner.apiKey);
    try {
      await ownerClient.listTools();
      const listed = await call(ownerClient, 'list_numbers', {});
      expect(listed.isError).toBeFalsy();
      expect(
        (listed.structuredContent as { data: { id: string }[] }).data.map((n) => n.id),
      ).toEqual([id]);
      const set = await call(ownerClient, 'set_number_inbound_agent', {
        number_id: id,
        agent: { goal: 'Give the opening hours.' },
      });
      expect(set.isError).toBeFalsy();
      expect(set.structuredContent).toMatchObject({
        id,
        inbound_agent: { goal: 'Give the opening hours.' },
      });
      const refused = await call(ownerClient, 'set_number_inbound_agent', {
        number_id: id,
        agent: { transfer: { to: '+14155550123' } },
      });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toMatch(/business_hours/);
    } finally {
      await ownerClient.close();
    }
  });

  it('lists the agents, calls with one, and runs its test suite', async () => {
    const agent = (await (
      await account.api('/agents', {
        method: 'POST',
        json: { name: 'MCP front desk', goal: 'Confirm the delivery window.', voice: 'George' },
      })
    ).json()) as { id: string };
    const suite = (await (
      await account.api(`/agents/${agent.id}/test-suites`, {
        method: 'POST',
        json: {
          name: 'Smoke',
          scenarios: [
            { name: 'opts out', turns: ['Stop calling me.'], expect: { opted_out: true } },
          ],
        },
      })
    ).json()) as { id: string };
    const listed = await call(client, 'list_agents', {});
    expect(listed.isError).toBeFalsy();
    expect(textOf(listed)).toContain(`${agent.id} MCP front desk (version 1)`);
    const placed = await call(client, 'check_call', {
      phone_number: '+14155550100',
      agent_id: agent.id,
    });
    expect(placed.isError).toBeFalsy();
    const tested = await call(client, 'run_agent_tests', {
      agent_id: agent.id,
      suite_id: suite.id,
    });
    expect(tested.isError).toBeFalsy();
    expect(tested.structuredContent).toMatchObject({ status: 'passed', agent_version: 1 });
    expect(textOf(tested)).toContain('PASS opts out');
  });

  it('advertises tools without list_changed notifications, which a stateless server cannot send', () => {
    const capabilities = client.getServerCapabilities();
    expect(capabilities?.tools).toBeDefined();
    expect(capabilities?.tools?.listChanged).not.toBe(true);
  });

  it('reads a task whose content retention erased, through the official client, by id and in a list', async () => {
    const placed = await call(client, 'place_call', {
      phone_number: '+14155550100',
      goal: 'Confirm the delivery window.',
      schedule_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const { id } = placed.structuredContent as { id: string };
    // What the retention pass leaves of a call 30 days after it ended.
    await sql(
      `update public.tasks set goal = null, context = '{}', metadata = '{}', first_sentence = null,
              voicemail_message = null, transcript = '[]', summary = null, result = null,
              result_note = null, content_erased_at = now()
        where id = $1`,
      [id],
    );
    // The client checks structuredContent against the output schemas listTools gave it, and
    // throws when they disagree.
    await client.listTools();
    const got = await call(client, 'get_call', { id });
    expect(got.isError).toBeFalsy();
    expect(got.structuredContent).toMatchObject({ id, goal: null, transcription: null });
    const listed = await call(client, 'list_calls', { limit: 100 });
    expect(listed.isError).toBeFalsy();
    expect(
      (listed.structuredContent as { data: { id: string }[] }).data.map((t) => t.id),
    ).toContain(id);
  });

  it('lists the ten tools with input and output schemas', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      'cancel_call',
      'check_call',
      'get_call',
      'list_agents',
      'list_calls',
      'list_numbers',
      'place_call',
      'place_calls',
      'run_agent_tests',
      'set_number_inbound_agent',
    ]);
    const place = tools.find((t) => t.name === 'place_call')!;
    expect(place.description).toMatch(/E\.164/);
    // The call API's own fields, from the same zod schema.
    expect(Object.keys(place.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining([
        'phone_number',
        'goal',
        'voice',
        'max_duration_minutes',
        'retry',
        'output_schema',
        'record',
      ]),
    );
    expect(place.inputSchema.required).toContain('phone_number');
    for (const tool of tools) expect(tool.outputSchema?.type).toBe('object');
  });

  it('places a call to a reserved number and follows it to success with get_call', async () => {
    const placed = await call(client, 'place_call', {
      phone_number: '+14155550100',
      goal: "Confirm Kim's appointment tomorrow at 3 pm.",
      output_schema: {
        type: 'object',
        properties: { confirmed: { type: 'boolean' }, new_time: { type: ['string', 'null'] } },
      },
    });
    expect(placed.isError).toBeFalsy();
    const task = placed.structuredContent as { id: string; status: string; source: string };
    expect(task.id).toMatch(/^task_/);
    expect(task.source).toBe('mcp');

    let current = task as Record<string, unknown>;
    for (let i = 0; i < 240 && !TERMINAL.includes(current.status as string); i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const got = await call(client, 'get_call', { id: task.id });
      expect(got.isError).toBeFalsy();
      current = got.structuredContent!;
    }
    expect(current.status).toBe('success');
    expect(current.outcome).toBe('achieved');
    expect(current.summary).toEqual(expect.any(String));
    expect((current.transcript as unknown[]).length).toBeGreaterThan(0);
    // The structured result travels in structuredContent, by the schema given to place_call.
    // The callee confirmed the time it was asked about: no new time was settled.
    expect(current.result).toEqual({ confirmed: true, new_time: null });
    expect(current.recording_url).toBeNull();

    const listed = await call(client, 'list_calls', { status: 'success', limit: 5 });
    const ids = (listed.structuredContent!.data as { id: string }[]).map((t) => t.id);
    expect(ids).toContain(task.id);

    const cancel = await call(client, 'cancel_call', { id: task.id });
    expect(cancel.isError).toBe(true);
    expect(textOf(cancel)).toMatch(/already ended with status success/);
  });

  it('places a list of calls with place_calls, and names each bad entry of a refused list', async () => {
    const refused = await call(client, 'place_calls', {
      defaults: { goal: "Remind the client of tomorrow's visit." },
      tasks: [{ phone_number: '+14155550100' }, { phone_number: '+19005550100' }],
    });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/tasks\[1\]\.phone_number: .*premium/i);

    const placed = await call(client, 'place_calls', {
      defaults: { goal: "Remind the client of tomorrow's visit.", retry: { max_attempts: 0 } },
      tasks: [{ phone_number: '+14155550100' }, { phone_number: '+14155550101' }],
    });
    expect(placed.isError).toBeFalsy();
    const batch = placed.structuredContent as { id: string; counts: { total: number } };
    expect(batch.id).toMatch(/^batch_/);
    expect(batch.counts.total).toBe(2);
    const listed = await fetch(`${apiUrl}/functions/v1/task?batch_id=${batch.id}`, {
      headers: { Authorization: `Bearer ${account.apiKey}` },
    });
    const tasks = ((await listed.json()) as { data: { source: string; batch_id: string }[] }).data;
    expect(tasks).toHaveLength(2);
    expect(tasks.every((t) => t.source === 'mcp' && t.batch_id === batch.id)).toBe(true);
  });

  it('cancels a call that has not ended', async () => {
    // 0103 rings until it is not answered; cancel it while it rings.
    const placed = await call(client, 'place_call', {
      phone_number: '+14155550103',
      goal: 'Ask whether the order shipped.',
      retry: { max_attempts: 0 },
    });
    const id = (placed.structuredContent as { id: string }).id;
    const canceled = await call(client, 'cancel_call', { id });
    expect(canceled.isError).toBeFalsy();
    expect(canceled.structuredContent!.status).toBe('canceled');
  });

  it('returns validation and business errors as tool errors with the API message', async () => {
    const badNumber = await call(client, 'place_call', { phone_number: '12345', goal: 'Hi' });
    expect(badNumber.isError).toBe(true);
    expect(textOf(badNumber)).toContain('phone_number must be a US number in E.164 form');

    const noGoal = await call(client, 'place_call', { phone_number: '+14155550100' });
    expect(noGoal.isError).toBe(true);
    expect(textOf(noGoal)).toContain('goal is required');

    const missing = await call(client, 'get_call', { id: 'task_01JAAAAAAAAAAAAAAAAAAAAAAA' });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toMatch(/not_found: No task task_01JA+ exists/);

    const badLimit = await call(client, 'list_calls', { limit: 500 });
    expect(badLimit.isError).toBe(true);
    expect(textOf(badLimit)).toContain('limit must be a whole number from 1 to 100');
  });

  it('reports insufficient credits as a tool error', async () => {
    const broke = await createCallingAccount({
      label: 'mcp-broke',
      freeMinutesUsed: 100,
      phone: '+14155550198',
    });
    const brokeClient = await connect(broke.apiKey);
    try {
      const result = await call(brokeClient, 'place_call', {
        phone_number: '+14155550100',
        goal: 'Confirm the appointment.',
      });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/insufficient_credits: This call needs \$/);
    } finally {
      await brokeClient.close();
    }
  });

  it('answers 401 with a Bearer challenge without a key or with a wrong one, and no OAuth metadata', async () => {
    const init = {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    };
    const none = await fetch(mcpUrl, init);
    expect(none.status).toBe(401);
    // RFC 9110: a 401 names its scheme. RFC 6750: no error code when no key was sent.
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="dialwise"');
    expect(((await none.json()) as { error: { code: string } }).error.code).toBe('unauthorized');

    const wrong = await fetch(mcpUrl, {
      ...init,
      headers: { ...init.headers, Authorization: `Bearer dw_${'0'.repeat(64)}` },
    });
    expect(wrong.status).toBe(401);
    const challenge = wrong.headers.get('www-authenticate')!;
    expect(challenge).toMatch(
      /^Bearer realm="dialwise", error="invalid_token", error_description="/,
    );
    expect(challenge).not.toContain('resource_metadata');

    await expect(connect('dw_not_a_key')).rejects.toThrow(/not valid or has been revoked/);
  });
});
