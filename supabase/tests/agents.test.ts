import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteCreatedUsers, serviceClient } from './support/clients';
import {
  callApiWith,
  createCallingAccount,
  testKeyOf,
  type CallingAccount,
} from './support/call-api';

// Agents: named, versioned sets of a call's agent fields. A task that names one takes its fields
// under its own and records the version; a change is a new version, and a task pinned to an old
// one keeps it; another account can neither read nor use it.
type Agent = {
  id: string;
  object: string;
  name: string;
  version: number;
  latest_version: number;
  voice?: string;
  language?: string;
  goal?: string;
  first_sentence?: string;
  context?: Record<string, unknown>;
  archived_at: string | null;
};
type Task = {
  id: string;
  status: string;
  voice: string;
  language: string;
  goal: string;
  first_sentence: string;
  context: Record<string, unknown>;
  agent_id: string | null;
  agent_version: number | null;
};

let owner: CallingAccount;
let api: ReturnType<typeof callApiWith>;

beforeAll(async () => {
  owner = await createCallingAccount({ label: 'agents' });
  api = callApiWith(await testKeyOf(owner));
});
afterAll(deleteCreatedUsers);

const REFILLS = {
  name: 'Refill reminders',
  goal: 'Remind the patient that their prescription is ready for pickup at Mission Street Pharmacy.',
  voice: 'Sarah',
  language: 'es',
  first_sentence: 'Hola, le habla Sarah de la farmacia.',
  context: { pharmacy: 'Mission Street Pharmacy', hours: '9 am to 7 pm' },
  call_window: { start: '10:00', end: '18:00' },
};

async function createAgent(body: unknown = REFILLS) {
  const response = await api('/agents', { method: 'POST', json: body });
  expect(response.status).toBe(201);
  return (await response.json()) as Agent;
}

describe('agents', () => {
  it('are created, listed and read at version 1, with the fields a task takes', async () => {
    const agent = await createAgent();
    expect(agent).toMatchObject({
      object: 'agent',
      name: 'Refill reminders',
      version: 1,
      latest_version: 1,
      voice: 'Sarah',
      language: 'es',
      archived_at: null,
    });
    expect(agent.id).toMatch(/^agt_[0-9A-Z]{26}$/);
    const listed = (await (await api('/agents')).json()) as { data: Agent[] };
    expect(listed.data.map((one) => one.id)).toContain(agent.id);
    expect((await (await api(`/agents/${agent.id}`)).json()) as Agent).toEqual(agent);
  });

  it('places a call with its fields; the task’s own win; the task records the version', async () => {
    const agent = await createAgent();
    const response = await api('', {
      method: 'POST',
      json: {
        phone_number: '+14155550100',
        agent_id: agent.id,
        context: { patient: 'Kim Lee' },
        voice: 'Roger',
      },
    });
    expect(response.status).toBe(201);
    const task = (await response.json()) as Task;
    expect(task).toMatchObject({
      agent_id: agent.id,
      agent_version: 1,
      voice: 'Roger',
      language: 'es',
      goal: REFILLS.goal,
      first_sentence: REFILLS.first_sentence,
      // Context merges key by key.
      context: { pharmacy: 'Mission Street Pharmacy', hours: '9 am to 7 pm', patient: 'Kim Lee' },
    });
  });

  it('makes a version of each change, and a task pinned to an old version keeps it', async () => {
    const agent = await createAgent();
    const changed = await api(`/agents/${agent.id}`, {
      method: 'PATCH',
      json: { first_sentence: 'Hola, soy Sarah.', context: null },
    });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ version: 2, first_sentence: 'Hola, soy Sarah.' });
    // The same fields again, or only a new name, make no version.
    const renamed = (await (
      await api(`/agents/${agent.id}`, {
        method: 'PATCH',
        json: { name: 'Refills (Spanish)', first_sentence: 'Hola, soy Sarah.' },
      })
    ).json()) as Agent;
    expect(renamed).toMatchObject({ name: 'Refills (Spanish)', version: 2 });
    expect(renamed).not.toHaveProperty('context');

    const pinned = (await (
      await api('', {
        method: 'POST',
        json: { phone_number: '+14155550100', agent_id: agent.id, agent_version: 1 },
      })
    ).json()) as Task;
    expect(pinned).toMatchObject({ agent_version: 1, first_sentence: REFILLS.first_sentence });
    const latest = (await (
      await api('', { method: 'POST', json: { phone_number: '+14155550100', agent_id: agent.id } })
    ).json()) as Task;
    expect(latest).toMatchObject({ agent_version: 2, first_sentence: 'Hola, soy Sarah.' });

    const versions = (await (await api(`/agents/${agent.id}/versions`)).json()) as {
      data: { version: number; first_sentence: string }[];
    };
    expect(versions.data.map((one) => [one.version, one.first_sentence])).toEqual([
      [2, 'Hola, soy Sarah.'],
      [1, REFILLS.first_sentence],
    ]);
    expect(((await (await api(`/agents/${agent.id}?version=1`)).json()) as Agent).version).toBe(1);
    // A version is a record: nothing changes it, not even the service role.
    const { error } = await serviceClient()
      .from('agent_versions')
      .update({ config: {} })
      .eq('agent_id', agent.id);
    expect(error?.message).toMatch(/never changes/);
  });

  it('refuses bad fields as a task would, and an archived agent for new calls', async () => {
    for (const body of [
      { name: '' },
      { name: 'x', voice: 'Bob' },
      {
        name: 'x',
        tools: [{ name: 'lookup', description: 'd', parameters: {}, url: 'http://10.0.0.1/' }],
      },
      { name: 'x', goal: 'Never say you are an AI; pretend to be a human.' },
      { name: 'x', phone_number: '+14155550100' },
    ]) {
      const bad = await api('/agents', { method: 'POST', json: body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(((await bad.json()) as { error: { code: string } }).error.code).toBe(
        'invalid_request',
      );
    }
    const agent = await createAgent();
    const archived = await api(`/agents/${agent.id}/archive`, { method: 'POST' });
    expect(await archived.json()).toMatchObject({ archived_at: expect.any(String) });
    const refused = await api('', {
      method: 'POST',
      json: { phone_number: '+14155550100', agent_id: agent.id },
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: {
        code: 'invalid_request',
        field: 'agent_id',
        message: expect.stringContaining('archived'),
      },
    });
    const unknownVersion = await api('', {
      method: 'POST',
      json: { phone_number: '+14155550100', agent_id: (await createAgent()).id, agent_version: 9 },
    });
    expect(await unknownVersion.json()).toMatchObject({ error: { field: 'agent_version' } });
    expect(
      (await api(`/agents/${agent.id}`, { method: 'PATCH', json: { name: 'y' } })).status,
    ).toBe(400);
  });

  it('are never another account’s to read or use', async () => {
    const agent = await createAgent();
    const stranger = await createCallingAccount({ label: 'agents-stranger' });
    const theirs = callApiWith(await testKeyOf(stranger));
    expect((await theirs(`/agents/${agent.id}`)).status).toBe(404);
    expect((await theirs(`/agents/${agent.id}/versions`)).status).toBe(404);
    expect(
      (await theirs(`/agents/${agent.id}`, { method: 'PATCH', json: { name: 'Mine' } })).status,
    ).toBe(404);
    expect((await theirs(`/agents/${agent.id}/archive`, { method: 'POST' })).status).toBe(404);
    const used = await theirs('', {
      method: 'POST',
      json: { phone_number: '+14155550100', agent_id: agent.id },
    });
    expect(used.status).toBe(400);
    const body = (await used.json()) as { error: { message: string } };
    expect(body.error.message).toContain('none of your agents');
    expect(JSON.stringify(body)).not.toContain('Mission Street');
    // Not through the database either: a session reads only its own agents.
    const { data } = await stranger.client.from('agents').select('id').eq('id', agent.id);
    expect(data).toEqual([]);
    const { data: mine } = await owner.client.from('agents').select('id').eq('id', agent.id);
    expect(mine).toEqual([{ id: agent.id }]);
    const { error } = await owner.client
      .from('agents')
      .update({ name: 'hacked' })
      .eq('id', agent.id);
    expect(error).not.toBeNull();
  });

  it('are taken by every row of a batch that names one', async () => {
    const agent = await createAgent();
    const response = await api('/batches', {
      method: 'POST',
      json: {
        defaults: { agent_id: agent.id },
        tasks: [
          { phone_number: '+14155550100' },
          { phone_number: '+14155550101', voice: 'George' },
        ],
      },
    });
    expect(response.status).toBe(201);
    const batch = (await response.json()) as { id: string };
    const rows = (await (await api(`?batch_id=${batch.id}`)).json()) as { data: Task[] };
    expect(rows.data.map((task) => [task.agent_id, task.agent_version, task.voice]).sort()).toEqual(
      [
        [agent.id, 1, 'George'],
        [agent.id, 1, 'Sarah'],
      ],
    );
  });
});
