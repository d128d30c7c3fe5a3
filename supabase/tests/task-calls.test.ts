import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteCreatedUsers, serviceClient } from './support/clients';
import { createCallingAccount, moneyOf, taskUrl, type CallingAccount } from './support/call-api';
import { sameCallee } from './support/phone';
import { apiUrl, TEST_PORTS } from './support/stack';
import { readSseData } from './support/sse';

// Calls placed through POST /task on the integration stack, answered by the local simulated
// phone network (its reserved numbers), followed to their end as an integrator would.
type Task = {
  id: string;
  status: string;
  outcome: string | null;
  attempts: { number: number; status: string; ended_reason: string | null }[];
  transcript: { speaker: string; text: string }[];
  transcription: string;
  summary: string | null;
  duration_seconds: number;
  billed_minutes: number;
  cost_usd: number;
  free_minutes_used: number;
  next_attempt_at: string | null;
  failure_reason: { code: string; message: string } | null;
  call_outcome: string | null;
  call_outcome_evidence: string | null;
  provider_reason: string | null;
};
type Event = { id: number; type: string; task_id: string; data: Record<string, unknown> };

const GOAL = "Confirm Kim's dental appointment tomorrow at 3 pm; offer Thursday if not.";
const TERMINAL = ['success', 'no_answer', 'busy', 'voicemail', 'failed', 'canceled'];
const vapiUrl = `http://127.0.0.1:${TEST_PORTS.voice}`;

async function place(
  account: CallingAccount,
  json: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  const response = await account.api('', {
    method: 'POST',
    json: { goal: GOAL, ...json },
    headers,
  });
  const body = (await response.json()) as Task;
  return { response, task: body };
}

/** Polls GET /task/{id} until `done` holds (the simulated calls take a few seconds). */
async function until(
  account: CallingAccount,
  id: string,
  done: (t: Task) => boolean,
  timeoutMs = 45_000,
) {
  const started = Date.now();
  for (;;) {
    const task = (await (await account.api(`/${id}`)).json()) as Task;
    if (done(task)) return task;
    if (Date.now() - started > timeoutMs) throw new Error(`task ${id} stayed ${task.status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
const ended = (account: CallingAccount, id: string) =>
  until(account, id, (t) => TERMINAL.includes(t.status));

const readEvents = (response: Response, max?: number) => readSseData<Event>(response, max);

let rich: CallingAccount;
beforeAll(async () => {
  rich = await createCallingAccount({ label: 'calls', credits: 10 });
});
afterAll(deleteCreatedUsers);

describe('every reserved number of the local phone network', () => {
  it.each([
    ['+14155550100', 'success', 'achieved', 'customer-ended-call', 'human_answered'],
    ['+14155550101', 'success', 'not_achieved', 'customer-ended-call', 'human_answered'],
    ['+14155550102', 'busy', 'not_achieved', 'customer-busy', 'busy'],
    ['+14155550103', 'no_answer', 'not_achieved', 'customer-did-not-answer', 'no_answer'],
    ['+14155550104', 'voicemail', 'not_achieved', 'voicemail', 'voicemail_no_message'],
    ['+14155550105', 'failed', 'not_achieved', 'twilio-failed-to-connect-call', 'carrier_failed'],
    ['+12125550123', 'success', 'achieved', 'customer-ended-call', 'human_answered'],
  ])(
    '%s ends %s with outcome %s',
    async (phone, status, outcome, reason, callOutcome) => {
      const { response, task } = await place(rich, {
        phone_number: phone,
        retry: { max_attempts: 0 },
      });
      expect(response.status).toBe(201);
      expect(task.status).toMatch(/^(queued|ringing|in_progress)$/);
      const done = await ended(rich, task.id);
      expect(done).toMatchObject({
        status,
        outcome,
        call_outcome: callOutcome,
        provider_reason: reason,
      });
      expect(done.call_outcome_evidence).toContain(reason);
      expect(done.attempts).toEqual([
        expect.objectContaining({ number: 1, status, ended_reason: reason }),
      ]);
      if (status === 'success') {
        expect(done.transcript.length).toBeGreaterThanOrEqual(4);
        // The mandatory opening: the account's business, and that the caller is an AI.
        expect(done.transcript[0]).toMatchObject({
          speaker: 'agent',
          text: expect.stringMatching(
            /^Hi, this is Aria, an AI assistant calling on behalf of Test Clinic LLC\./,
          ),
        });
        expect(done.transcription).toMatch(/^Agent: .*\nCallee: /);
        // The summary says what happened on the call, not the goal again.
        expect(done.summary).toMatch(
          /^The callee answered, heard the request and (agreed|declined)/,
        );
        expect(done.summary).not.toContain(GOAL);
        expect(done.duration_seconds).toBeGreaterThan(20);
        expect(done.billed_minutes).toBe(Math.ceil(done.duration_seconds / 60));
      }
      if (status === 'failed')
        expect(done.failure_reason).toEqual({
          code: 'carrier_failed',
          message: 'The carrier could not connect the call.',
        });
      else expect(done.failure_reason).toBeNull();
      if (['busy', 'no_answer', 'failed'].includes(status)) {
        // The network reports the ring time of an unanswered call as its duration
        // (STACK_VOICE_REPORT_RING_TIME): our code alone keeps it off the bill.
        expect(done.billed_minutes).toBe(0);
        expect(done.duration_seconds).toBe(0);
      }
    },
    60_000,
  );

  it('+14155550100 fills only the result fields the callee states on the call; the rest are null', async () => {
    const { task } = await place(rich, {
      phone_number: '+14155550100',
      output_schema: {
        type: 'object',
        properties: {
          confirmed: { type: 'boolean' },
          appointment_time: { type: 'string' },
          new_time: { type: 'string', description: 'The new time, if the callee moved it' },
          party_size: { type: 'integer' },
        },
      },
    });
    const done = (await ended(rich, task.id)) as Task & { result: Record<string, unknown> };
    expect(done.result).toEqual({
      confirmed: true,
      appointment_time: 'tomorrow at 3 pm',
      new_time: null,
      party_size: null,
    });
    const callee = done.transcript
      .filter((t) => t.speaker === 'callee')
      .map((t) => t.text)
      .join(' ');
    for (const [field, value] of Object.entries(done.result)) {
      if (value === null) continue;
      const spoken = typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value);
      expect(callee).toContain(`${field.replace(/_/g, ' ')}: ${spoken}`);
    }
  }, 60_000);

  it('+14155550104 leaves the voicemail message when asked to', async () => {
    const { task } = await place(rich, {
      phone_number: '+14155550104',
      voicemail: { action: 'leave_message', message: 'Please call Bright Smiles back.' },
    });
    const done = await ended(rich, task.id);
    expect(done.status).toBe('voicemail');
    expect(done.call_outcome).toBe('voicemail_left');
    expect(done.transcription).toContain('Please call Bright Smiles back.');
  }, 60_000);

  it('+14155550106 goes unanswered first and is scheduled for a retry, keeping its hold', async () => {
    const account = await createCallingAccount({
      label: 'retry',
      credits: 1,
      freeMinutesUsed: 100,
    });
    const { task } = await place(account, {
      phone_number: '+14155550106',
      retry: { max_attempts: 2, interval_minutes: 5 },
    });
    const scheduled = await until(account, task.id, (t) => t.status === 'retry_scheduled');
    expect(scheduled.attempts).toEqual([expect.objectContaining({ status: 'no_answer' })]);
    expect(Date.parse(scheduled.next_attempt_at!)).toBeGreaterThan(Date.now() + 4 * 60_000);
    expect(await moneyOf(account.user.id)).toMatchObject({ credits: 1, held: 0.1 });
    // Cancel works on a scheduled retry, and releases the hold.
    const canceled = await account.api(`/${task.id}/cancel`, { method: 'POST' });
    expect(canceled.status).toBe(200);
    expect(await canceled.json()).toMatchObject({ status: 'canceled' });
    expect(await moneyOf(account.user.id)).toMatchObject({ credits: 1, held: 0 });
  }, 60_000);

  it('+14155550107 talks until max_duration_minutes and is billed for all of it', async () => {
    const { task } = await place(rich, { phone_number: '+14155550107', max_duration_minutes: 2 });
    const done = await ended(rich, task.id);
    expect(done).toMatchObject({ status: 'success', billed_minutes: 2, duration_seconds: 120 });
    expect(done.attempts[0]!.ended_reason).toBe('exceeded-max-duration');
  }, 60_000);

  it('+14155550108 ends at the provider while its end messages are lost', async () => {
    const { task } = await place(rich, { phone_number: '+14155550108' });
    const started = await until(rich, task.id, (t) => t.status === 'in_progress');
    const { data } = await serviceClient()
      .from('task_attempts')
      .select('provider_call_id')
      .eq('task_id', started.id)
      .single();
    const providerCall = async () =>
      (await (
        await fetch(`${vapiUrl}/call/${data!.provider_call_id as string}`, {
          headers: { Authorization: 'Bearer vapi_dialwise_local' },
        })
      ).json()) as { status: string; endedReason?: string };
    for (let i = 0; i < 200 && (await providerCall()).status !== 'ended'; i++)
      await new Promise((r) => setTimeout(r, 200));
    expect(await providerCall()).toMatchObject({
      status: 'ended',
      endedReason: 'customer-ended-call',
    });
    // Only the provider knows: reconciling it is the watchdog's work (dispatch).
    expect((await (await rich.api(`/${task.id}`)).json()) as Task).toMatchObject({
      status: 'in_progress',
    });
  }, 60_000);
});

describe('money', () => {
  it('spends free minutes first, then bills whole minutes from credits and releases the rest of the hold', async () => {
    const free = await createCallingAccount({ label: 'free' });
    const { task } = await place(free, { phone_number: '+14155550100' });
    expect(await moneyOf(free.user.id)).toMatchObject({ credits: 0, held: 0, freeReserved: 10 });
    const done = await ended(free, task.id);
    expect(done.cost_usd).toBe(0);
    expect(done.free_minutes_used).toBe(done.billed_minutes);
    expect(await moneyOf(free.user.id)).toMatchObject({
      credits: 0,
      held: 0,
      freeUsed: done.billed_minutes,
      freeReserved: 0,
    });

    const paying = await createCallingAccount({
      label: 'paying',
      credits: 1,
      freeMinutesUsed: 100,
    });
    const paid = await place(paying, { phone_number: '+14155550100', max_duration_minutes: 5 });
    expect(await moneyOf(paying.user.id)).toMatchObject({
      credits: 1,
      held: 0.05,
      available: 0.95,
    });
    const bill = await ended(paying, paid.task.id);
    expect(bill.cost_usd).toBe(bill.billed_minutes * 0.01);
    expect(await moneyOf(paying.user.id)).toMatchObject({
      credits: Number((1 - bill.cost_usd).toFixed(2)),
      held: 0,
      available: Number((1 - bill.cost_usd).toFixed(2)),
    });
    const usage = await paying.client.rpc('usage_summary');
    expect(usage.data).toMatchObject({
      free_minutes_used: 100,
      month_minutes: bill.billed_minutes,
    });
  }, 90_000);
});

describe('idempotency', () => {
  it('replays the same key and body without a second call, and refuses the key with another body', async () => {
    const key = `order-${Date.now()}`;
    const first = await place(rich, { phone_number: '+14155550101' }, { 'Idempotency-Key': key });
    expect(first.response.status).toBe(201);
    const again = await place(rich, { phone_number: '+14155550101' }, { 'Idempotency-Key': key });
    expect(again.response.status).toBe(200);
    expect(again.response.headers.get('idempotent-replayed')).toBe('true');
    expect(again.task.id).toBe(first.task.id);
    const other = await place(rich, { phone_number: '+14155550100' }, { 'Idempotency-Key': key });
    expect(other.response.status).toBe(409);
    expect(other.task).toMatchObject({ error: { code: 'idempotency_conflict' } });
    // The call is placed after the response: count its attempts once the task has ended, not
    // while the placement may still be on its way (a loaded machine made that read 0).
    await ended(rich, first.task.id);
    const { data: attempts } = await serviceClient()
      .from('task_attempts')
      .select('number')
      .eq('task_id', first.task.id);
    expect(attempts).toHaveLength(1);
  }, 60_000);

  it('creates one task for one key when ten identical requests race', async () => {
    const key = `race-${Date.now()}`;
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        place(rich, { phone_number: '+14155550101' }, { 'Idempotency-Key': key }),
      ),
    );
    const ids = new Set(results.map((r) => r.task.id));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => r.response.status === 201)).toHaveLength(1);
    await ended(rich, [...ids][0]!);
  }, 60_000);
});

describe('events', () => {
  it('streams the events live, in order, ending with the final task', async () => {
    const { task } = await place(rich, { phone_number: '+14155550100' });
    const stream = await rich.api(`/${task.id}/events`);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const events = await readEvents(stream);
    expect(events.map((e) => e.id)).toEqual(events.map((_, i) => i + 1));
    const types = events.map((e) => e.type);
    expect(types.slice(0, 3)).toEqual(['task.queued', 'call.ringing', 'call.answered']);
    expect(types.filter((t) => t === 'transcript.turn').length).toBeGreaterThanOrEqual(4);
    expect(types.slice(-2)).toEqual(['call.ended', 'task.completed']);
    expect(events.at(-1)!.data).toMatchObject({
      id: task.id,
      status: 'success',
      outcome: 'achieved',
    });
    // The first turn, streamed with the times the final transcript gives it.
    const turn = events.find((e) => e.type === 'transcript.turn')!;
    const first = (events.at(-1)!.data as { transcript: Record<string, unknown>[] }).transcript[0]!;
    expect(turn.data).toMatchObject({
      speaker: 'agent',
      text: first.text,
      start_ms: first.start_ms,
      end_ms: first.end_ms,
    });
  }, 60_000);

  it('resumes after Last-Event-ID with only what was missed', async () => {
    const { task } = await place(rich, { phone_number: '+14155550101' });
    await ended(rich, task.id);
    const all = await readEvents(await rich.api(`/${task.id}/events`));
    const resumed = await readEvents(
      await rich.api(`/${task.id}/events`, { headers: { 'Last-Event-ID': '3' } }),
    );
    expect(resumed.map((e) => e.id)).toEqual(all.slice(3).map((e) => e.id));
    expect(resumed.at(-1)!.type).toBe('task.completed');
  }, 60_000);
});

describe('provider messages', () => {
  it('changes nothing for a repeated or out-of-order message, and refuses a wrong token', async () => {
    const { task } = await place(rich, { phone_number: '+14155550100' });
    const done = await ended(rich, task.id);
    const admin = serviceClient();
    // The test stands in for the provider: it knows this task's token.
    const token = 'test-provider-token';
    await admin
      .from('tasks')
      .update({ provider_token_hash: createHash('sha256').update(token).digest('hex') })
      .eq('id', task.id);
    const post = (message: unknown, withToken = token) =>
      fetch(`${apiUrl}/functions/v1/voice-events?task_id=${task.id}&attempt=1`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'x-dialwise-task-token': withToken },
        body: JSON.stringify({ message }),
      });
    const before = await moneyOf(rich.user.id);
    const { count: eventsBefore } = await admin
      .from('task_events')
      .select('*', { count: 'exact', head: true })
      .eq('task_id', task.id);

    expect((await post({ type: 'status-update', status: 'ringing' }, 'wrong')).status).toBe(401);
    for (const message of [
      { type: 'status-update', status: 'ringing' },
      { type: 'status-update', status: 'in-progress' },
      {
        type: 'transcript',
        transcriptType: 'final',
        role: 'user',
        transcript: 'Late words.',
        timestamp: 1,
      },
      {
        type: 'end-of-call-report',
        endedReason: 'customer-ended-call',
        startedAt: '2026-11-23T10:00:00.000Z',
        endedAt: '2026-11-23T10:30:00.000Z',
        analysis: { successEvaluation: 'false', summary: 'Forged' },
        artifact: { messages: [] },
      },
    ]) {
      const response = await post(message);
      expect(response.status).toBe(200);
    }
    const after = (await (await rich.api(`/${task.id}`)).json()) as Task;
    expect(after).toMatchObject({
      status: done.status,
      outcome: done.outcome,
      summary: done.summary,
      billed_minutes: done.billed_minutes,
    });
    expect(await moneyOf(rich.user.id)).toEqual(before);
    const { count: eventsAfter } = await admin
      .from('task_events')
      .select('*', { count: 'exact', head: true })
      .eq('task_id', task.id);
    expect(eventsAfter).toBe(eventsBefore);
  }, 60_000);
});

describe('phone-agent settings', () => {
  it('uses the saved voice, language and style as the defaults of a call; the request still wins', async () => {
    const account = await createCallingAccount({ label: 'agent-defaults', credits: 5 });
    const saved = await account.client.from('agent_settings').upsert({
      user_id: account.user.id,
      voice: 'George',
      language: 'de',
      speaking_style: 'Friendly',
    });
    expect(saved.error).toBeNull();

    const byDefault = await place(account, { phone_number: '+14155550100' });
    expect(byDefault.response.status).toBe(201);
    expect(byDefault.task).toMatchObject({
      voice: 'George',
      language: 'de',
      speaking_style: 'Friendly',
    });
    const chosen = await place(account, { phone_number: '+14155550100', voice: 'Sarah' });
    expect(chosen.task).toMatchObject({ voice: 'Sarah', language: 'de' });
    await Promise.all([byDefault, chosen].map(({ task }) => ended(account, task.id)));
  });
});

describe('waiting and listing', () => {
  type List = { object: string; data: Task[]; has_more: boolean; next_cursor: string | null };
  const list = async (account: CallingAccount, query: string) =>
    (await (await account.api(query)).json()) as List;

  it('refuses a bad ?wait before placing any call, and holds ?wait=true until the call ends', async () => {
    const account = await createCallingAccount({ label: 'waits', credits: 5 });
    const earlier = await place(account, { phone_number: '+14155550100' });
    await ended(account, earlier.task.id);
    const bad = await account.api('?wait=yes', {
      method: 'POST',
      json: { goal: GOAL, phone_number: '+14155550100' },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: 'invalid_request', field: 'wait' } });
    // Only the earlier call exists: the refused request dialled nobody.
    expect((await list(account, '')).data.map((t) => t.id)).toEqual([earlier.task.id]);

    const waited = await account.api('?wait=true', {
      method: 'POST',
      json: { goal: GOAL, phone_number: '+14155550100' },
    });
    expect(waited.status).toBe(201);
    const task = (await waited.json()) as Task;
    expect(task).toMatchObject({ status: 'success', outcome: 'achieved' });
    expect(task.transcript.length).toBeGreaterThan(0);
  });

  it('lists newest first, a page at a time, and filters by status', async () => {
    const account = await createCallingAccount({ label: 'lists', credits: 5 });
    const first = await place(account, { phone_number: '+14155550100' });
    const second = await place(account, {
      phone_number: '+14155550102',
      retry: { max_attempts: 0 },
    });
    const third = await place(account, { phone_number: '+14155550100' });
    await Promise.all([first, second, third].map(({ task }) => ended(account, task.id)));

    const page1 = await list(account, '?limit=2');
    expect(page1.object).toBe('list');
    expect(page1.data.map((t) => t.id)).toEqual([third.task.id, second.task.id]);
    expect(page1.has_more).toBe(true);
    const page2 = await list(account, `?limit=2&starting_after=${page1.next_cursor}`);
    expect(page2.data.map((t) => t.id)).toEqual([first.task.id]);
    expect(page2.has_more).toBe(false);

    expect((await list(account, '?status=busy')).data.map((t) => t.id)).toEqual([second.task.id]);
    expect((await list(account, '?status=success')).data.map((t) => t.id)).toEqual([
      third.task.id,
      first.task.id,
    ]);
  });
});

describe('cancel and limits', () => {
  it('cancels a call in progress, bills what was talked once the provider reports, and refuses a second cancel', async () => {
    const account = await createCallingAccount({
      label: 'cancel',
      credits: 1,
      freeMinutesUsed: 100,
    });
    const { task } = await place(account, {
      phone_number: '+14155550107',
      max_duration_minutes: 10,
    });
    await until(account, task.id, (t) => t.status === 'in_progress');
    const response = await account.api(`/${task.id}/cancel`, { method: 'POST' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'canceled', outcome: 'not_achieved' });
    const again = await account.api(`/${task.id}/cancel`, { method: 'POST' });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: { code: 'task_not_cancelable' } });
    // The provider's end report arrives after the hang-up: the talked minutes are billed, the rest released.
    const billed = await until(
      account,
      task.id,
      (t) => t.attempts[0]?.ended_reason === 'manually-canceled',
    );
    expect(billed.status).toBe('canceled');
    for (let i = 0; i < 100 && (await moneyOf(account.user.id)).held !== 0; i++)
      await new Promise((r) => setTimeout(r, 200));
    expect(await moneyOf(account.user.id)).toMatchObject({
      held: 0,
      credits: Number((1 - billed.cost_usd).toFixed(2)),
    });
  }, 90_000);

  it('allows at most 10 active calls and 60 creates a minute, answering 429 with Retry-After', async () => {
    const busy = await createCallingAccount({ label: 'busy', credits: 5 });
    // Eleven callees who each talk on: one number would make the rest wait for that callee.
    const callees = sameCallee('0107', 11);
    const ids: string[] = [];
    for (const callee of callees.slice(0, 10)) {
      const { response, task } = await place(busy, {
        phone_number: callee,
        max_duration_minutes: 10,
      });
      expect(response.status).toBe(201);
      ids.push(task.id);
    }
    const eleventh = await place(busy, { phone_number: callees[10]! });
    expect(eleventh.response.status).toBe(429);
    expect(eleventh.response.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(eleventh.task).toMatchObject({ error: { code: 'rate_limited' } });
    await Promise.all(ids.map((id) => busy.api(`/${id}/cancel`, { method: 'POST' })));

    const hasty = await createCallingAccount({ label: 'hasty', freeMinutesUsed: 100 });
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      const response = await hasty.api('', {
        method: 'POST',
        json: { phone_number: '+14155550100', goal: GOAL },
      });
      await response.text();
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 60).every((s) => s === 402)).toBe(true);
    expect(statuses[60]).toBe(429);
    // The limit is the account's: a new key does not reset it.
    const { data: newKey, error } = await hasty.client.rpc('generate_api_key_for_user', {
      user_uuid: hasty.user.id,
    });
    expect(error).toBeNull();
    const withNewKey = await fetch(taskUrl, {
      method: 'POST',
      headers: { Authorization: `Bearer ${newKey as string}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ phone_number: '+14155550100', goal: GOAL }),
    });
    expect(withNewKey.status).toBe(429);
    expect(await withNewKey.json()).toMatchObject({ error: { code: 'rate_limited' } });
  }, 120_000);

  it('allows 120 call checks a minute per account, answering 429 with Retry-After, and counts no check as a create', async () => {
    const curious = await createCallingAccount({ label: 'curious' });
    const statuses: number[] = [];
    for (let i = 0; i < 120; i++) {
      const response = await curious.api(i % 2 ? '/check' : '/rules?phone_number=%2B14155550100', {
        method: i % 2 ? 'POST' : 'GET',
        json: i % 2 ? { phone_number: '+14155550100', goal: GOAL } : undefined,
      });
      await response.text();
      statuses.push(response.status);
    }
    expect(statuses.every((s) => s === 200)).toBe(true);
    const refused = await curious.api('/check', {
      method: 'POST',
      json: { phone_number: '+14155550100', goal: GOAL },
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await refused.json()).toMatchObject({
      error: { code: 'rate_limited', message: expect.stringContaining('120 call checks a minute') },
    });
    // Creates have their own limit: the account can still place a call.
    const placed = await place(curious, { phone_number: '+14155550100' });
    expect(placed.response.status).toBe(201);
    await ended(curious, placed.task.id);
  }, 120_000);

  it('never counts an idempotent replay toward the create limit', async () => {
    const careful = await createCallingAccount({ label: 'replays', credits: 5 });
    const headers = { 'Idempotency-Key': 'order-7' };
    const first = await place(careful, { phone_number: '+14155550100' }, headers);
    expect(first.response.status).toBe(201);
    for (let i = 0; i < 65; i++) {
      const replay = await place(careful, { phone_number: '+14155550100' }, headers);
      expect(replay.response.status).toBe(200);
      expect(replay.task.id).toBe(first.task.id);
    }
    const fresh = await place(careful, { phone_number: '+14155550100' });
    expect(fresh.response.status).toBe(201);
    await Promise.all([first, fresh].map(({ task }) => ended(careful, task.id)));
  }, 120_000);
});

describe('cancel against placement', () => {
  type ProviderCall = { status: string; startedAt?: string; endedAt?: string };
  const providerCall = async (id: string) =>
    (await (
      await fetch(`${vapiUrl}/call/${id}`, {
        headers: { Authorization: 'Bearer vapi_dialwise_local' },
      })
    ).json()) as ProviderCall;

  /** Every attempt billed once, and the task's hold released. */
  async function settled(id: string) {
    const admin = serviceClient();
    for (let i = 0; i < 300; i++) {
      const { data } = await admin
        .from('tasks')
        .select('hold_cents, free_minutes_reserved, billed_minutes, cost_cents, task_attempts(*)')
        .eq('id', id)
        .single();
      const attempts = (data?.task_attempts ?? []) as {
        settled_at: string | null;
        provider_call_id: string | null;
        duration_seconds: number;
        billed_minutes: number;
        answered_at: string | null;
      }[];
      if (data && data.hold_cents === 0 && attempts.every((a) => a.settled_at !== null))
        return { task: data, attempts };
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`task ${id} was never settled`);
  }

  it('cancel before, during and after placement: no live call, every talk billed once, every hold released', async () => {
    const account = await createCallingAccount({
      label: 'racer',
      credits: 5,
      freeMinutesUsed: 100,
    });
    const before = await moneyOf(account.user.id);
    // Milliseconds between the 201 and the cancel: before the provider is asked, while it
    // dials, and after the callee answered (555-0100 answers within about a second).
    const delays = [0, 0, 1, 3, 5, 10, 20, 35, 50, 80, 120, 200, 350, 600, 900, 1300];
    const ids: string[] = [];
    for (let start = 0; start < delays.length; start += 8) {
      const round = delays.slice(start, start + 8);
      const canceled = await Promise.all(
        round.map(async (delay) => {
          const { response, task } = await place(account, { phone_number: '+14155550100' });
          expect(response.status).toBe(201);
          await new Promise((r) => setTimeout(r, delay));
          const cancel = await account.api(`/${task.id}/cancel`, { method: 'POST' });
          expect(cancel.status).toBe(200);
          expect(await cancel.json()).toMatchObject({ status: 'canceled' });
          return task.id;
        }),
      );
      ids.push(...canceled);
      // Settled before the next round, so the 10-active limit never refuses one.
      await Promise.all(canceled.map((id) => settled(id)));
    }

    let cost = 0;
    for (const id of ids) {
      const { task, attempts } = await settled(id);
      cost += task.cost_cents as number;
      const done = (await (await account.api(`/${id}`)).json()) as Task;
      expect(done.status).toBe('canceled');
      const completed = (await readEvents(await account.api(`/${id}/events`))).filter(
        (e) => e.type === 'task.completed',
      );
      expect(completed).toHaveLength(1);
      for (const attempt of attempts) {
        if (!attempt.provider_call_id) continue;
        // Whatever reached the provider was hung up, and billed on the provider's own figures.
        const call = await providerCall(attempt.provider_call_id);
        expect(call.status).toBe('ended');
        const talked =
          call.startedAt && call.endedAt
            ? Math.round((Date.parse(call.endedAt) - Date.parse(call.startedAt)) / 1000)
            : 0;
        expect(attempt.billed_minutes).toBe(attempt.answered_at ? Math.ceil(talked / 60) : 0);
        if (talked > 0) expect(attempt.answered_at).not.toBeNull();
      }
    }
    const after = await moneyOf(account.user.id);
    expect(after.held).toBe(0);
    expect(after.credits).toBeCloseTo(before.credits - cost / 100, 5);
  }, 180_000);
});
