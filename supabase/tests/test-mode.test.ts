import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteCreatedUsers } from './support/clients';
import { dispatchAt } from './support/dispatch';
import {
  callApiWith,
  createCallingAccount,
  moneyOf,
  testKeyOf,
  type CallingAccount,
} from './support/call-api';
import { uniqueUsPhone } from './support/phone';
import { readSseData } from './support/sse';
import { sql } from './support/clock';
import { withoutDispatchTick } from './support/cron';
import { waitFor } from './support/wait';

// Test mode as an integrator meets it: a dw_test_ key's calls go to the simulated network, free,
// marked livemode false and listed apart from live calls; its calling window is judged on the
// task's test clock (open by default, or the moment the request sets). The integration stack
// judges live windows at noon in Los Angeles (STACK_CALLING_CLOCK), so a live call is scheduled
// here only when its window is narrowed to the evening.
type Task = {
  id: string;
  status: string;
  livemode: boolean;
  simulated: boolean;
  test_clock: string | null;
  started_at: string | null;
  ended_at: string | null;
  transcript: { end_ms: number }[];
  scheduled_for: string | null;
  scheduled_reason: string | null;
  cost_usd: number;
  billed_minutes: number;
  free_minutes_used: number;
  duration_seconds: number;
};
type List = { data: Task[] };

const GOAL = "Confirm Kim's appointment tomorrow at 3 pm.";
let account: CallingAccount;
let testKey: string;
let withTestKey: ReturnType<typeof callApiWith>;

beforeAll(async () => {
  // No credits and every free minute used: a live call would be refused with 402.
  account = await createCallingAccount({ label: 'test-mode', freeMinutesUsed: 100 });
  testKey = await testKeyOf(account);
  withTestKey = callApiWith(testKey);
});
afterAll(deleteCreatedUsers);

const TERMINAL = ['success', 'no_answer', 'busy', 'voicemail', 'failed', 'canceled'];

describe('test mode', () => {
  it('gives an account a live key and a test key at once, each in its own format', () => {
    expect(account.apiKey).toMatch(/^dw_live_[0-9a-f]{64}$/);
    expect(testKey).toMatch(/^dw_test_[0-9a-f]{64}$/);
  });

  it('places a test key’s call on the simulated network for free, livemode false, never in the live list', async () => {
    const before = await moneyOf(account.user.id);
    const live = await account.api('', {
      method: 'POST',
      json: { phone_number: '+14155550100', goal: GOAL },
    });
    expect(live.status).toBe(402);

    const response = await withTestKey('?wait=true', {
      method: 'POST',
      json: { phone_number: '+14155550100', goal: GOAL },
    });
    expect(response.status).toBe(201);
    const task = (await response.json()) as Task;
    expect(task).toMatchObject({ status: 'success', livemode: false, test_clock: 'open' });
    expect(task.duration_seconds).toBeGreaterThan(0);
    expect(task).toMatchObject({ cost_usd: 0, billed_minutes: 0, free_minutes_used: 0 });
    expect(await moneyOf(account.user.id)).toEqual(before);

    const liveList = (await (await account.api('?limit=100')).json()) as List;
    expect(liveList.data.map((t) => t.id)).not.toContain(task.id);
    const testList = (await (await withTestKey('?limit=100')).json()) as List;
    expect(testList.data.map((t) => t.id)).toContain(task.id);
    expect(testList.data.every((t) => t.livemode === false)).toBe(true);
  });

  it('tells a simulated call by its times: started when placed, the simulated conversation as its duration', async () => {
    const placed = Date.now();
    const response = await withTestKey('?wait=true', {
      method: 'POST',
      json: { phone_number: '+14155550100', goal: GOAL },
    });
    const answered = Date.now();
    const task = (await response.json()) as Task;
    expect(task).toMatchObject({ status: 'success', livemode: false, simulated: true });
    // Start and end are the real moments, inside the request's own span (give or take a clock
    // second), never the simulated clock's earlier ones.
    const started = Date.parse(task.started_at!);
    const ended = Date.parse(task.ended_at!);
    expect(started).toBeGreaterThanOrEqual(placed - 1_000);
    expect(ended).toBeLessThanOrEqual(answered + 1_000);
    expect(started).toBeLessThanOrEqual(ended);
    // Each attempt's times are the same real ones: none before the task was created.
    const { attempts, created_at } = task as unknown as {
      created_at: string;
      attempts: { started_at: string | null; ended_at: string | null }[];
    };
    expect(attempts.length).toBe(1);
    for (const attempt of attempts) {
      expect(Date.parse(attempt.started_at!)).toBeGreaterThanOrEqual(Date.parse(created_at));
      expect(Date.parse(attempt.ended_at!)).toBeGreaterThanOrEqual(Date.parse(attempt.started_at!));
      expect(Date.parse(attempt.ended_at!)).toBeLessThanOrEqual(answered + 1_000);
    }
    // The duration is the conversation's, which the compressed clock played faster than real
    // time: longer than the call took on the wall, and as long as its transcript.
    expect(task.duration_seconds * 1000).toBeGreaterThan(ended - started);
    const lastTurn = task.transcript[task.transcript.length - 1]!;
    expect(task.duration_seconds).toBeGreaterThanOrEqual(Math.floor(lastTurn.end_ms / 1000));

    // The event stream says the same; call.answered came at the start the task keeps.
    const events = await readSseData<{
      type: string;
      livemode: boolean;
      simulated: boolean;
      created_at: string;
    }>(await withTestKey(`/${task.id}/events`));
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((e) => e.livemode === false && e.simulated === true)).toBe(true);
    const answeredEvent = events.find((e) => e.type === 'call.answered')!;
    expect(Math.abs(Date.parse(answeredEvent.created_at) - started)).toBeLessThan(2_000);
    // Each turn as it was streamed has the times the final transcript gives it.
    const streamed = (events as unknown as { type: string; data: Record<string, unknown> }[])
      .filter((e) => e.type === 'transcript.turn')
      .map(({ data }) => [data.speaker, data.text, data.start_ms, data.end_ms]);
    const final = (
      task.transcript as unknown as {
        speaker: string;
        text: string;
        start_ms: number;
        end_ms: number;
      }[]
    ).map((t) => [t.speaker, t.text, t.start_ms, t.end_ms]);
    expect(streamed.length).toBeGreaterThan(2);
    expect(streamed).toEqual(final);
  });

  it('keeps test and live batches apart: each key lists only its own mode’s batches', async () => {
    const response = await withTestKey('/batches', {
      method: 'POST',
      json: { defaults: { goal: GOAL }, tasks: [{ phone_number: '+14155550100' }] },
    });
    expect(response.status).toBe(201);
    const batch = (await response.json()) as { id: string; livemode: boolean };
    expect(batch.livemode).toBe(false);
    type BatchList = { data: { id: string; livemode: boolean }[] };
    const testList = (await (await withTestKey('/batches?limit=100')).json()) as BatchList;
    expect(testList.data.map((b) => b.id)).toContain(batch.id);
    expect(testList.data.every((b) => b.livemode === false)).toBe(true);
    const liveList = (await (await account.api('/batches?limit=100')).json()) as BatchList;
    expect(liveList.data.map((b) => b.id)).not.toContain(batch.id);
  });

  it('takes a batch with the test key for free: its calls are test calls, listed apart', async () => {
    const before = await moneyOf(account.user.id);
    const response = await withTestKey('/batches', {
      method: 'POST',
      json: {
        defaults: { goal: GOAL },
        tasks: [{ phone_number: '+14155550100' }, { phone_number: '+14155550102' }],
      },
    });
    expect(response.status).toBe(201);
    const batch = (await response.json()) as { id: string };
    const rows = (await (await withTestKey(`?batch_id=${batch.id}`)).json()) as List;
    expect(rows.data).toHaveLength(2);
    expect(rows.data.every((t) => t.livemode === false)).toBe(true);
    const liveRows = (await (await account.api(`?batch_id=${batch.id}`)).json()) as List;
    expect(liveRows.data).toHaveLength(0);
    expect(await moneyOf(account.user.id)).toEqual(before);
  });

  it('follows a test clock set to 23:30 Pacific by scheduling a California call for 09:00, saying why, and ?wait=true answers at once', async () => {
    const started = Date.now();
    const response = await withTestKey('?wait=true', {
      method: 'POST',
      json: { phone_number: '+14155550101', goal: GOAL, test_clock: '2026-11-27T23:30:00-08:00' },
    });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(response.status).toBe(201);
    const task = (await response.json()) as Task;
    expect(task).toMatchObject({
      status: 'scheduled',
      livemode: false,
      test_clock: '2026-11-27T23:30:00-08:00',
    });
    // The test clock runs on from 23:30: California's 09:00 opening (its auto-dialer statute) is
    // nine and a half real hours away.
    const ahead = Date.parse(task.scheduled_for!) - started;
    expect(Math.abs(ahead - 9.5 * 3_600_000)).toBeLessThan(60_000);
    expect(task.scheduled_reason).toContain('23:30 in America/Los_Angeles');
    expect(task.scheduled_reason).toContain('on the test clock');
    expect(task.scheduled_reason).toContain('09:00 (America/Los_Angeles)');
    const cancel = await withTestKey(`/${task.id}/cancel`, { method: 'POST' });
    expect(cancel.status).toBe(200);
  });

  it('checks on the test clock as create judges it: a Mississippi Sunday holds a marketing call until Monday, naming the state rule', async () => {
    // Sunday 6 December 2026, noon in Jackson: Mississippi allows no telephone solicitations on
    // Sundays.
    const body = {
      phone_number: '+16015550100',
      goal: GOAL,
      purpose: 'marketing',
      offer: 'a dental check-up plan',
      consent: {
        type: 'written',
        obtained_at: '2026-10-01T15:00:00Z',
        source: 'web form',
        reference: 'form-12',
      },
      test_clock: '2026-12-06T12:00:00-06:00',
    };
    const checked = await withTestKey('/check', { method: 'POST', json: body });
    const check = (await checked.json()) as {
      decision: string;
      scheduled_for: string | null;
      rules: { rule: string; decision: string; source: string | null }[];
    };
    expect(checked.status, JSON.stringify(check)).toBe(200);
    expect(check.decision).toBe('scheduled');
    expect(check.rules).toContainEqual(
      expect.objectContaining({ rule: 'state_days', decision: 'delays' }),
    );
    expect(check.rules.find((r) => r.rule === 'state_days')?.source).toContain('Miss. Code');
    expect(check.rules.map((r) => r.rule)).toContain('test_clock');

    const created = await withTestKey('', { method: 'POST', json: body });
    const task = (await created.json()) as Task;
    expect(created.status).toBe(201);
    expect(task.status).toBe('scheduled');
    expect(
      Math.abs(Date.parse(task.scheduled_for!) - Date.parse(check.scheduled_for!)),
    ).toBeLessThan(10_000);
    // Inside its window, so the reason names the state's rule, not the window.
    expect(task.scheduled_reason).toContain("the callee's state allows no calls that day");
    await withTestKey(`/${task.id}/cancel`, { method: 'POST' });

    // On the open test clock (the default) nothing holds a test call.
    const open = await withTestKey('/check', {
      method: 'POST',
      json: { ...body, test_clock: undefined },
    });
    expect(((await open.json()) as { decision: string }).decision).toBe('call_now');
  });

  it('refuses a test clock on a live key: live mode follows the real clock', async () => {
    const response = await account.api('', {
      method: 'POST',
      json: { phone_number: '+14155550100', goal: GOAL, test_clock: 'open' },
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; field: string } };
    expect(body.error).toMatchObject({ code: 'invalid_request', field: 'test_clock' });
  });

  it('answers ?wait=true at once for a live call outside its window, with the reason in words', async () => {
    const paying = await createCallingAccount({
      label: 'live-window',
      credits: 10,
      freeMinutesUsed: 100,
    });
    const started = Date.now();
    const response = await paying.api('?wait=true', {
      method: 'POST',
      json: {
        phone_number: '+14155550100',
        goal: GOAL,
        call_window: { start: '18:00', end: '19:00' },
      },
    });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(response.status).toBe(201);
    const task = (await response.json()) as Task;
    expect(task).toMatchObject({ status: 'scheduled', livemode: true, test_clock: null });
    expect(task.scheduled_reason).toMatch(
      /in America\/Los_Angeles for the callee, outside the calling window \(18:00–19:00/,
    );
    await paying.api(`/${task.id}/cancel`, { method: 'POST' });
  });
});

describe('what test mode may store', () => {
  it('allows 1,000 test calls in any 24 hours per account, then answers 429 until the day moves on', async () => {
    const tester = await createCallingAccount({ label: 'test-calls-day', mode: 'test' });
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    // A day's worth in one batch, scheduled so nothing rings while the test runs.
    const numbers = new Set<string>();
    while (numbers.size < 1000) numbers.add(uniqueUsPhone());
    const batch = await tester.api('/batches', {
      method: 'POST',
      json: {
        defaults: { goal: GOAL, schedule_at: tomorrow },
        tasks: [...numbers].map((phone_number) => ({ phone_number })),
      },
    });
    expect(batch.status, await batch.clone().text()).toBe(201);
    const more = await tester.api('', {
      method: 'POST',
      json: { phone_number: '+14155550100', goal: GOAL },
    });
    expect(more.status).toBe(429);
    expect(Number(more.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await more.json()).toMatchObject({
      error: { code: 'rate_limited', message: expect.stringContaining('1,000 test calls') },
    });
  }, 120_000);

  describe('the simulated network keeps its word across function instances', () => {
    const taskOf = (id: string) => async () =>
      (await (await withTestKey(`/${id}`)).json()) as Task & {
        attempts: { number: number; status: string }[];
      };

    it('555-0106 answers its retry, placed by the dispatcher', async () => {
      const created = await withTestKey('', {
        method: 'POST',
        json: {
          phone_number: '+14155550106',
          goal: GOAL,
          retry: { max_attempts: 1, interval_minutes: 1 },
        },
      });
      const { id } = (await created.json()) as Task;
      await waitFor(taskOf(id), (t) => t.status === 'retry_scheduled', { what: 'the retry' });
      await sql(
        `update public.tasks set next_attempt_at = now() - interval '1 second' where id = $1`,
        [id],
      );
      await dispatchAt(new Date());
      const done = await waitFor(taskOf(id), (t) => TERMINAL.includes(t.status), {
        what: 'the retry to end',
      });
      expect(done.status).toBe('success');
      expect(done.attempts.map((a) => [a.number, a.status])).toEqual([
        [1, 'no_answer'],
        [2, 'success'],
      ]);
    }, 60_000);

    it('compresses a test task’s retry waits on request: 30 minutes wait 30 seconds, and the dispatcher places the retry then', async () => {
      const created = await withTestKey('', {
        method: 'POST',
        json: {
          phone_number: '+14155550106',
          goal: GOAL,
          retry: { max_attempts: 1, interval_minutes: 30, compress_waits: true },
        },
      });
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as Task;
      const waiting = (await waitFor(taskOf(id), (t) => t.status === 'retry_scheduled', {
        what: 'the retry',
      })) as unknown as Task & { next_attempt_at: string; retry: { compress_waits: boolean } };
      expect(waiting.retry).toEqual({
        max_attempts: 1,
        interval_minutes: 30,
        compress_waits: true,
      });
      const wait = Date.parse(waiting.next_attempt_at) - Date.now();
      expect(wait).toBeGreaterThan(20_000);
      expect(wait).toBeLessThanOrEqual(30_000);
      await dispatchAt(new Date(Date.parse(waiting.next_attempt_at) + 1000));
      const done = await waitFor(taskOf(id), (t) => TERMINAL.includes(t.status), {
        what: 'the retry to end',
      });
      expect(done.attempts.map((a) => [a.number, a.status])).toEqual([
        [1, 'no_answer'],
        [2, 'success'],
      ]);

      // A live key's retries wait their whole interval.
      const live = await account.api('', {
        method: 'POST',
        json: { phone_number: '+14155550106', goal: GOAL, retry: { compress_waits: true } },
      });
      expect(live.status).toBe(400);
      expect(await live.json()).toMatchObject({
        error: { code: 'invalid_request', field: 'retry.compress_waits' },
      });
    }, 60_000);

    it('555-0108, whose end report is lost, is reconciled by the watchdog from the call the provider kept', async () => {
      await withoutDispatchTick(async () => {
        const created = await withTestKey('', {
          method: 'POST',
          json: { phone_number: '+14155550108', goal: GOAL, retry: { max_attempts: 0 } },
        });
        const { id } = (await created.json()) as Task;
        // The call ends in the instance that placed it; its end never reaches us.
        await waitFor(
          async () =>
            (
              await sql<{ ended: boolean }>(
                `select exists (select 1 from private.simulated_calls s
                                  join public.task_attempts a on a.provider_call_id = s.id
                                 where a.task_id = $1) as ended`,
                [id],
              )
            )[0]!.ended,
          (ended) => ended,
          { what: 'the simulated call to end' },
        );
        expect((await taskOf(id)()).status).toBe('in_progress');
        const report = await dispatchAt(new Date(Date.now() + 65_000));
        expect(report.reconciled).toBeGreaterThanOrEqual(1);
        const done = await taskOf(id)();
        expect(done).toMatchObject({ status: 'success', cost_usd: 0 });
        expect(done.transcript.length).toBeGreaterThanOrEqual(4);
      });
    }, 60_000);
  });
});
