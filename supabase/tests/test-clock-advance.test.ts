import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteCreatedUsers } from './support/clients';
import {
  callApiWith,
  createCallingAccount,
  testKeyOf,
  type CallingAccount,
} from './support/call-api';
import { waitFor } from './support/wait';

// A waiting test task's clock moves ahead on request, as Stripe's test clocks do: what it waits for
// (the calling window on its test clock, schedule_at, a retry's wait) comes that much sooner and
// the dispatcher places it. Live tasks have no test clock; other accounts' tasks are not found.
type Attempt = { number: number; status: string };
type Task = {
  id: string;
  status: string;
  test_clock: string | null;
  scheduled_for: string | null;
  next_attempt_at: string | null;
  attempts: Attempt[];
};
type Batch = { id: string; status: string; tasks_advanced?: number };

const GOAL = "Confirm Kim's appointment tomorrow at 3 pm.";
const TERMINAL = ['success', 'no_answer', 'busy', 'voicemail', 'failed', 'canceled'];
let account: CallingAccount;
let withTestKey: ReturnType<typeof callApiWith>;

beforeAll(async () => {
  account = await createCallingAccount({ label: 'test-clock-advance' });
  withTestKey = callApiWith(await testKeyOf(account));
});
afterAll(deleteCreatedUsers);

const taskOf = (id: string) => async () => (await (await withTestKey(`/${id}`)).json()) as Task;

async function advance(path: string, minutes: unknown, call = withTestKey) {
  return await call(`${path}/test-clock/advance`, { method: 'POST', json: { minutes } });
}

describe('advancing a test clock', () => {
  it('places a call scheduled for the morning on its test clock once the clock reaches 09:00', async () => {
    const created = await withTestKey('', {
      method: 'POST',
      json: { phone_number: '+14155550100', goal: GOAL, test_clock: '2026-11-27T23:30:00-08:00' },
    });
    const scheduled = (await created.json()) as Task;
    expect(scheduled.status).toBe('scheduled');

    // 23:30 + 9 hours is 08:30: still half an hour before California's 09:00 opening.
    const early = await advance(`/${scheduled.id}`, 9 * 60);
    expect(early.status).toBe(200);
    const moved = (await early.json()) as Task;
    expect(moved.status).toBe('scheduled');
    const left = Date.parse(moved.scheduled_for!) - Date.now();
    expect(Math.abs(left - 30 * 60_000)).toBeLessThan(60_000);

    const onTime = await advance(`/${scheduled.id}`, 30);
    expect(onTime.status).toBe(200);
    const done = await waitFor(taskOf(scheduled.id), (t) => TERMINAL.includes(t.status), {
      what: 'the call placed at 09:00 on its test clock',
    });
    expect(done.status).toBe('success');
    expect(done.test_clock).toBe('2026-11-27T23:30:00-08:00');
  }, 60_000);

  it('brings a retry 30 minutes away forward, on an open clock', async () => {
    const created = await withTestKey('', {
      method: 'POST',
      json: {
        phone_number: '+14155550106',
        goal: GOAL,
        retry: { max_attempts: 1, interval_minutes: 30 },
      },
    });
    const { id } = (await created.json()) as Task;
    const waiting = await waitFor(taskOf(id), (t) => t.status === 'retry_scheduled', {
      what: 'the retry',
    });
    expect(Date.parse(waiting.next_attempt_at!) - Date.now()).toBeGreaterThan(25 * 60_000);

    const response = await advance(`/${id}`, 30);
    expect(response.status).toBe(200);
    const done = await waitFor(taskOf(id), (t) => TERMINAL.includes(t.status), {
      what: 'the retry to end',
    });
    expect(done.test_clock).toBe('open');
    expect(done.attempts.map((a) => [a.number, a.status])).toEqual([
      [1, 'no_answer'],
      [2, 'success'],
    ]);

    // It ended: nothing waits, so there is no clock to advance.
    const again = await advance(`/${id}`, 30);
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({
      error: {
        code: 'invalid_request',
        message: expect.stringContaining('only a task that waits'),
      },
    });
  }, 60_000);

  it('advances every waiting task of a test batch at once', async () => {
    const response = await withTestKey('/batches', {
      method: 'POST',
      json: {
        defaults: { goal: GOAL, schedule_at: new Date(Date.now() + 2 * 3_600_000).toISOString() },
        tasks: [{ phone_number: '+14155550100' }, { phone_number: '+14155550101' }],
      },
    });
    expect(response.status).toBe(201);
    const batch = (await response.json()) as Batch;

    const advanced = await advance(`/batches/${batch.id}`, 120);
    expect(advanced.status).toBe(200);
    expect(await advanced.json()).toMatchObject({ id: batch.id, tasks_advanced: 2 });
    const finished = await waitFor(
      async () => (await (await withTestKey(`/batches/${batch.id}`)).json()) as Batch,
      (b) => b.status === 'completed',
      { what: 'the batch to finish' },
    );
    expect(finished.status).toBe('completed');
  }, 60_000);

  it('refuses a live task, another account’s task and a bad body with clear errors', async () => {
    // A live task has no test clock (the stack judges live windows at noon in Los Angeles, so a
    // window narrowed to the evening schedules it).
    const live = await account.api('', {
      method: 'POST',
      json: {
        phone_number: '+14155550100',
        goal: GOAL,
        call_window: { start: '20:00', end: '21:00' },
      },
    });
    expect(live.status).toBe(201);
    const liveTask = (await live.json()) as Task;
    expect(liveTask.status).toBe('scheduled');
    const refused = await advance(`/${liveTask.id}`, 60, account.api);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: { code: 'invalid_request', field: 'test_clock' },
    });
    await account.api(`/${liveTask.id}/cancel`, { method: 'POST' });

    const created = await withTestKey('', {
      method: 'POST',
      json: {
        phone_number: '+14155550100',
        goal: GOAL,
        schedule_at: new Date(Date.now() + 3_600_000).toISOString(),
      },
    });
    const mine = (await created.json()) as Task;
    const stranger = await createCallingAccount({ label: 'test-clock-stranger' });
    const strangers = callApiWith(await testKeyOf(stranger));
    const notTheirs = await advance(`/${mine.id}`, 60, strangers);
    expect(notTheirs.status).toBe(404);
    expect(await notTheirs.json()).toMatchObject({ error: { code: 'not_found' } });

    for (const minutes of [0, 1.5, 'soon', 43_201]) {
      const bad = await advance(`/${mine.id}`, minutes);
      expect(bad.status).toBe(400);
      const body = (await bad.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('invalid_request');
      expect(body.error.message).toMatch(/minutes/);
    }
    const untouched = (await taskOf(mine.id)()) as Task;
    expect(untouched.scheduled_for).toBe(mine.scheduled_for);
  });
});
