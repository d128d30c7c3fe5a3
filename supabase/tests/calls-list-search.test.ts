import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteCreatedUsers, serviceClient } from './support/clients';
import { createCallingAccount, type CallingAccount } from './support/call-api';

// The calls list's search and filters (GET /task?q=&status=&outcome=&call_outcome=&created_after=
// &created_before=&batch_id=), as the dashboard sends them: applied by the server, per account.
let ada: CallingAccount;
let eve: CallingAccount;
const ids: Record<string, string> = {};
const tomorrow = new Date(Date.now() + 86_400_000).toISOString();

async function create(account: CallingAccount, name: string, body: Record<string, unknown>) {
  const response = await account.api('', {
    method: 'POST',
    json: { schedule_at: tomorrow, ...body },
  });
  expect(response.status).toBe(201);
  ids[name] = ((await response.json()) as { id: string }).id;
}

async function listed(account: CallingAccount, query: string) {
  const response = await account.api(`?${query}`);
  expect(response.status).toBe(200);
  const page = (await response.json()) as { data: { id: string }[] };
  return page.data.map((task) => Object.entries(ids).find(([, id]) => id === task.id)?.[0]);
}

beforeAll(async () => {
  [ada, eve] = await Promise.all([
    createCallingAccount({ label: 'search-ada', credits: 5 }),
    createCallingAccount({ label: 'search-eve', credits: 5 }),
  ]);
  await create(ada, 'dentist', {
    phone_number: '+14155550100',
    goal: 'Confirm the dental appointment tomorrow.',
    metadata: { patient: 'Kim Lee', crm_id: 'C-42_x' },
  });
  await create(ada, 'plumber', {
    phone_number: '+12125550123',
    goal: 'Ask the plumber for a quote.',
    metadata: { lead: 'North 100%' },
  });
  await create(eve, 'eves', {
    phone_number: '+14155550100',
    goal: 'Confirm the dental appointment for Eve.',
  });
  // What a finished call would have left: the dentist's call ended achieved a week ago.
  const { error } = await serviceClient()
    .from('tasks')
    .update({
      status: 'success',
      outcome: 'achieved',
      call_outcome: 'human_answered',
      created_at: new Date(Date.now() - 7 * 86_400_000).toISOString(),
    })
    .eq('id', ids.dentist!);
  if (error) throw error;
});
afterAll(deleteCreatedUsers);

describe('searching the calls list', () => {
  it('finds a call by a word of its goal or a metadata value, in any case, only in its own account', async () => {
    expect(await listed(ada, 'q=DENTAL')).toEqual(['dentist']);
    expect(await listed(ada, 'q=kim%20lee')).toEqual(['dentist']);
    expect(await listed(eve, 'q=dental')).toEqual(['eves']);
    expect(await listed(ada, 'q=nobody')).toEqual([]);
  });

  it('finds a number as it is typed, by its digits', async () => {
    expect(await listed(ada, `q=${encodeURIComponent('(212) 555-0123')}`)).toEqual(['plumber']);
    expect(await listed(ada, 'q=5550100')).toEqual(['dentist']);
  });

  it('reads %, _ and \\ in a search as themselves, not as wildcards', async () => {
    expect(await listed(ada, `q=${encodeURIComponent('100%')}`)).toEqual(['plumber']);
    expect(await listed(ada, `q=${encodeURIComponent('c-42_x')}`)).toEqual(['dentist']);
    expect(await listed(ada, `q=${encodeURIComponent('c-42%x')}`)).toEqual([]);
    expect(await listed(ada, `q=${encodeURIComponent('_')}`)).toEqual(['dentist']);
  });

  it('filters by status, outcome, call outcome and creation time, combined with the search', async () => {
    expect(await listed(ada, 'status=scheduled')).toEqual(['plumber']);
    expect(await listed(ada, 'outcome=achieved')).toEqual(['dentist']);
    expect(await listed(ada, 'call_outcome=human_answered&q=dental')).toEqual(['dentist']);
    expect(await listed(ada, 'call_outcome=busy')).toEqual([]);
    const dayAgo = encodeURIComponent(new Date(Date.now() - 86_400_000).toISOString());
    expect(await listed(ada, `created_after=${dayAgo}`)).toEqual(['plumber']);
    expect(await listed(ada, `created_before=${dayAgo}`)).toEqual(['dentist']);
  });

  it('names a bad filter in a 400', async () => {
    for (const [query, field] of [
      ['outcome=great', 'outcome'],
      ['call_outcome=maybe', 'call_outcome'],
      ['created_after=yesterday', 'created_after'],
      [`q=${'x'.repeat(201)}`, 'q'],
    ] as const) {
      const response = await ada.api(`?${query}`);
      expect(response.status).toBe(400);
      const { error } = (await response.json()) as { error: { field?: string; message: string } };
      expect(error.field ?? error.message).toContain(field);
    }
  });

  it('stops matching a call whose content was erased', async () => {
    await create(eve, 'roofer', { phone_number: '+13125550147', goal: 'Book the roofer.' });
    const { error } = await serviceClient()
      .from('tasks')
      .update({ goal: null, metadata: {} })
      .eq('id', ids.roofer!);
    if (error) throw error;
    expect(await listed(eve, 'q=roofer')).toEqual([]);
    expect(await listed(eve, 'q=3125550147')).toEqual(['roofer']);
  });
});
