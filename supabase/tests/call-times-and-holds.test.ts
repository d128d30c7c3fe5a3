import { afterAll, describe, expect, it } from 'vitest';
import { deleteCreatedUsers, serviceClient } from './support/clients';
import { createCallingAccount, moneyOf, type CallingAccount } from './support/call-api';
import { waitFor } from './support/wait';

// What the dashboard shows about a call's times and an account's holds, read as stored: calls on
// the simulated network (which compresses a minute-long call into seconds) end in the past and in
// order, and money held for calls not yet ended is reported as held.
const GOAL = "Confirm Kim's dental appointment tomorrow at 3 pm.";
const TERMINAL = ['success', 'no_answer', 'busy', 'voicemail', 'failed', 'canceled'];

type Times = { started_at: string | null; answered_at?: string | null; ended_at: string | null };

async function place(account: CallingAccount, json: Record<string, unknown>) {
  const response = await account.api('', { method: 'POST', json: { goal: GOAL, ...json } });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function storedTimes(taskId: string) {
  const admin = serviceClient();
  const task = await admin
    .from('tasks')
    .select('status, started_at, ended_at')
    .eq('id', taskId)
    .single<Times & { status: string }>();
  const attempts = await admin
    .from('task_attempts')
    .select('number, started_at, answered_at, ended_at, ended_reason, settled_at')
    .eq('task_id', taskId)
    .order('number')
    .returns<(Times & { ended_reason: string | null; settled_at: string | null })[]>();
  if (task.error) throw task.error;
  if (attempts.error) throw attempts.error;
  return { task: task.data, attempts: attempts.data };
}

/** started ≤ answered ≤ ended ≤ now, each where present; the task and each attempt ended. */
function expectInOrderAndPast(times: Times, now: number, what: string) {
  const started = Date.parse(times.started_at ?? '');
  const answered = times.answered_at ? Date.parse(times.answered_at) : null;
  const ended = Date.parse(times.ended_at ?? '');
  expect(Number.isFinite(started), `${what} has started_at`).toBe(true);
  expect(Number.isFinite(ended), `${what} has ended_at`).toBe(true);
  expect(started, `${what}: started_at ≤ ended_at`).toBeLessThanOrEqual(ended);
  if (answered !== null) {
    expect(started, `${what}: started_at ≤ answered_at`).toBeLessThanOrEqual(answered);
    expect(answered, `${what}: answered_at ≤ ended_at`).toBeLessThanOrEqual(ended);
  }
  expect(ended, `${what}: ended_at ≤ now`).toBeLessThanOrEqual(now);
}

afterAll(deleteCreatedUsers);

describe('call times as stored', () => {
  it('a finished call started before it ended, and ended in the past', async () => {
    const account = await createCallingAccount({ label: 'times-finished', credits: 1 });
    const id = await place(account, { phone_number: '+14155550100' });
    const stored = await waitFor(
      () => storedTimes(id),
      (s) => TERMINAL.includes(s.task.status) && s.attempts.every((a) => a.settled_at !== null),
      { what: 'the call ended and was billed' },
    );
    const now = Date.now();
    expect(stored.task.status).toBe('success');
    expectInOrderAndPast(stored.task, now, 'task');
    for (const attempt of stored.attempts) expectInOrderAndPast(attempt, now, 'attempt');
  }, 90_000);

  it('a call canceled while talking started before it ended, and ended in the past', async () => {
    const account = await createCallingAccount({ label: 'times-canceled', credits: 1 });
    const id = await place(account, { phone_number: '+14155550107', max_duration_minutes: 10 });
    await waitFor(
      () => storedTimes(id),
      (s) => s.task.status === 'in_progress',
      { what: 'the callee answered' },
    );
    const canceled = await account.api(`/${id}/cancel`, { method: 'POST' });
    expect(canceled.status).toBe(200);
    // The provider's end report (its start and end times) arrives after the hang-up.
    const stored = await waitFor(
      () => storedTimes(id),
      (s) =>
        s.attempts[0]?.ended_reason === 'manually-canceled' && s.attempts[0].settled_at !== null,
      { what: "the provider's end report of the canceled call" },
    );
    const now = Date.now();
    expect(stored.task.status).toBe('canceled');
    expectInOrderAndPast(stored.task, now, 'task');
    expectInOrderAndPast(stored.attempts[0]!, now, 'attempt');
  }, 90_000);

  it('the database keeps a start reported after the end in order', async () => {
    const account = await createCallingAccount({ label: 'times-guard', credits: 1 });
    const id = await place(account, { phone_number: '+14155550101' });
    await waitFor(
      () => storedTimes(id),
      (s) => TERMINAL.includes(s.task.status) && s.attempts.every((a) => a.settled_at !== null),
      { what: 'the call ended' },
    );
    const admin = serviceClient();
    const ended = '2026-01-05T12:00:00.000Z';
    const later = '2026-01-05T12:01:00.000Z';
    await admin.from('tasks').update({ ended_at: ended, started_at: later }).eq('id', id);
    await admin
      .from('task_attempts')
      .update({ ended_at: ended, answered_at: later, started_at: later })
      .eq('task_id', id);
    const stored = await storedTimes(id);
    expect(Date.parse(stored.task.started_at!)).toBe(Date.parse(ended));
    expect(Date.parse(stored.attempts[0]!.answered_at!)).toBe(Date.parse(ended));
    expect(Date.parse(stored.attempts[0]!.started_at!)).toBe(Date.parse(ended));
    // A time never set stays unset: an unanswered call is not made answered at its end.
    await admin
      .from('task_attempts')
      .update({ answered_at: null, started_at: later })
      .eq('task_id', id);
    await admin.from('tasks').update({ started_at: null }).eq('id', id);
    const unanswered = await storedTimes(id);
    expect(unanswered.attempts[0]!.answered_at).toBeNull();
    expect(Date.parse(unanswered.attempts[0]!.started_at!)).toBe(Date.parse(ended));
    expect(unanswered.task.started_at).toBeNull();
  }, 90_000);
});

describe('holds in the usage summary', () => {
  it('reports free minutes and credits held by a call waiting for its retry, and releases them on cancel', async () => {
    const account = await createCallingAccount({
      label: 'holds',
      credits: 1,
      freeMinutesUsed: 90,
    });
    const id = await place(account, {
      phone_number: '+14155550106',
      max_duration_minutes: 15,
      retry: { max_attempts: 2, interval_minutes: 5 },
    });
    await waitFor(
      () => storedTimes(id),
      (s) => s.task.status === 'retry_scheduled',
      { what: 'the retry was scheduled' },
    );
    const held = await account.client.rpc('usage_summary');
    expect(held.error).toBeNull();
    // 15 minutes: the 10 free minutes left are reserved, the other 5 held from credits (5 cents).
    expect(held.data).toMatchObject({
      free_minutes_total: 100,
      free_minutes_used: 90,
      free_minutes_held: 10,
      credits_usd: 1,
      credits_held_usd: 0.05,
    });
    expect((await account.api(`/${id}/cancel`, { method: 'POST' })).status).toBe(200);
    const released = await account.client.rpc('usage_summary');
    expect(released.data).toMatchObject({
      free_minutes_used: 90,
      free_minutes_held: 0,
      credits_usd: 1,
      credits_held_usd: 0,
    });
  }, 90_000);
});

describe('free minutes first, at settlement', () => {
  it('a call that ends while another call holds the last free minutes pays no credit for them', async () => {
    // Three free minutes left, all reserved by a call that talks until it is hung up.
    const account = await createCallingAccount({
      label: 'free-first',
      credits: 1,
      freeMinutesUsed: 97,
    });
    const long = await place(account, { phone_number: '+14155550107', max_duration_minutes: 30 });
    await waitFor(
      () => storedTimes(long),
      (s) => s.task.status === 'in_progress',
      { what: 'the long call answered' },
    );
    const before = await moneyOf(account.user.id);
    expect(before).toMatchObject({ freeReserved: 3, held: 0.27 });

    // A short call placed meanwhile finds no free minute to reserve and holds credit instead.
    const short = await place(account, { phone_number: '+14155550100', max_duration_minutes: 2 });
    const shortAttempt = await waitFor(
      () => attemptsOf(short),
      (attempts) => attempts.length > 0 && attempts.every((a) => a.settled_at !== null),
      { what: 'the short call was billed' },
    );
    // It ended while the long call still reserved every free minute: billed from the free
    // minutes all the same, not one cent of credit.
    expect(shortAttempt[0]!.billed_minutes).toBeGreaterThan(0);
    expect(shortAttempt[0]).toMatchObject({
      free_minutes: shortAttempt[0]!.billed_minutes,
      cost_cents: 0,
    });
    expect((await moneyOf(account.user.id)).credits).toBe(1);

    // Once both have ended the books balance: nothing held, free minutes used before credits.
    expect((await account.api(`/${long}/cancel`, { method: 'POST' })).status).toBe(200);
    await waitFor(
      () => attemptsOf(long),
      (attempts) => attempts.every((a) => a.settled_at !== null),
      { what: 'the long call was billed' },
    );
    const all = [...shortAttempt, ...(await attemptsOf(long))];
    const minutes = all.reduce((sum, a) => sum + a.billed_minutes, 0);
    const after = await moneyOf(account.user.id);
    expect(after).toMatchObject({ held: 0, freeReserved: 0, freeUsed: 97 + Math.min(3, minutes) });
    expect(after.credits).toBeCloseTo(1 - Math.max(0, minutes - 3) / 100, 5);
  }, 90_000);
});

async function attemptsOf(taskId: string) {
  const { data, error } = await serviceClient()
    .from('task_attempts')
    .select('billed_minutes, free_minutes, cost_cents, settled_at')
    .eq('task_id', taskId)
    .returns<
      {
        billed_minutes: number;
        free_minutes: number;
        cost_cents: number;
        settled_at: string | null;
      }[]
    >();
  if (error) throw error;
  return data;
}
