import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser, deleteCreatedUsers, serviceClient } from './support/clients';
import {
  createCallingAccount,
  giveCallerId,
  moneyOf,
  type CallingAccount,
} from './support/call-api';
import { withoutDispatchTick } from './support/cron';
import { apiUrl, secretKey, TEST_PORTS } from './support/stack';
import { closeServer } from './support/servers';

// Scheduled work on the integration stack (whose scheduler calls dispatch every 500 ms): due
// retries, the watchdog, signed webhooks with retries, and a SIGKILL of the edge runtime. Time is
// moved by the service role (next_attempt_at, next delivery) or by dispatch's test clock, never
// waited for.
type Task = {
  id: string;
  status: string;
  outcome: string | null;
  attempts: { number: number; status: string; ended_reason: string | null }[];
  duration_seconds: number;
  billed_minutes: number;
  transcript: unknown[];
  failure_reason: { code: string; message: string } | null;
  call_outcome: string | null;
  next_attempt_at: string | null;
};

const GOAL = "Confirm Kim's dental appointment tomorrow at 3 pm; offer Thursday if not.";
const TERMINAL = ['success', 'no_answer', 'busy', 'voicemail', 'failed', 'canceled'];
const admin = serviceClient();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function dispatch(now?: Date) {
  const response = await fetch(`${apiUrl}/functions/v1/dispatch`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${secretKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(now ? { now: now.toISOString() } : {}),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as {
    retries_placed: number;
    reconciled: number;
    failed_by_watchdog: number;
    webhooks_sent: number;
  };
}

/** The task as the database has it (works while the edge runtime restarts). */
async function row(id: string) {
  const { data, error } = await admin.from('tasks').select('*').eq('id', id).single();
  if (error) throw error;
  return data as Record<string, unknown> & { status: string };
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 45_000) {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - started > timeoutMs)
      throw new Error(`timed out; last ${JSON.stringify(value)}`);
    await sleep(200);
  }
}

const getTask = (account: CallingAccount, id: string) => async () =>
  (await (await account.api(`/${id}`)).json()) as Task;

async function place(account: CallingAccount, json: Record<string, unknown>) {
  const response = await account.api('', { method: 'POST', json: { goal: GOAL, ...json } });
  expect(response.status).toBe(201);
  return (await response.json()) as Task;
}

async function events(id: string) {
  const { data, error } = await admin
    .from('task_events')
    .select('seq, type, data')
    .eq('task_id', id)
    .order('seq');
  if (error) throw error;
  return data as { seq: number; type: string; data: Record<string, unknown> }[];
}

/** Brings a scheduled retry due now (the retry interval's minimum is a minute). */
async function makeRetryDue(id: string) {
  const { error } = await admin
    .from('tasks')
    .update({ next_attempt_at: new Date(Date.now() - 1000).toISOString() })
    .eq('id', id)
    .eq('status', 'retry_scheduled');
  if (error) throw error;
}

type Received = { headers: IncomingHttpHeaders; body: string; answered: number };

/** An integrator's receiver: answers 500 to the first `failures` POSTs of each message id. */
async function receiver(failures = 0) {
  const received: Received[] = [];
  const seen = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const id = String(req.headers['webhook-id']);
      const count = (seen.get(id) ?? 0) + 1;
      seen.set(id, count);
      const answered = count <= failures ? 500 : 200;
      received.push({ headers: req.headers, body, answered });
      res
        .writeHead(answered, { 'Content-Type': 'text/plain' })
        .end(answered === 200 ? 'ok' : 'down');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/calls`;
  return { url, received, close: () => closeServer(server) };
}

// Each test has an account of its own, so no test's money or calls show in another's checks.
let account: CallingAccount;
let secret: string;
beforeEach(async () => {
  account = await createCallingAccount({ label: 'dispatch', credits: 10, freeMinutesUsed: 100 });
  // Some tests accept tasks in SQL, where no function gives the account its caller ID.
  await giveCallerId(account);
  const { data, error } = await account.client.from('webhook_secrets').select('secret').single();
  if (error) throw error;
  secret = (data as { secret: string }).secret;
});
afterAll(deleteCreatedUsers);

describe('dispatch is the service role’s', () => {
  it('refuses the anon key, a user and no token', async () => {
    const session = await account.client.auth.getSession();
    for (const token of [session.data.session!.access_token, account.apiKey, null]) {
      const response = await fetch(`${apiUrl}/functions/v1/dispatch`, {
        method: 'POST',
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      });
      expect(response.status).toBe(401);
      expect(JSON.stringify(await response.json())).not.toContain('retries_placed');
    }
  });

  it('answers a bad test clock with a clear 400', async () => {
    const response = await fetch(`${apiUrl}/functions/v1/dispatch`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${secretKey}` },
      body: JSON.stringify({ now: 'tomorrow' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { code: 'invalid_request', field: 'now' },
    });
  });
});

describe('scheduled retries', () => {
  it('+14155550106: no answer, a retry_scheduled event, then the retry answers', async () => {
    const before = await moneyOf(account.user.id);
    const task = await place(account, {
      phone_number: '+14155550106',
      retry: { max_attempts: 2, interval_minutes: 1 },
    });
    const scheduled = await until(getTask(account, task.id), (t) => t.status === 'retry_scheduled');
    expect(new Date(scheduled.next_attempt_at!).getTime()).toBeGreaterThan(Date.now());
    // The hold stays while the task waits.
    expect((await moneyOf(account.user.id)).held).toBeGreaterThan(before.held);
    await makeRetryDue(task.id);
    const done = await until(getTask(account, task.id), (t) => TERMINAL.includes(t.status));
    expect(done.status).toBe('success');
    expect(done.attempts.map((a) => [a.number, a.status])).toEqual([
      [1, 'no_answer'],
      [2, 'success'],
    ]);
    const types = (await events(task.id)).map((e) => e.type);
    expect(types.filter((t) => t === 'task.retry_scheduled')).toHaveLength(1);
    expect(types.filter((t) => t === 'task.completed')).toHaveLength(1);
    const after = await moneyOf(account.user.id);
    expect(after.held).toBe(before.held);
    expect(after.credits).toBeCloseTo(before.credits - done.billed_minutes / 100, 5);
  }, 90_000);

  it('+14155550103: retries run out (dispatch’s test clock) and the task ends no_answer', async () => {
    const before = await moneyOf(account.user.id);
    const task = await place(account, {
      phone_number: '+14155550103',
      retry: { max_attempts: 1, interval_minutes: 30 },
    });
    const scheduled = await until(getTask(account, task.id), (t) => t.status === 'retry_scheduled');
    // Half an hour early, nothing is due.
    await dispatch(new Date(Date.now() + 60_000));
    expect((await row(task.id)).status).toBe('retry_scheduled');
    const due = new Date(new Date(scheduled.next_attempt_at!).getTime() + 1000);
    // Counts cover every account's work; this task's own attempts are checked below.
    expect((await dispatch(due)).retries_placed).toBeGreaterThanOrEqual(1);
    const done = await until(getTask(account, task.id), (t) => TERMINAL.includes(t.status));
    expect(done).toMatchObject({ status: 'no_answer', outcome: 'not_achieved', billed_minutes: 0 });
    expect(done.attempts.map((a) => a.status)).toEqual(['no_answer', 'no_answer']);
    expect(await moneyOf(account.user.id)).toEqual(before);
  }, 90_000);

  it('cancels a scheduled retry, which is then never placed', async () => {
    const before = await moneyOf(account.user.id);
    const task = await place(account, {
      phone_number: '+14155550103',
      retry: { max_attempts: 3, interval_minutes: 1 },
    });
    await until(getTask(account, task.id), (t) => t.status === 'retry_scheduled');
    const canceled = await account.api(`/${task.id}/cancel`, { method: 'POST' });
    expect(canceled.status).toBe(200);
    expect(await canceled.json()).toMatchObject({ status: 'canceled', next_attempt_at: null });
    await dispatch(new Date(Date.now() + 3 * 60 * 60_000));
    const done = await getTask(account, task.id)();
    expect(done.status).toBe('canceled');
    expect(done.attempts).toHaveLength(1);
    expect(await moneyOf(account.user.id)).toEqual(before);
  }, 60_000);

  it('two dispatchers at once place a due retry once', async () => {
    const task = await place(account, {
      phone_number: '+14155550106',
      retry: { max_attempts: 1, interval_minutes: 1 },
    });
    const scheduled = await until(getTask(account, task.id), (t) => t.status === 'retry_scheduled');
    const due = new Date(new Date(scheduled.next_attempt_at!).getTime() + 1000);
    const runs = await Promise.all([dispatch(due), dispatch(due), dispatch(due), dispatch(due)]);
    expect(runs.reduce((sum, r) => sum + r.retries_placed, 0)).toBeGreaterThanOrEqual(1);
    const done = await until(getTask(account, task.id), (t) => TERMINAL.includes(t.status));
    expect(done.attempts.map((a) => a.status)).toEqual(['no_answer', 'success']);
    const { data } = await admin
      .from('task_attempts')
      .select('provider_call_id')
      .eq('task_id', task.id);
    expect(new Set(data!.map((a) => a.provider_call_id)).size).toBe(2);
  }, 90_000);
});

describe('the watchdog', () => {
  it('+14155550108: reconciles a call whose end messages were lost, with the provider’s duration and transcript', async () => {
    const before = await moneyOf(account.user.id);
    const task = await place(account, { phone_number: '+14155550108', retry: { max_attempts: 0 } });
    await until(getTask(account, task.id), (t) => t.status === 'in_progress');
    const { data } = await admin
      .from('task_attempts')
      .select('provider_call_id')
      .eq('task_id', task.id)
      .single();
    const providerCall = async () =>
      (await (
        await fetch(`http://127.0.0.1:${TEST_PORTS.voice}/call/${data!.provider_call_id}`, {
          headers: { Authorization: 'Bearer vapi_dialwise_local' },
        })
      ).json()) as { status: string };
    await until(providerCall, (c) => c.status === 'ended');
    expect((await row(task.id)).status).toBe('in_progress');
    // Silent for less than a minute: nobody asks yet.
    await dispatch(new Date(Date.now() + 20_000));
    expect((await row(task.id)).status).toBe('in_progress');
    // A minute without a provider message (long before max_duration_minutes): the provider is
    // asked, and its record of the call settles the task.
    const report = await dispatch(new Date(Date.now() + 65_000));
    expect(report.reconciled).toBeGreaterThanOrEqual(1);
    const done = await getTask(account, task.id)();
    expect(done).toMatchObject({ status: 'success', outcome: 'achieved' });
    expect(done.duration_seconds).toBeGreaterThan(20);
    expect(done.transcript.length).toBeGreaterThanOrEqual(4);
    expect(done.billed_minutes).toBe(Math.ceil(done.duration_seconds / 60));
    const after = await moneyOf(account.user.id);
    expect(after.held).toBe(before.held);
    expect(after.credits).toBeCloseTo(before.credits - done.billed_minutes / 100, 5);
    // A second pass changes nothing.
    await dispatch(new Date(Date.now() + 30 * 60_000));
    const types = (await events(task.id)).map((e) => e.type);
    expect(types.filter((t) => t === 'task.completed')).toHaveLength(1);
  }, 90_000);

  it('+14155550107: hangs up a call still talking past max_duration_minutes plus the margin, and bills the talk once', async () => {
    const before = await moneyOf(account.user.id);
    // 30 minutes at the network's speed is a minute of wall time: the call is still live when the
    // test clock moves past its cap.
    const task = await place(account, {
      phone_number: '+14155550107',
      max_duration_minutes: 30,
      retry: { max_attempts: 0 },
    });
    await until(getTask(account, task.id), (t) => t.status === 'in_progress');
    const { data } = await admin
      .from('task_attempts')
      .select('provider_call_id')
      .eq('task_id', task.id)
      .single();
    const providerCall = async () =>
      (await (
        await fetch(`http://127.0.0.1:${TEST_PORTS.voice}/call/${data!.provider_call_id}`, {
          headers: { Authorization: 'Bearer vapi_dialwise_local' },
        })
      ).json()) as { status: string; endedReason?: string };
    // Silent for a minute but within its cap (30 + 5 minutes): asked about, and left talking.
    await dispatch(new Date(Date.now() + 10 * 60_000));
    expect((await providerCall()).status).toBe('in-progress');
    expect((await row(task.id)).status).toBe('in_progress');
    // Past it: hung up through the control URL, long before the callee would stop by itself.
    await dispatch(new Date(Date.now() + 36 * 60_000));
    expect(await until(providerCall, (c) => c.status === 'ended', 20_000)).toMatchObject({
      endedReason: 'manually-canceled',
    });
    const done = await until(getTask(account, task.id), (t) => TERMINAL.includes(t.status));
    expect(done.attempts).toEqual([
      expect.objectContaining({ number: 1, ended_reason: 'manually-canceled' }),
    ]);
    expect(done.duration_seconds).toBeGreaterThan(0);
    expect(done.billed_minutes).toBe(Math.ceil(done.duration_seconds / 60));
    expect(done.billed_minutes).toBeLessThan(30);
    const after = await moneyOf(account.user.id);
    expect(after.held).toBe(before.held);
    expect(after.credits).toBeCloseTo(before.credits - done.billed_minutes / 100, 5);
  }, 90_000);

  it('ends a call the provider keeps live and will not hang up, by max_duration_minutes plus the stated bound', async () => {
    const task = await place(account, {
      phone_number: '+14155550107',
      max_duration_minutes: 30,
      retry: { max_attempts: 0 },
    });
    await until(getTask(account, task.id), (t) => t.status === 'in_progress');
    // The provider's hang-up address stops answering: nothing we do can end the call.
    const { data: placed } = await admin
      .from('task_attempts')
      .select('provider_control_url')
      .eq('task_id', task.id)
      .single();
    await admin
      .from('task_attempts')
      .update({ provider_control_url: 'http://127.0.0.1:9/control' })
      .eq('task_id', task.id);
    await dispatch(new Date(Date.now() + 36 * 60_000));
    expect((await row(task.id)).status).toBe('in_progress');
    // Past max_duration_minutes + TERMINAL_EVENT_BOUND_MINUTES (30 + 10): the task ends anyway.
    expect(
      (await dispatch(new Date(Date.now() + 41 * 60_000))).failed_by_watchdog,
    ).toBeGreaterThanOrEqual(1);
    const done = await getTask(account, task.id)();
    expect(done).toMatchObject({
      status: 'failed',
      outcome: 'not_achieved',
      call_outcome: 'provider_failed',
      failure_reason: { code: 'no_final_report' },
    });
    const types = (await events(task.id)).map((e) => e.type);
    expect(types.filter((t) => t === 'task.completed')).toHaveLength(1);
    // Leave no call talking for the next test.
    await fetch(placed!.provider_control_url!, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ type: 'end-call' }),
    });
  }, 90_000);

  /** A task as POST /task accepts it (money held), without the placement that follows. */
  async function acceptOnly(phoneNumber: string) {
    const id = `task_${'0'.repeat(10)}${Date.now().toString(36).toUpperCase().padStart(16, '0')}`;
    const accepted = await admin.rpc('task_accept', {
      p_user_id: account.user.id,
      p_api_key_id: null,
      p_task: {
        id,
        phone_number: phoneNumber,
        goal: GOAL,
        voice: 'Aria',
        language: 'en',
        speaking_style: 'Professional',
        first_sentence: 'Hi.',
        max_duration_minutes: 10,
        voicemail_action: 'hang_up',
        retry_max_attempts: 0,
        retry_interval_minutes: 30,
        provider_token_hash: 'x',
      },
      p_idempotency_key: null,
      p_request_hash: 'x',
    });
    expect(accepted.error).toBeNull();
    expect(accepted.data).not.toHaveProperty('error');
    return id;
  }

  it('places a call accepted but never dialled (the request died in between), once', async () => {
    const before = await moneyOf(account.user.id);
    const id = await acceptOnly('+14155550100');
    expect((await row(id)).status).toBe('queued');
    // Not yet past the ring timeout: left alone.
    await dispatch();
    expect((await row(id)).current_attempt).toBe(0);
    // Past it, two dispatchers at once: one attempt is opened and dialled.
    const later = new Date(Date.now() + 6 * 60_000);
    await Promise.all([dispatch(later), dispatch(later)]);
    const done = await until(getTask(account, id), (t) => TERMINAL.includes(t.status));
    expect(done).toMatchObject({ status: 'success', outcome: 'achieved' });
    expect(done.attempts).toHaveLength(1);
    const after = await moneyOf(account.user.id);
    expect(after.held).toBeCloseTo(before.held, 5);
  }, 60_000);

  it('releases the hold of a task canceled while its placement died, once nobody can have been called', async () => {
    const before = await moneyOf(account.user.id);
    const id = await acceptOnly('+14155550100');
    // The placement opened the attempt, then its instance died before the provider answered.
    await admin.rpc('task_begin_attempt', { p_task_id: id });
    const canceled = await account.api(`/${id}/cancel`, { method: 'POST' });
    expect(canceled.status).toBe(200);
    expect(await canceled.json()).toMatchObject({ status: 'canceled' });
    // The call might still be dialling: the hold stays until that is ruled out.
    expect((await moneyOf(account.user.id)).held).toBeCloseTo(before.held + 0.1, 5);
    await dispatch(new Date(Date.now() + 20_000));
    expect((await moneyOf(account.user.id)).held).toBeCloseTo(before.held + 0.1, 5);
    expect(
      (await dispatch(new Date(Date.now() + 2 * 60_000))).failed_by_watchdog,
    ).toBeGreaterThanOrEqual(1);
    const done = await getTask(account, id)();
    expect(done).toMatchObject({ status: 'canceled', billed_minutes: 0 });
    expect(done.attempts[0]).toMatchObject({
      status: 'canceled',
      ended_reason: 'watchdog-timeout',
    });
    expect(await moneyOf(account.user.id)).toEqual(before);
    // Settled once: a later pass changes nothing.
    await dispatch(new Date(Date.now() + 10 * 60_000));
    expect((await getTask(account, id)()).attempts).toEqual(done.attempts);
    expect(await moneyOf(account.user.id)).toEqual(before);
  }, 60_000);

  it('fails a call the provider does not know, with a clear reason, and releases the hold', async () => {
    const before = await moneyOf(account.user.id);
    const id = await acceptOnly('+14155550100');
    expect((await moneyOf(account.user.id)).held).toBeCloseTo(before.held + 0.1, 5);
    await admin.rpc('task_begin_attempt', { p_task_id: id });
    await admin.rpc('task_attempt_placed', {
      p_task_id: id,
      p_attempt: 1,
      p_provider_call_id: randomUUID(),
      p_control_url: null,
    });
    await admin.from('tasks').update({ status: 'in_progress' }).eq('id', id);
    // Not silent for a minute yet: nobody asks.
    await dispatch(new Date(Date.now() + 30_000));
    expect((await row(id)).status).toBe('in_progress');
    // A minute without a provider message: the provider is asked, and knows no such call.
    expect(
      (await dispatch(new Date(Date.now() + 2 * 60_000))).failed_by_watchdog,
    ).toBeGreaterThanOrEqual(1);
    const done = await getTask(account, id)();
    expect(done).toMatchObject({ status: 'failed', outcome: 'not_achieved', billed_minutes: 0 });
    expect(done).toMatchObject({
      failure_reason: { code: 'no_final_report' },
      call_outcome: 'provider_failed',
    });
    expect(done.attempts[0]).toMatchObject({ status: 'failed', ended_reason: 'watchdog-timeout' });
    expect(await moneyOf(account.user.id)).toEqual(before);
  }, 60_000);
});

describe('webhooks', () => {
  it('a queued delivery wakes dispatch through pg_net at once, with the cron tick paused', async () => {
    const hooks = await receiver();
    try {
      await withoutDispatchTick(async () => {
        const task = await place(account, {
          phone_number: '+14155550100',
          retry: { max_attempts: 0 },
          webhook_url: hooks.url,
        });
        // Only the database's own wake-ups (a delivery queued, then pg_net POSTing dispatch with
        // the secret key from Vault) can deliver these while no tick runs.
        await expect
          .poll(() => hooks.received.some((r) => r.body.includes(task.id)), { timeout: 15_000 })
          .toBe(true);
      });
    } finally {
      await hooks.close();
    }
  }, 40_000);

  it('the owner reads and rotates the secret; nobody else can read it', async () => {
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const other = await createUser('other');
    const { data: mine } = await other.client.from('webhook_secrets').select('user_id, secret');
    expect(mine!.map((r) => r.user_id)).toEqual([other.user.id]);
    const { data: rotated, error } = await other.client.rpc('rotate_webhook_secret');
    expect(error).toBeNull();
    expect((rotated as { secret: string }).secret).not.toBe(mine![0]!.secret);
    const { error: writeError } = await other.client
      .from('webhook_secrets')
      .update({ secret: 'whsec_' + 'A'.repeat(32) })
      .eq('user_id', other.user.id)
      .select();
    const { data: after } = await other.client.from('webhook_secrets').select('secret').single();
    expect(writeError !== null || after!.secret === (rotated as { secret: string }).secret).toBe(
      true,
    );
    expect(after!.secret).toBe((rotated as { secret: string }).secret);
  });

  it('a receiver failing twice gets every event on the third attempt, signed', async () => {
    const hooks = await receiver(2);
    try {
      const task = await place(account, {
        phone_number: '+14155550100',
        retry: { max_attempts: 0 },
        webhook_url: hooks.url,
      });
      await until(getTask(account, task.id), (t) => TERMINAL.includes(t.status));
      const eventCount = (await events(task.id)).length;
      const deliveries = async () => {
        // Moves the backoff along instead of waiting 5 s and a minute.
        await admin
          .from('webhook_deliveries')
          .update({ next_attempt_at: new Date(Date.now() - 1000).toISOString() })
          .eq('task_id', task.id)
          .eq('status', 'pending')
          .gt('next_attempt_at', new Date(Date.now() + 1000).toISOString());
        const { data } = await admin
          .from('webhook_deliveries')
          .select('id, status, attempts, last_status_code, event_seq')
          .eq('task_id', task.id);
        return data!;
      };
      const final = await until(
        deliveries,
        (d) => d.length === eventCount && d.every((x) => x.status !== 'pending'),
        60_000,
      );
      expect(final.every((d) => d.status === 'succeeded' && d.attempts === 3)).toBe(true);
      const { data: attempts } = await admin
        .from('webhook_delivery_attempts')
        .select('delivery_id, number, status_code, latency_ms')
        .in(
          'delivery_id',
          final.map((d) => d.id),
        )
        .order('number');
      expect(attempts).toHaveLength(eventCount * 3);
      expect(
        attempts!.filter((a) => a.delivery_id === final[0]!.id).map((a) => a.status_code),
      ).toEqual([500, 500, 200]);

      const wh = new Webhook(secret);
      const delivered = hooks.received.filter((r) => r.answered === 200);
      expect(delivered).toHaveLength(eventCount);
      const payloads = delivered.map((r) =>
        wh.verify(r.body, {
          'webhook-id': String(r.headers['webhook-id']),
          'webhook-timestamp': String(r.headers['webhook-timestamp']),
          'webhook-signature': String(r.headers['webhook-signature']),
        }),
      ) as { id: number; type: string; task_id: string; data: Record<string, unknown> }[];
      expect(payloads.map((p) => p.id).sort((a, b) => a - b)).toEqual(
        Array.from({ length: eventCount }, (_, i) => i + 1),
      );
      expect(payloads.every((p) => p.task_id === task.id)).toBe(true);
      const completed = payloads.find((p) => p.type === 'task.completed')!;
      expect(completed.data).toMatchObject({ id: task.id, status: 'success' });
      // A tampered body or another secret does not verify.
      const first = delivered[0]!;
      const headers = {
        'webhook-id': String(first.headers['webhook-id']),
        'webhook-timestamp': String(first.headers['webhook-timestamp']),
        'webhook-signature': String(first.headers['webhook-signature']),
      };
      expect(() => wh.verify(first.body.replace('task', 'tusk'), headers)).toThrow();
      expect(() => new Webhook('whsec_' + 'B'.repeat(32)).verify(first.body, headers)).toThrow();
      // Each message id was answered 200 exactly once: nothing was sent twice after success.
      const ids = delivered.map((r) => r.headers['webhook-id']);
      expect(new Set(ids).size).toBe(ids.length);

      // The owner sees the deliveries, can resend one, and cannot resend another account's.
      const { data: own } = await account.client
        .from('webhook_deliveries')
        .select('id, status')
        .eq('task_id', task.id);
      expect(own).toHaveLength(eventCount);
      const other = await createUser('intruder');
      // The delivery of the message checked above (rows come back in no particular order).
      const firstDelivery = final.find(
        (d) => `evt_${task.id}_${d.event_seq}` === headers['webhook-id'],
      )!;
      expect(firstDelivery).toBeDefined();
      const { error: refused } = await other.client.rpc('resend_webhook_delivery', {
        p_delivery_id: firstDelivery.id,
      });
      expect(refused).not.toBeNull();
      const { error: resent } = await account.client.rpc('resend_webhook_delivery', {
        p_delivery_id: firstDelivery.id,
      });
      expect(resent).toBeNull();
      await until(
        async () => hooks.received.filter((r) => r.headers['webhook-id'] === headers['webhook-id']),
        (r) => r.length === 4,
      );
    } finally {
      await hooks.close();
    }
  }, 120_000);

  it('refuses link-local and metadata targets at delivery time (a rebinding after creation)', async () => {
    const hooks = await receiver();
    try {
      const task = await place(account, {
        phone_number: '+14155550103',
        retry: { max_attempts: 0 },
        webhook_url: hooks.url,
      });
      // As if the name had been re-pointed since the task was created.
      await admin
        .from('webhook_deliveries')
        .update({ url: 'http://169.254.169.254/latest/meta-data/', status: 'pending', attempts: 0 })
        .eq('task_id', task.id);
      await admin
        .from('tasks')
        .update({ webhook_url: 'http://[fd00:ec2::254]/' })
        .eq('id', task.id);
      await until(getTask(account, task.id), (t) => TERMINAL.includes(t.status));
      const { data } = await admin
        .from('webhook_deliveries')
        .select('url, last_error')
        .eq('task_id', task.id);
      const refused = data!.filter((d) => d.last_error?.startsWith('Refused'));
      expect(refused.length).toBeGreaterThan(0);
      for (const d of refused) expect(d.last_error).toMatch(/link-local or cloud metadata address/);
      expect(data!.some((d) => d.url.includes('fd00:ec2::254'))).toBe(true);
    } finally {
      await hooks.close();
    }
  }, 60_000);

  it('refuses non-https and internal webhook_url at creation', async () => {
    for (const url of [
      'http://example.com/hook',
      'https://169.254.169.254/latest',
      'https://[fd00:ec2::254]/x',
      // Special-purpose blocks are refused even where private targets are allowed.
      'https://0.0.0.0/x',
      'https://198.18.0.1/x',
      'https://[64:ff9b::a9fe:a9fe]/x',
      'ftp://example.com/x',
    ]) {
      const response = await account.api('', {
        method: 'POST',
        json: { goal: GOAL, phone_number: '+14155550100', webhook_url: url },
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        error: { code: 'invalid_request', field: 'webhook_url' },
      });
    }
  });
});

/** The pid of the process listening on `port` (Linux /proc). */
function listenerPid(port: number): number | null {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(table)) continue;
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f[1] && f[3] === '0A' && parseInt(f[1].split(':')[1] ?? '', 16) === port)
        inodes.add(f[9]!);
    }
  }
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
        if (inode && inodes.has(inode)) return Number(pid);
      }
    } catch {
      // Not ours to read, or gone.
    }
  }
  return null;
}

describe('crash safety', () => {
  it('SIGKILL of the edge runtime mid-call: restarted, the call ends once, billed once', async () => {
    const before = await moneyOf(account.user.id);
    const task = await place(account, { phone_number: '+14155550100', retry: { max_attempts: 0 } });
    await until(getTask(account, task.id), (t) => t.status === 'in_progress');
    const pid = listenerPid(TEST_PORTS.functions);
    expect(pid).not.toBeNull();
    process.kill(pid!, 'SIGKILL');
    const done = await until(
      () => row(task.id),
      (t) => TERMINAL.includes(t.status),
      60_000,
    );
    expect(done).toMatchObject({ status: 'success', outcome: 'achieved' });
    const newPid = await until(
      async () => listenerPid(TEST_PORTS.functions),
      (p) => p !== null,
    );
    expect(newPid).not.toBe(pid);
    const types = (await events(task.id)).map((e) => e.type);
    expect(types.filter((t) => t === 'call.ended')).toHaveLength(1);
    expect(types.filter((t) => t === 'task.completed')).toHaveLength(1);
    const { data: attempts } = await admin
      .from('task_attempts')
      .select('settled_at, billed_minutes')
      .eq('task_id', task.id);
    expect(attempts).toHaveLength(1);
    expect(attempts![0]!.settled_at).not.toBeNull();
    const after = await moneyOf(account.user.id);
    expect(after.held).toBe(before.held);
    expect(after.credits).toBeCloseTo(before.credits - (done.billed_minutes as number) / 100, 5);
  }, 90_000);
});
