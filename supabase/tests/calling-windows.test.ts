import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteCreatedUsers, serviceClient } from './support/clients';
import { dispatchAt } from './support/dispatch';
import { createCallingAccount, moneyOf, type CallingAccount } from './support/call-api';
import { dbUrl } from './support/stack';
import { waitFor } from './support/wait';

// Calling windows on the integration stack, whose windows are judged as if the stack had started
// at noon in Los Angeles (STACK_CALLING_CLOCK): a window narrowed to the evening is closed, and
// the dispatcher's test clock opens it. Nothing here waits for the calendar.
type Task = {
  id: string;
  status: string;
  scheduled_for: string | null;
  schedule_at: string | null;
  time_zones: string[];
  call_window: { start: string; end: string };
  attempts: { number: number; status: string }[];
  next_attempt_at: string | null;
};

const GOAL = 'Remind Sam about the parent-teacher meeting on Thursday at 5 pm.';
const TERMINAL = ['success', 'no_answer', 'busy', 'voicemail', 'failed', 'canceled'];
const admin = serviceClient();
let db: pg.Client;
let account: CallingAccount;

beforeAll(async () => {
  db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  account = await createCallingAccount({ label: 'windows', credits: 10, freeMinutesUsed: 100 });
});
afterAll(async () => {
  await db.end();
  await deleteCreatedUsers();
});

async function create(json: Record<string, unknown>) {
  const response = await account.api('', { method: 'POST', json: { goal: GOAL, ...json } });
  return { response, task: (await response.json()) as Task };
}

const getTask = async (id: string) => (await (await account.api(`/${id}`)).json()) as Task;

async function until(id: string, done: (t: Task) => boolean, timeoutMs = 45_000) {
  const started = Date.now();
  for (;;) {
    const task = await getTask(id);
    if (done(task)) return task;
    if (Date.now() - started > timeoutMs) throw new Error(`task ${id} stayed ${task.status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The real instant the stack's calling clock calls `day` (0 today, 1 tomorrow) at `time` in `zone`. */
async function callingClockAt(time: string, zone: string, day = 0): Promise<Date> {
  const { rows } = await db.query<{ at: Date }>(
    `select ((((now() + coalesce((select shift from private.calling_clock), interval '0'))
                at time zone $2)::date + $3::integer + $1::time) at time zone $2)
            - coalesce((select shift from private.calling_clock), interval '0') as at`,
    [time, zone, day],
  );
  return rows[0]!.at;
}

async function eventTypes(id: string) {
  const { data } = await admin
    .from('task_events')
    .select('type, data')
    .eq('task_id', id)
    .order('seq');
  return (data ?? []) as { type: string; data: Record<string, unknown> }[];
}

describe('calling windows', () => {
  it('schedules a call outside the callee’s window for its opening, holding nothing and dialling nobody until then', async () => {
    const before = await moneyOf(account.user.id);
    const { response, task } = await create({
      phone_number: '+14155550100',
      call_window: { start: '18:00', end: '19:00' },
    });
    expect(response.status).toBe(201);
    expect(task).toMatchObject({
      status: 'scheduled',
      time_zones: ['America/Los_Angeles'],
      call_window: { start: '18:00', end: '19:00' },
    });
    const opening = await callingClockAt('18:00', 'America/Los_Angeles');
    expect(new Date(task.scheduled_for!).getTime()).toBe(opening.getTime());
    expect(await eventTypes(task.id)).toEqual([
      {
        type: 'task.scheduled',
        data: { scheduled_for: expect.any(String), reason: 'calling_window' },
      },
    ]);
    // Waiting for its window it holds nothing: the account's money stays free for other calls.
    expect((await moneyOf(account.user.id)).held).toBeCloseTo(before.held, 5);

    // A minute before the opening nothing is placed; at the opening it is, and held then.
    expect((await dispatchAt(new Date(opening.getTime() - 60_000))).scheduled_placed).toBe(0);
    expect((await getTask(task.id)).attempts).toEqual([]);
    expect((await dispatchAt(new Date(opening.getTime() + 1000))).scheduled_placed).toBe(1);
    const done = await until(task.id, (t) => TERMINAL.includes(t.status));
    expect(done.status).toBe('success');
    // Funded when placed: billed from the credits (this account has no free minutes left).
    const after = await waitFor(
      () => moneyOf(account.user.id),
      (m) => m.held === before.held,
      { what: 'the call was billed and its hold released' },
    );
    expect(after.credits).toBeLessThan(before.credits);
    expect((await eventTypes(task.id)).map((e) => e.type).slice(0, 3)).toEqual([
      'task.scheduled',
      'task.queued',
      'call.ringing',
    ]);
  }, 60_000);

  it('accepts a scheduled call the account can pay a minute of, and fails it at placement if it cannot be funded then', async () => {
    const broke = await createCallingAccount({ label: 'no-credit', freeMinutesUsed: 100 });
    const refused = await broke.api('', {
      method: 'POST',
      json: {
        goal: GOAL,
        phone_number: '+14155550100',
        call_window: { start: '18:00', end: '19:00' },
      },
    });
    expect(refused.status).toBe(402);
    expect(await refused.json()).toMatchObject({ error: { code: 'insufficient_credits' } });

    // Five cents pay for a minute now; the ten-minute call holds nothing while it waits.
    const thin = await createCallingAccount({
      label: 'thin-credit',
      credits: 0.05,
      freeMinutesUsed: 100,
    });
    const response = await thin.api('', {
      method: 'POST',
      json: {
        goal: GOAL,
        phone_number: '+14155550100',
        max_duration_minutes: 10,
        call_window: { start: '18:00', end: '19:00' },
      },
    });
    expect(response.status).toBe(201);
    const task = (await response.json()) as Task;
    expect(task.status).toBe('scheduled');
    expect((await moneyOf(thin.user.id)).held).toBe(0);

    // At the opening ten minutes cannot be held from five cents: it fails, and rings nobody.
    const opening = await callingClockAt('18:00', 'America/Los_Angeles');
    await dispatchAt(new Date(opening.getTime() + 1000));
    const failed = (await (await thin.api(`/${task.id}`)).json()) as Task & {
      failure_reason: unknown;
    };
    expect(failed).toMatchObject({ status: 'failed', attempts: [] });
    expect(JSON.stringify(failed.failure_reason)).toContain('insufficient_credits');
    expect(await moneyOf(thin.user.id)).toMatchObject({ credits: 0.05, held: 0 });
  }, 60_000);

  it('judges the window in the time zone of the number’s area code', async () => {
    const newYork = await create({
      phone_number: '+12125550100',
      call_window: { start: '20:00', end: '21:00' },
    });
    expect(newYork.task.time_zones).toEqual(['America/New_York']);
    expect(new Date(newYork.task.scheduled_for!).getTime()).toBe(
      (await callingClockAt('20:00', 'America/New_York')).getTime(),
    );
    // Idaho's 208 spans two zones: the window must be open in both (17:00 Pacific is 18:00
    // Mountain), and a window never open in both at once is refused.
    const idaho = await create({
      phone_number: '+12085550100',
      call_window: { start: '17:00', end: '20:00' },
    });
    expect(idaho.task.time_zones).toEqual(['America/Boise', 'America/Los_Angeles']);
    expect(new Date(idaho.task.scheduled_for!).getTime()).toBe(
      (await callingClockAt('17:00', 'America/Los_Angeles')).getTime(),
    );
    const never = await create({
      phone_number: '+12085550100',
      call_window: { start: '18:00', end: '19:00' },
    });
    expect(never.response.status).toBe(400);
    expect(never.task).toMatchObject({ error: { code: 'invalid_request', field: 'call_window' } });
    for (const { task } of [newYork, idaho])
      expect((await account.api(`/${task.id}/cancel`, { method: 'POST' })).status).toBe(200);
  });

  it('places a call asked for later at schedule_at, inside the window', async () => {
    const at = await callingClockAt('15:30', 'America/Los_Angeles');
    const { task } = await create({ phone_number: '+14155550100', schedule_at: at.toISOString() });
    expect(task).toMatchObject({ status: 'scheduled' });
    expect(new Date(task.scheduled_for!).getTime()).toBe(at.getTime());
    expect(new Date(task.schedule_at!).getTime()).toBe(at.getTime());
    expect((await eventTypes(task.id))[0]!.data).toMatchObject({ reason: 'schedule_at' });
    // Asked for 22:00, after the window closes: moved to the next morning's opening, 09:00 in
    // California (its auto-dialer statute, Cal. Pub. Util. Code § 2872(c)).
    const late = await create({
      phone_number: '+14155550100',
      schedule_at: (await callingClockAt('22:00', 'America/Los_Angeles')).toISOString(),
    });
    expect(new Date(late.task.scheduled_for!).getTime()).toBe(
      (await callingClockAt('09:00', 'America/Los_Angeles', 1)).getTime(),
    );
    expect((await account.api(`/${late.task.id}/cancel`, { method: 'POST' })).status).toBe(200);

    expect((await dispatchAt(new Date(at.getTime() + 1000))).scheduled_placed).toBe(1);
    expect((await until(task.id, (t) => TERMINAL.includes(t.status))).status).toBe('success');
  }, 60_000);

  it('does not count scheduled calls toward the 10 active calls, and cancels them before they ring', async () => {
    const busy = await createCallingAccount({ label: 'scheduler', credits: 5 });
    const ids: string[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await busy.api('', {
        method: 'POST',
        json: {
          goal: GOAL,
          phone_number: '+14155550100',
          call_window: { start: '19:00', end: '20:00' },
        },
      });
      expect(response.status).toBe(201);
      ids.push(((await response.json()) as Task).id);
    }
    const now = await busy.api('', {
      method: 'POST',
      json: { goal: GOAL, phone_number: '+14155550100' },
    });
    expect(now.status).toBe(201);
    expect(((await now.json()) as Task).status).toBe('queued');

    // The scheduled calls hold nothing; only the call placed now reserves (free minutes).
    const before = await moneyOf(busy.user.id);
    expect(before).toMatchObject({ held: 0, freeReserved: 10 });
    for (const id of ids) {
      const canceled = await busy.api(`/${id}/cancel`, { method: 'POST' });
      expect(canceled.status).toBe(200);
      expect(await canceled.json()).toMatchObject({ status: 'canceled', attempts: [] });
    }
    expect((await moneyOf(busy.user.id)).freeReserved).toBeLessThanOrEqual(before.freeReserved);
    // Past their opening, the canceled calls are never placed.
    const opening = await callingClockAt('19:00', 'America/Los_Angeles');
    await dispatchAt(new Date(opening.getTime() + 1000));
    const { data } = await admin.from('task_attempts').select('task_id').in('task_id', ids);
    expect(data).toEqual([]);
  }, 60_000);

  it('keeps a retry that falls due after the window closed for the next opening', async () => {
    const { task } = await create({
      phone_number: '+14155550103',
      retry: { max_attempts: 1, interval_minutes: 30 },
    });
    await until(task.id, (t) => t.status === 'retry_scheduled');
    const night = await callingClockAt('22:00', 'America/Los_Angeles');
    expect((await dispatchAt(night)).retries_placed).toBe(0);
    const waiting = await getTask(task.id);
    const morning = await callingClockAt('09:00', 'America/Los_Angeles', 1);
    expect(waiting.status).toBe('retry_scheduled');
    expect(new Date(waiting.next_attempt_at!).getTime()).toBe(morning.getTime());
    expect((await dispatchAt(new Date(morning.getTime() + 1000))).retries_placed).toBe(1);
    const done = await until(task.id, (t) => TERMINAL.includes(t.status));
    expect(done.attempts.map((a) => a.status)).toEqual(['no_answer', 'no_answer']);
  }, 60_000);

  it('refuses windows that widen the calling hours, and schedules too far ahead, naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ call_window: { start: '07:00', end: '12:00' } }, 'call_window'],
      [{ call_window: { start: '12:00', end: '22:00' } }, 'call_window'],
      [{ call_window: { start: '15:00', end: '14:00' } }, 'call_window'],
      [{ call_window: { start: '9am', end: '17:00' } }, 'call_window.start'],
      [{ call_window: { start: '09:00' } }, 'call_window.end'],
      [{ schedule_at: 'tomorrow' }, 'schedule_at'],
      [{ schedule_at: '2026-12-01T15:00:00' }, 'schedule_at'],
      [{ schedule_at: new Date(Date.now() + 31 * 86_400_000).toISOString() }, 'schedule_at'],
      [{ schedule_at: new Date(Date.now() - 86_400_000).toISOString() }, 'schedule_at'],
    ];
    for (const [json, field] of cases) {
      const { response, task } = await create({ phone_number: '+14155550100', ...json });
      expect(response.status, JSON.stringify(json)).toBe(400);
      expect(task, JSON.stringify(json)).toMatchObject({
        error: { code: 'invalid_request', field },
      });
    }
  });
});
