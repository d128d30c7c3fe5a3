import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteCreatedUsers } from './support/clients';
import {
  callApiWith,
  createCallingAccount,
  testKeyOf,
  type CallingAccount,
} from './support/call-api';

// The account's default agent, chosen on the Phone Agent page (its settings row): a task, batch
// row or check that names no agent runs with its latest version; `agent_id: null` takes none.
type Task = {
  id: string;
  voice: string;
  language: string;
  goal: string;
  agent_id: string | null;
  agent_version: number | null;
};

let owner: CallingAccount;
let api: ReturnType<typeof callApiWith>;

beforeAll(async () => {
  owner = await createCallingAccount({ label: 'default-agent' });
  api = callApiWith(await testKeyOf(owner));
});
afterAll(deleteCreatedUsers);

async function createAgent(name: string, fields: Record<string, unknown> = {}) {
  const response = await api('/agents', {
    method: 'POST',
    json: {
      name,
      voice: 'George',
      language: 'de',
      goal: 'Confirm the delivery window.',
      ...fields,
    },
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string };
}

/** What the Phone Agent page saves: the owner's own settings row, through the database API. */
async function chooseDefault(account: CallingAccount, agentId: string | null) {
  return account.client
    .from('agent_settings')
    .upsert({ user_id: account.user.id, default_agent_id: agentId });
}

async function createTask(body: Record<string, unknown>) {
  const response = await api('', { method: 'POST', json: body });
  expect(response.status).toBe(201);
  return (await response.json()) as Task;
}

describe('the default agent', () => {
  it('gives its fields to a task that names no agent, and the task records its version', async () => {
    const agent = await createAgent('Deliveries');
    await api(`/agents/${agent.id}`, { method: 'PATCH', json: { voice: 'Sarah' } });
    expect((await chooseDefault(owner, agent.id)).error).toBeNull();

    const task = await createTask({ phone_number: '+14155550100' });
    expect(task).toMatchObject({
      agent_id: agent.id,
      agent_version: 2,
      voice: 'Sarah',
      language: 'de',
      goal: 'Confirm the delivery window.',
    });
    // The task's own fields still win.
    const own = await createTask({ phone_number: '+14155550100', goal: 'Ask about the parcel.' });
    expect(own).toMatchObject({
      agent_id: agent.id,
      goal: 'Ask about the parcel.',
      voice: 'Sarah',
    });
  });

  it('is left out by agent_id null, and another agent named wins', async () => {
    const agent = await createAgent('Reminders');
    const other = await createAgent('Surveys', { voice: 'Roger', language: 'fr' });
    expect((await chooseDefault(owner, agent.id)).error).toBeNull();

    const none = await createTask({
      phone_number: '+14155550100',
      goal: 'Confirm.',
      agent_id: null,
    });
    expect(none).toMatchObject({ agent_id: null, agent_version: null, voice: 'Aria' });
    const named = await createTask({ phone_number: '+14155550100', agent_id: other.id });
    expect(named).toMatchObject({ agent_id: other.id, voice: 'Roger', language: 'fr' });
    const pinnedWithoutAgent = await api('', {
      method: 'POST',
      json: { phone_number: '+14155550100', goal: 'Confirm.', agent_id: null, agent_version: 1 },
    });
    expect(pinnedWithoutAgent.status).toBe(400);
  });

  it('is taken by the rows of a batch that name no agent, and judged by the call check', async () => {
    const agent = await createAgent('Batch default', { voice: 'Roger' });
    const other = await createAgent('Named in a row', { voice: 'Sarah' });
    expect((await chooseDefault(owner, agent.id)).error).toBeNull();
    const response = await api('/batches', {
      method: 'POST',
      json: {
        tasks: [
          { phone_number: '+14155550100' },
          { phone_number: '+14155550101', agent_id: other.id },
        ],
      },
    });
    expect(response.status).toBe(201);
    const batch = (await response.json()) as { id: string };
    const rows = (await (await api(`?batch_id=${batch.id}`)).json()) as { data: Task[] };
    expect(rows.data.map((task) => [task.agent_id, task.voice]).sort()).toEqual(
      [
        [agent.id, 'Roger'],
        [other.id, 'Sarah'],
      ].sort(),
    );
    // The check judges the body as the create runs it: the agent brings the goal.
    const check = await api('/check', { method: 'POST', json: { phone_number: '+14155550100' } });
    expect(check.status).toBe(200);
    const withoutAgent = await api('/check', {
      method: 'POST',
      json: { phone_number: '+14155550100', agent_id: null },
    });
    expect(withoutAgent.status).toBe(400);
    expect(((await withoutAgent.json()) as { error: { message: string } }).error.message).toMatch(
      /goal/,
    );
  });

  it('is only ever one of the account’s own agents, and archiving it clears it', async () => {
    const agent = await createAgent('Archived default');
    const stranger = await createCallingAccount({ label: 'default-agent-stranger' });
    // Another account's agent is refused, though its id is a real agent's.
    const taken = await chooseDefault(stranger, agent.id);
    expect(taken.error?.code).toBe('42501');
    // Nor can anyone write another account's settings row.
    const foreign = await stranger.client
      .from('agent_settings')
      .update({ default_agent_id: null })
      .eq('user_id', owner.user.id)
      .select();
    expect(foreign.data).toEqual([]);

    expect((await chooseDefault(owner, agent.id)).error).toBeNull();
    expect((await api(`/agents/${agent.id}/archive`, { method: 'POST' })).status).toBe(200);
    const { data } = await owner.client
      .from('agent_settings')
      .select('default_agent_id')
      .eq('user_id', owner.user.id)
      .single();
    expect(data).toEqual({ default_agent_id: null });
    const task = await createTask({ phone_number: '+14155550100', goal: 'Confirm.' });
    expect(task.agent_id).toBeNull();
    // An archived agent cannot become the default again.
    expect((await chooseDefault(owner, agent.id)).error?.code).toBe('42501');
  });
});
