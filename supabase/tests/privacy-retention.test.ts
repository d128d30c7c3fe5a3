import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCallingAccount, type CallingAccount } from './support/call-api';
import { deleteCreatedUsers, serviceClient } from './support/clients';
import { closeClock, sql } from './support/clock';
import { dispatchDaysAhead } from './support/retention';
import { waitFor } from './support/wait';
import { closeServer } from './support/servers';

// The privacy policy's retention, done by the scheduled work (docs/decisions/0013): call content
// 30 days after the call, technical logs after 30 days, call records 24 months after the call.
// The dispatch function's test clock moves the pass ahead; the database is read directly.

type Task = {
  id: string;
  status: string;
  outcome: string | null;
  phone_number: string;
  goal: string | null;
  context: Record<string, unknown>;
  metadata: Record<string, unknown>;
  first_sentence: string | null;
  transcript: { speaker: string; text: string }[];
  transcription: string | null;
  summary: string | null;
  started_at: string | null;
  ended_at: string | null;
  duration_seconds: number;
  billed_minutes: number;
  cost_usd: number;
  attempts: unknown[];
  result: Record<string, unknown> | null;
  result_note: string | null;
  content_erased_at: string | null;
};

const admin = serviceClient();
const GOAL =
  'Confirm Dana Whitfield’s blood test on Friday at 9:40 am; she must fast from midnight.';
let account: CallingAccount;
let hooks: { url: string; close: () => Promise<void> };

/** A receiver that takes every webhook. */
async function receiver() {
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200).end('ok'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    close: () => closeServer(server),
  };
}

async function finishedCall(extra: Record<string, unknown> = {}): Promise<Task> {
  const response = await account.api('', {
    method: 'POST',
    json: {
      phone_number: '+14155550100',
      goal: GOAL,
      context: { patient: 'Dana Whitfield', test: 'fasting glucose' },
      metadata: { chart: 'DW-7731' },
      webhook_url: hooks.url,
      ...extra,
    },
  });
  expect(response.status).toBe(201);
  const { id } = (await response.json()) as Task;
  const task = await waitFor(
    async () => (await (await account.api(`/${id}`)).json()) as Task,
    (t) => t.status === 'success' && t.transcript.length > 0,
    { what: 'the call to end' },
  );
  // Every event's webhook was delivered, so the delivery log is complete.
  await waitFor(
    async () =>
      (await admin.from('webhook_deliveries').select('status').eq('task_id', id)).data ?? [],
    (rows) => rows.length > 0 && rows.every((r) => r.status === 'succeeded'),
    { what: 'the webhooks to be delivered' },
  );
  return task;
}

/** Every row that holds anything of the task, as one string to search. */
async function everythingAbout(taskId: string) {
  const [tasks, events, deliveries, attempts, notifications] = await Promise.all([
    sql(`select * from public.tasks where id = $1`, [taskId]),
    sql(`select * from public.task_events where task_id = $1`, [taskId]),
    sql(`select * from public.webhook_deliveries where task_id = $1`, [taskId]),
    sql(
      `select a.* from public.webhook_delivery_attempts a
         join public.webhook_deliveries d on d.id = a.delivery_id where d.task_id = $1`,
      [taskId],
    ),
    sql(`select * from public.sms_task_notifications where task_id = $1`, [taskId]),
  ]);
  return JSON.stringify({ tasks, events, deliveries, attempts, notifications });
}

beforeAll(async () => {
  account = await createCallingAccount({ label: 'retention', credits: 5, freeMinutesUsed: 100 });
  hooks = await receiver();
});

afterAll(async () => {
  await hooks?.close();
  await deleteCreatedUsers();
  await closeClock();
});

describe('call content 30 days after the call', () => {
  it('is erased for good while the call record and its cost stay', async () => {
    const finished = await finishedCall({
      output_schema: { type: 'object', properties: { fasting_confirmed: { type: 'boolean' } } },
    });
    // The structured result as the end of the call stores it (task_save_result).
    await sql(
      `select public.task_save_result($1, 1, '{"fasting_confirmed": true}'::jsonb, 'Dana agreed to fast')`,
      [finished.id],
    );
    const before = (await (await account.api(`/${finished.id}`)).json()) as Task;
    expect(before.result).toEqual({ fasting_confirmed: true });
    const said = before.transcript.map((turn) => turn.text);
    expect(said.length).toBeGreaterThan(0);
    const held = await everythingAbout(before.id);
    expect(held).toContain(said[0]);
    expect(held).toContain('DW-7731');

    // 29 days on, nothing of it is erased yet.
    await dispatchDaysAhead(29);
    expect((await sql(`select goal from public.tasks where id = $1`, [before.id]))[0]).toEqual({
      goal: GOAL,
    });

    const report = await dispatchDaysAhead(31);
    expect(report.call_contents_erased).toBeGreaterThanOrEqual(1);

    const after = (await (await account.api(`/${before.id}`)).json()) as Task;
    expect(after).toMatchObject({
      goal: null,
      context: {},
      metadata: {},
      first_sentence: null,
      transcript: [],
      transcription: null,
      summary: null,
      result: null,
      result_note: null,
    });
    expect(after.content_erased_at).not.toBeNull();
    // The call record stays as it was.
    for (const field of [
      'status',
      'outcome',
      'phone_number',
      'started_at',
      'ended_at',
      'duration_seconds',
      'billed_minutes',
      'cost_usd',
      'attempts',
    ] as const)
      expect(after[field], field).toEqual(before[field]);
    expect(after.cost_usd).toBeGreaterThan(0);

    // Not a flag: no row holds the words any more (the event log's turns, the webhook log).
    const left = await everythingAbout(before.id);
    for (const text of [
      ...said,
      GOAL,
      'Dana Whitfield',
      'DW-7731',
      'Dana agreed to fast',
      'fasting_confirmed": true',
      before.summary ?? GOAL,
    ])
      expect(left, text).not.toContain(text);
    const events = await sql<{ type: string; data: { text?: unknown; speaker?: unknown } }>(
      `select type, data from public.task_events where task_id = $1 and type = 'transcript.turn'`,
      [before.id],
    );
    expect(events.length).toBe(said.length);
    for (const event of events) expect(event.data).toMatchObject({ text: null });

    // A second pass changes nothing more.
    const erasedAt = after.content_erased_at;
    await dispatchDaysAhead(40);
    const again = (await (await account.api(`/${before.id}`)).json()) as Task;
    expect(again.content_erased_at).toBe(erasedAt);
  });
});

describe('technical logs after 30 days', () => {
  it('webhook delivery logs, inbound SMS, phone verification codes and contact requests’ IP go', async () => {
    const userId = account.user.id;
    const sid = `SM${randomBytes(16).toString('hex')}`;
    await sql(
      `insert into public.sms_inbound_messages (message_sid, from_phone, user_id, reply)
       values ($1, '+14155550177', $2, 'Calling now')`,
      [sid, userId],
    );
    const [verification] = await sql<{ id: string }>(
      `insert into private.phone_verifications (user_id, phone) values ($1, '+14155550177') returning id`,
      [userId],
    );
    await sql(
      `insert into private.phone_verification_sends (user_id, phone, verification_id)
       values ($1, '+14155550177', $2)`,
      [userId, verification!.id],
    );
    const email = `retention-${randomBytes(4).toString('hex')}@example.test`;
    const [contact] = await sql<{ id: string }>(
      `insert into public.contact_requests (full_name, email, company_name, role, message, client_ip)
       values ('Pat Lee', $1, 'Acme', 'CTO', 'Pricing, please', '198.51.100.7') returning id`,
      [email],
    );
    const call = await finishedCall();
    const logs = async () => ({
      sms: (await sql(`select 1 from public.sms_inbound_messages where message_sid = $1`, [sid]))
        .length,
      codes: (await sql(`select 1 from private.phone_verifications where user_id = $1`, [userId]))
        .length,
      sends: (
        await sql(`select 1 from private.phone_verification_sends where user_id = $1`, [userId])
      ).length,
      deliveries: (
        await sql(`select 1 from public.webhook_deliveries where task_id = $1`, [call.id])
      ).length,
      attempts: (
        await sql(
          `select 1 from public.webhook_delivery_attempts a
             join public.webhook_deliveries d on d.id = a.delivery_id where d.task_id = $1`,
          [call.id],
        )
      ).length,
      ip: (
        await sql<{ ip: string | null }>(
          `select host(client_ip) as ip from public.contact_requests where id = $1`,
          [contact!.id],
        )
      )[0]!.ip,
    });
    const fresh = await logs();
    expect(fresh).toMatchObject({ sms: 1, codes: 1, sends: 1, ip: '198.51.100.7' });
    expect(fresh.deliveries).toBeGreaterThan(0);
    expect(fresh.attempts).toBeGreaterThan(0);

    await dispatchDaysAhead(29);
    expect(await logs()).toEqual(fresh);

    const report = await dispatchDaysAhead(31);
    expect(report.technical_logs_erased).toBeGreaterThan(0);
    expect(await logs()).toEqual({
      sms: 0,
      codes: 0,
      sends: 0,
      deliveries: 0,
      attempts: 0,
      ip: null,
    });
    // The contact request itself is correspondence, not a log: it stays.
    expect(
      (await sql(`select email from public.contact_requests where id = $1`, [contact!.id])).length,
    ).toBe(1);
    await sql(`delete from public.contact_requests where id = $1`, [contact!.id]);
  });
});

describe('records the law keeps 5 years', () => {
  it('keep a marketing call’s record and its consent 5 years after the call, past the 24 months', async () => {
    const call = await finishedCall({
      purpose: 'marketing',
      offer: 'a dental check-up plan',
      consent: {
        type: 'written',
        obtained_at: '2026-10-01T15:00:00Z',
        source: 'web form',
        reference: 'form-5y',
      },
      goal: 'Tell Dana about the clinic’s new evening hours.',
    });
    const kept = async () => ({
      task: (await sql(`select 1 from public.tasks where id = $1`, [call.id])).length,
      consent: (await sql(`select 1 from public.task_consents where task_id = $1`, [call.id]))
        .length,
    });
    await dispatchDaysAhead(732);
    expect(await kept()).toEqual({ task: 1, consent: 1 });
    await dispatchDaysAhead(5 * 365 - 2);
    expect(await kept()).toEqual({ task: 1, consent: 1 });
    await dispatchDaysAhead(5 * 366 + 2);
    expect(await kept()).toEqual({ task: 0, consent: 0 });
  });
});

describe('call records of an open account', () => {
  it('go 24 months after the call; the KYC of the open account stays', async () => {
    const call = await finishedCall();
    const record = async () =>
      (await sql(`select id, cost_cents from public.tasks where id = $1`, [call.id])).length;
    await dispatchDaysAhead(729);
    expect(await record()).toBe(1);

    const report = await dispatchDaysAhead(732);
    expect(report.call_records_erased).toBeGreaterThanOrEqual(1);
    expect(await record()).toBe(0);
    expect(
      (await sql(`select 1 from public.task_events where task_id = $1`, [call.id])).length,
    ).toBe(0);
    expect(
      (await sql(`select 1 from public.user_kyc where user_id = $1`, [account.user.id])).length,
    ).toBe(1);
  });
});
