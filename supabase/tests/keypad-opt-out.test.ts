import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCallingAccount, type CallingAccount } from './support/call-api';
import { deleteCreatedUsers, serviceClient } from './support/clients';
import { closeClock, sql } from './support/clock';
import { DAY_MS } from './support/retention';
import { waitFor } from './support/wait';

// A callee who presses 9 (the announced opt-out key) on the simulated network (555-0190), sent as
// Vapi sends it (a "User's Keypad Entry: 9" message in a conversation update): the platform itself,
// not the model (whose analysis there misses the press), lists the number for good, says so and
// ends the call, and every call of that account still waiting for the number is canceled at once,
// with its event and webhook.

const TERMINAL = ['success', 'no_answer', 'busy', 'voicemail', 'failed', 'canceled'];
const HOOK = 'http://127.0.0.1:9/hooks/calls';
const PRESSES_NINE = '+14155550190';

type Task = {
  id: string;
  status: string;
  outcome: string | null;
  failure_reason: { code: string; message: string } | null;
  opted_out: boolean;
  transcript: { speaker: string; text: string }[] | null;
  attempts: { ended_reason: string | null }[];
};

let owner: CallingAccount;
beforeAll(async () => {
  owner = await createCallingAccount({ label: 'keypad-opt-out', credits: 5 });
});
afterAll(async () => {
  await deleteCreatedUsers();
  await closeClock();
});

async function create(json: Record<string, unknown>) {
  const response = await owner.api('', {
    method: 'POST',
    json: {
      goal: 'Offer the new winter maintenance plan.',
      purpose: 'marketing',
      offer: 'a dental check-up plan',
      consent: {
        type: 'written',
        obtained_at: '2026-11-01T15:00:00Z',
        source: 'web form',
        reference: 'form-190',
      },
      ...json,
    },
  });
  const body = (await response.json()) as Task;
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body;
}

const taskOf = async (id: string) => (await (await owner.api(`/${id}`)).json()) as Task;

describe('an opt-out by keypad', () => {
  it('ends the call, lists the number and cancels the account’s waiting call to it', async () => {
    const later = await create({
      phone_number: PRESSES_NINE,
      schedule_at: new Date(Date.now() + DAY_MS).toISOString(),
      webhook_url: HOOK,
    });
    expect(later.status).toBe('scheduled');

    const now = await create({ phone_number: PRESSES_NINE });
    const ended = await waitFor(
      () => taskOf(now.id),
      (t) => TERMINAL.includes(t.status),
      { what: 'the call in which the callee presses 9 to end' },
    );
    expect(ended).toMatchObject({ outcome: 'not_achieved', opted_out: true });
    const said = (ended.transcript ?? []).map((t) => `${t.speaker}: ${t.text}`);
    expect(said).toContain('callee: 9');
    expect(said.at(-1)).toBe('agent: You will not be called again at this number. Goodbye.');
    expect(ended.attempts.at(-1)?.ended_reason).toBe('assistant-ended-call-after-message-spoken');

    const [listed] = await sql<{ source: string; task_id: string }>(
      'select source, task_id from public.do_not_call where user_id = $1 and phone_number = $2',
      [owner.user.id, PRESSES_NINE],
    );
    expect(listed).toEqual({ source: 'callee', task_id: now.id });

    expect(await taskOf(later.id)).toMatchObject({
      status: 'canceled',
      outcome: 'not_achieved',
      failure_reason: { code: 'do_not_call' },
    });
    const hooks = await sql<{ event_type: string }>(
      'select event_type from public.webhook_deliveries where task_id = $1',
      [later.id],
    );
    expect(hooks.map((h) => h.event_type)).toContain('task.completed');

    // And the next create to it is refused, as check says first.
    const check = await owner.api('/check', {
      method: 'POST',
      json: { goal: 'Try again.', phone_number: PRESSES_NINE },
    });
    expect(((await check.json()) as { decision: string }).decision).toBe('refused');
    const again = await owner.api('', {
      method: 'POST',
      json: { goal: 'Try again.', phone_number: PRESSES_NINE },
    });
    expect(again.status).toBe(403);
  }, 60_000);

  it('is kept 5 years whatever becomes of the account: its record outlives the erased account', async () => {
    const caller = await createCallingAccount({ label: 'keypad-opt-out-closing', credits: 5 });
    const response = await caller.api('', {
      method: 'POST',
      json: { goal: "Confirm Kim's appointment tomorrow at 3 pm.", phone_number: PRESSES_NINE },
    });
    const task = (await response.json()) as Task;
    expect(response.status, JSON.stringify(task)).toBe(201);
    await waitFor(
      async () => (await (await caller.api(`/${task.id}`)).json()) as Task,
      (t) => TERMINAL.includes(t.status),
      { what: 'the opted-out call to end' },
    );
    // The account's data goes as the retention pass erases it: its auth user, and its list with it.
    const { error } = await serviceClient().auth.admin.deleteUser(caller.user.id);
    expect(error).toBeNull();
    const listed = await sql('select 1 from public.do_not_call where user_id = $1', [
      caller.user.id,
    ]);
    expect(listed).toHaveLength(0);
    const kept = await sql<{ phone_number: string; task_id: string }>(
      'select phone_number, task_id from private.callee_opt_outs where user_id = $1',
      [caller.user.id],
    );
    expect(kept).toEqual([{ phone_number: PRESSES_NINE, task_id: task.id }]);
  }, 60_000);
});
