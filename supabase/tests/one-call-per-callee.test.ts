import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCallingAccount, type CallingAccount } from './support/call-api';
import { deleteCreatedUsers } from './support/clients';
import { closeClock, sql } from './support/clock';
import { uniqueUsPhone } from './support/phone';
import { apiUrl, secretKey } from './support/stack';
import { waitFor } from './support/wait';

// One person is rung by one call at a time across the platform: a live call to a number another
// account is calling waits, undialled, until that call ends, then rings. Test calls reach nobody,
// and neither do the 555-01xx numbers reserved for fiction (the scripted callees): they wait only
// for the account's own calls.
const GOAL = 'Confirm the delivery window for tomorrow morning.';
const TERMINAL = ['success', 'no_answer', 'busy', 'voicemail', 'failed', 'canceled'];

type Task = { id: string; status: string };

let first: CallingAccount;
let second: CallingAccount;
let tester: CallingAccount;

beforeAll(async () => {
  [first, second, tester] = await Promise.all([
    createCallingAccount({ label: 'callee-first', credits: 5 }),
    createCallingAccount({ label: 'callee-second', credits: 5 }),
    createCallingAccount({ label: 'callee-tester', mode: 'test' }),
  ]);
});
afterAll(async () => {
  await closeClock();
  await deleteCreatedUsers();
});

async function place(account: CallingAccount, phone: string, extra: Record<string, unknown> = {}) {
  const response = await account.api('', {
    method: 'POST',
    json: { phone_number: phone, goal: GOAL, max_duration_minutes: 5, ...extra },
  });
  const task = (await response.json()) as Task;
  expect(response.status, JSON.stringify(task)).toBe(201);
  return task;
}

async function stateOf(taskId: string) {
  const [row] = await sql<{ status: string; awaiting_slot: boolean; attempts: string }>(
    `select t.status, t.awaiting_slot,
            (select count(*) from public.task_attempts a where a.task_id = t.id) as attempts
       from public.tasks t where t.id = $1`,
    [taskId],
  );
  return row!;
}

async function dispatch() {
  const response = await fetch(`${apiUrl}/functions/v1/dispatch`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${secretKey}`, 'Content-Type': 'application/json' },
    body: '{}',
  });
  expect(response.status).toBe(200);
}

describe('one call per callee across accounts', () => {
  it('keeps a second account’s live call undialled while the first is on the line with the person, then rings it', async () => {
    // A person's number (outside the 555-01xx range), in California: inside calling hours on the
    // stack's calling clock, every day of the week.
    let person = '';
    while (!person || person.slice(5, 8) === '555') person = `+1415${uniqueUsPhone().slice(5)}`;
    // The first account's call to the person, in progress (set as the provider would report it:
    // a real call to a number outside the scripted range ends within a second on the stack).
    const talking = await place(first, person, {
      schedule_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    await sql(
      `update public.tasks set status = 'in_progress', scheduled_for = null where id = $1`,
      [talking.id],
    );

    const waiting = await place(second, person);
    expect(waiting.status).toBe('queued');
    expect(await stateOf(waiting.id)).toMatchObject({ awaiting_slot: true, attempts: '0' });

    // A test call to the same number reaches nobody: it waits for no other account.
    const simulated = await place(tester, person);
    await waitFor(
      () => stateOf(simulated.id),
      (row) => TERMINAL.includes(row.status) && row.attempts === '1',
      { what: 'the test call placed' },
    );
    await dispatch();
    expect(await stateOf(waiting.id)).toMatchObject({ awaiting_slot: true, attempts: '0' });

    await sql(`update public.tasks set status = 'canceled' where id = $1`, [talking.id]);
    await dispatch();
    await waitFor(
      () => stateOf(waiting.id),
      (row) => row.attempts === '1' && row.status !== 'queued',
      { what: 'the second call dialled once the first ended' },
    );
  }, 120_000);

  it('lets accounts call the same scripted (fictional) number at once', async () => {
    const scripted = '+12535550107'; // talks until max_duration_minutes
    const one = await place(first, scripted);
    await waitFor(
      () => stateOf(one.id),
      (row) => row.status === 'in_progress',
      { what: 'the first call talking' },
    );
    const other = await place(second, scripted);
    expect(await stateOf(other.id)).toMatchObject({ awaiting_slot: false });
    await Promise.all([
      first.api(`/${one.id}/cancel`, { method: 'POST' }),
      second.api(`/${other.id}/cancel`, { method: 'POST' }),
    ]);
  }, 120_000);
});
