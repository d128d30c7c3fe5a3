import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCallingAccount, type CallingAccount } from './support/call-api';
import { deleteCreatedUsers, serviceClient, tokenClient } from './support/clients';
import { closeClock, sql } from './support/clock';
import { uniqueUsPhone } from './support/phone';
import { accountUrl, DAY_MS } from './support/retention';
import { adminDbUrl, apiUrl, secretKey } from './support/stack';
import { waitFor } from './support/wait';

// An opt-out and a closing stop everything at once: a number that joins the do-not-call list is
// never rung again by a call that was already waiting (scheduled, due for a retry), every attempt
// re-reads the list and the account as it begins, closing cancels the waiting calls before any can
// be placed, and a closed account's still-valid token changes nothing.

const admin = serviceClient();
const TERMINAL = ['success', 'no_answer', 'busy', 'voicemail', 'failed', 'canceled'];
const HOOK = 'http://127.0.0.1:9/hooks/calls';

type Task = {
  id: string;
  status: string;
  failure_reason: { code: string; message: string } | null;
  outcome: string | null;
};

afterAll(async () => {
  await deleteCreatedUsers();
  await closeClock();
});

async function create(account: CallingAccount, json: Record<string, unknown>) {
  const response = await account.api('', {
    method: 'POST',
    json: { goal: 'Confirm the appointment on Friday.', ...json },
  });
  const body = (await response.json()) as Task;
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body;
}

async function taskOf(account: CallingAccount, id: string) {
  return (await (await account.api(`/${id}`)).json()) as Task;
}

/** One dispatch run as of `ms` from now (the service role's test clock). */
async function dispatchAhead(ms: number) {
  const response = await fetch(`${apiUrl}/functions/v1/dispatch`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${secretKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ now: new Date(Date.now() + ms).toISOString() }),
  });
  expect(response.status).toBe(200);
}

async function attemptsOf(taskId: string) {
  const [row] = await sql<{ n: string }>(
    'select count(*) as n from public.task_attempts where task_id = $1',
    [taskId],
  );
  return Number(row!.n);
}

async function completedWithWebhook(taskId: string) {
  const events = await sql<{ type: string }>(
    'select type from public.task_events where task_id = $1 order by seq',
    [taskId],
  );
  const hooks = await sql<{ event_type: string }>(
    'select event_type from public.webhook_deliveries where task_id = $1',
    [taskId],
  );
  return {
    lastEvent: events.at(-1)?.type,
    webhooks: hooks.map((h) => h.event_type),
  };
}

async function closeAccount(account: CallingAccount, token: string) {
  return fetch(accountUrl('delete'), {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ confirm: account.email }),
  });
}

describe('an opt-out stops the calls already waiting', () => {
  let owner: CallingAccount;
  beforeAll(async () => {
    owner = await createCallingAccount({ label: 'opt-out-waiting', credits: 5 });
  });

  it('a call scheduled before the callee asked not to be called again never rings', async () => {
    const phone = '+14155550109'; // answers and asks not to be called again
    const later = await create(owner, {
      phone_number: phone,
      schedule_at: new Date(Date.now() + DAY_MS).toISOString(),
      webhook_url: HOOK,
    });
    expect(later.status).toBe('scheduled');

    const now = await create(owner, { phone_number: phone });
    await waitFor(
      () => taskOf(owner, now.id),
      (t) => TERMINAL.includes(t.status),
      { what: 'the opting-out call to end' },
    );

    expect(await taskOf(owner, later.id)).toMatchObject({
      status: 'canceled',
      outcome: 'not_achieved',
      failure_reason: { code: 'do_not_call' },
      call_outcome: 'canceled',
    });
    expect(await completedWithWebhook(later.id)).toEqual({
      lastEvent: 'task.completed',
      webhooks: expect.arrayContaining(['task.completed']),
    });
    // Its hour comes and goes: nothing is dialled.
    await dispatchAhead(2 * DAY_MS);
    expect(await attemptsOf(later.id)).toBe(0);
    expect((await taskOf(owner, later.id)).status).toBe('canceled');
  });

  it('a number the account lists itself cancels its scheduled call and its due retry', async () => {
    const listed = uniqueUsPhone();
    const scheduled = await create(owner, {
      phone_number: listed,
      schedule_at: new Date(Date.now() + DAY_MS).toISOString(),
    });
    // No answer first, answers on the retry: the retry waits a minute.
    const retrying = await create(owner, {
      phone_number: '+14155550106',
      retry: { max_attempts: 2, interval_minutes: 1 },
    });
    await waitFor(
      () => taskOf(owner, retrying.id),
      (t) => t.status === 'retry_scheduled',
      { what: 'the first attempt to go unanswered' },
    );
    // Another of the account's calls, to another number, is left alone.
    const other = await create(owner, {
      phone_number: uniqueUsPhone(),
      schedule_at: new Date(Date.now() + DAY_MS).toISOString(),
    });

    for (const phone_number of [listed, '+14155550106']) {
      const added = await owner.client.from('do_not_call').insert({ phone_number });
      expect(added.error).toBeNull();
    }
    for (const id of [scheduled.id, retrying.id])
      expect(await taskOf(owner, id)).toMatchObject({
        status: 'canceled',
        failure_reason: { code: 'do_not_call' },
        call_outcome: 'canceled',
      });
    expect((await taskOf(owner, other.id)).status).toBe('scheduled');

    await dispatchAhead(2 * DAY_MS);
    expect(await attemptsOf(scheduled.id)).toBe(0);
    expect(await attemptsOf(retrying.id)).toBe(1);
    await owner.client.from('do_not_call').delete().eq('phone_number', listed);
  });

  it('an attempt re-reads the list as it begins, even for an entry no trigger saw', async () => {
    const phone = uniqueUsPhone();
    const waiting = await create(owner, {
      phone_number: phone,
      schedule_at: new Date(Date.now() + 60_000).toISOString(),
    });
    // Listed behind the triggers' back (replica mode skips them): only the attempt's own check
    // stands between this entry and a call.
    const superuser = new pg.Client({ connectionString: adminDbUrl });
    await superuser.connect();
    try {
      await superuser.query('begin');
      await superuser.query('set local session_replication_role = replica');
      await superuser.query(
        `insert into public.do_not_call (user_id, phone_number, source) values ($1, $2, 'account')`,
        [owner.user.id, phone],
      );
      await superuser.query('commit');
    } finally {
      await superuser.end();
    }
    expect((await taskOf(owner, waiting.id)).status).toBe('scheduled');

    await dispatchAhead(2 * 60_000);
    expect(await taskOf(owner, waiting.id)).toMatchObject({
      status: 'canceled',
      failure_reason: { code: 'do_not_call' },
      call_outcome: 'canceled',
    });
    expect(await attemptsOf(waiting.id)).toBe(0);
  });
});

describe('closing an account', () => {
  it('places no call after closed_at, however many batch rows were waiting for a slot', async () => {
    const account = await createCallingAccount({ label: 'close-with-batch', credits: 20 });
    const { data } = await account.client.auth.getSession();
    const token = data.session!.access_token;
    const rows = Array.from({ length: 24 }, () => ({ phone_number: uniqueUsPhone() }));
    const batch = await account.api('/batches', {
      method: 'POST',
      json: {
        defaults: { goal: 'Tell the parent the school trip leaves at eight.' },
        tasks: [{ phone_number: '+14155550107', max_duration_minutes: 5 }, ...rows],
      },
    });
    expect(batch.status).toBe(201);
    const { id: batchId } = (await batch.json()) as { id: string };
    // The talker (555-0107) is live: the account is calling when it closes.
    await waitFor(
      () =>
        sql<{ status: string }>(
          `select status from public.tasks where batch_id = $1 and batch_index = 0`,
          [batchId],
        ),
      (r) => r[0]?.status === 'in_progress',
      { what: 'the first row to be answered' },
    );

    const closed = await closeAccount(account, token);
    expect(closed.status).toBe(200);
    const { closed_at: closedAt, calls_canceled: canceled } = (await closed.json()) as {
      closed_at: string;
      calls_canceled: number;
    };

    // Give the dispatcher (twice a second) every chance to place a row.
    await dispatchAhead(0);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const placedAfter = await sql<{ task_id: string }>(
      `select a.task_id from public.task_attempts a join public.tasks t on t.id = a.task_id
        where t.batch_id = $1 and a.created_at > $2`,
      [batchId, closedAt],
    );
    expect(placedAfter).toEqual([]);
    const tasks = await sql<{ status: string; failure_reason: string | null; attempts: string }>(
      `select t.status, t.failure_reason,
              (select count(*) from public.task_attempts a where a.task_id = t.id) as attempts
         from public.tasks t where t.batch_id = $1`,
      [batchId],
    );
    expect(tasks).toHaveLength(25);
    const open = tasks.filter((t) => !TERMINAL.includes(t.status));
    expect(open).toEqual([]);
    const waited = tasks.filter((t) => t.failure_reason === 'account_closed');
    expect(waited.length).toBeGreaterThan(0);
    expect(waited.every((t) => t.status === 'canceled' && t.attempts === '0')).toBe(true);
    expect(canceled).toBe(tasks.filter((t) => t.status === 'canceled').length);
  });

  it('leaves its still-valid token unable to change anything, through tables or functions', async () => {
    const account = await createCallingAccount({ label: 'closed-token', kyc: 'pending' });
    const userId = account.user.id;
    const { data } = await account.client.auth.getSession();
    const token = data.session!.access_token;
    const before = {
      keys: await sql(`select id, revoked from public.api_keys where user_id = $1 order by id`, [
        userId,
      ]),
      secret: await sql(`select secret from public.webhook_secrets where user_id = $1`, [userId]),
      kyc: await sql(`select legal_name from public.user_kyc where user_id = $1`, [userId]),
    };
    expect((await closeAccount(account, token)).status).toBe(200);

    // The attacker holds the token the account had before closing (valid until it expires).
    const attacker = tokenClient(token);
    const attempts = {
      'mint an API key': await attacker.rpc('generate_api_key_for_user', { user_uuid: userId }),
      'rotate the webhook secret': await attacker.rpc('rotate_webhook_secret'),
      'resubmit KYC': await attacker
        .from('user_kyc')
        .update({ legal_name: 'Someone Else LLC', kyc_status: 'pending' })
        .eq('user_id', userId)
        .select(),
      'add a do-not-call entry': await attacker
        .from('do_not_call')
        .insert({ phone_number: uniqueUsPhone() })
        .select(),
      'change the phone-agent settings': await attacker
        .from('agent_settings')
        .upsert({ user_id: userId, voice: 'Roger' })
        .select(),
    };
    for (const [what, result] of Object.entries(attempts)) {
      expect(result.error, what).toMatchObject({
        code: '42501',
        message: 'This account is closed.',
      });
      expect(result.data, what).toBeNull();
    }
    expect({
      keys: await sql(`select id, revoked from public.api_keys where user_id = $1 order by id`, [
        userId,
      ]),
      secret: await sql(`select secret from public.webhook_secrets where user_id = $1`, [userId]),
      kyc: await sql(`select legal_name from public.user_kyc where user_id = $1`, [userId]),
    }).toEqual({
      keys: (before.keys as { id: string }[]).map((k) => ({ ...k, revoked: true })),
      secret: before.secret,
      kyc: before.kyc,
    });
    const { count } = await admin
      .from('do_not_call')
      .select('phone_number', { count: 'exact', head: true })
      .eq('user_id', userId);
    expect(count).toBe(0);
  });
});
