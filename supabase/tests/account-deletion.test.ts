import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWILIO_LOCAL, postInboundSms } from '@dialwise/local-stack';
import { createCallingAccount, type CallingAccount } from './support/call-api';
import { anonClient, createUser, deleteCreatedUsers, serviceClient } from './support/clients';
import { closeClock, sql } from './support/clock';
import { accountUrl, askToCloseAccount, DAY_MS, dispatchDaysAhead } from './support/retention';
import { apiUrl } from './support/stack';
import { waitFor } from './support/wait';

// POST /functions/v1/account/delete: closing an account stops everything at once (sessions,
// sign-in, API keys, calls, webhooks); the retention pass erases the account data 60 days later
// and the KYC and call records 24 months after closing (docs/decisions/0013).

const admin = serviceClient();

async function session(account: CallingAccount) {
  const { data } = await account.client.auth.getSession();
  return data.session!;
}

const closeAccount = (account: CallingAccount, body: unknown) => askToCloseAccount(account, body);

async function countOf(table: string, column: string, id: string) {
  const rows = await sql<{ n: string }>(`select count(*) as n from ${table} where ${column} = $1`, [
    id,
  ]);
  return Number(rows[0]!.n);
}

afterAll(async () => {
  await deleteCreatedUsers();
  await closeClock();
});

describe('the confirmation', () => {
  let account: CallingAccount;
  beforeAll(async () => {
    account = await createCallingAccount({ label: 'delete-refused' });
  });

  it('anything but the account’s own e-mail is a 400 naming confirm, and nothing closes', async () => {
    for (const body of [
      {},
      { confirm: '' },
      { confirm: 'someone-else@example.com' },
      { confirm: ['not', 'a', 'string'] },
    ]) {
      const response = await closeAccount(account, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toMatchObject({
        error: { code: 'invalid_request', field: 'confirm' },
      });
    }
    const notJson = await fetch(accountUrl('delete'), {
      method: 'POST',
      headers: { Authorization: `Bearer ${(await session(account)).access_token}` },
      body: 'confirm',
    });
    expect(notJson.status).toBe(400);
    expect((await account.api('')).status).toBe(200);
    const { data } = await admin.from('profiles').select('closed_at').eq('id', account.user.id);
    expect(data).toEqual([{ closed_at: null }]);
    const signIn = await anonClient().auth.signInWithPassword({
      email: account.email,
      password: account.password,
    });
    expect(signIn.error).toBeNull();
  });

  it('needs a session: none, or an API key, is a 401', async () => {
    const bare = await fetch(accountUrl('delete'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ confirm: account.email }),
    });
    expect(bare.status).toBe(401);
    const withKey = await fetch(accountUrl('delete'), {
      method: 'POST',
      headers: { Authorization: `Bearer ${account.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ confirm: account.email }),
    });
    expect(withKey.status).toBe(401);
  });
});

describe('closing an account', () => {
  it('stops everything at once, erases the account 60 days later and the records 24 months later', async () => {
    const account = await createCallingAccount({
      label: 'delete-me',
      credits: 5,
      freeMinutesUsed: 100,
    });
    const userId = account.user.id;
    const settings = await account.client
      .from('agent_settings')
      .upsert({ user_id: userId, voice: 'Roger' });
    expect(settings.error).toBeNull();

    // A finished call (a call record with a cost) and a call scheduled for tomorrow.
    const finished = await account.api('?wait=true', {
      method: 'POST',
      json: {
        phone_number: '+14155550100',
        goal: 'Confirm the delivery window for Friday.',
        record: true,
        recording_retention_days: 90,
      },
    });
    expect(finished.status).toBe(201);
    const { id: callId } = (await finished.json()) as { id: string };
    const call = await waitFor(
      async () =>
        (await (await account.api(`/${callId}`)).json()) as {
          id: string;
          status: string;
          cost_usd: number;
        },
      (t) => t.status === 'success',
      { what: 'the call to end' },
    );
    const later = await account.api('', {
      method: 'POST',
      json: {
        phone_number: '+14155550100',
        goal: 'Remind about the follow-up visit.',
        schedule_at: new Date(Date.now() + DAY_MS).toISOString(),
      },
    });
    expect(later.status).toBe(201);
    const scheduled = (await later.json()) as { id: string; status: string };
    expect(scheduled.status).toBe('scheduled');

    // Its audio, kept 90 days: an object of the recordings bucket once copied after the call.
    await waitFor(
      async () =>
        (await (await account.api(`/${call.id}`)).json()) as { recording_status: string | null },
      (t) => t.recording_status === 'available',
      { what: 'the recording to be copied' },
    );
    const recordings = async () =>
      Number(
        (
          await sql<{ n: string }>(
            `select count(*) as n from storage.objects
              where bucket_id = 'call-recordings' and name = $1`,
            [`${userId}/${call.id}`],
          )
        )[0]!.n,
      ) + (await countOf('private.task_recordings', 'task_id', call.id));
    expect(await recordings()).toBe(2);

    // And a call in progress: the callee who talks until the call's cap.
    const talking = await account.api('', {
      method: 'POST',
      json: { phone_number: '+14155550107', goal: 'Go over the quote.', max_duration_minutes: 5 },
    });
    expect(talking.status).toBe(201);
    const { id: liveId } = (await talking.json()) as { id: string };
    await waitFor(
      async () => (await (await account.api(`/${liveId}`)).json()) as { status: string },
      (t) => t.status === 'in_progress',
      { what: 'the call to be answered' },
    );

    const { refresh_token: refreshToken, access_token: accessToken } = await session(account);
    const closed = await closeAccount(account, { confirm: `  ${account.email.toUpperCase()} ` });
    expect(closed.status).toBe(200);
    expect(await closed.json()).toMatchObject({
      closed_at: expect.any(String),
      calls_canceled: 2,
    });

    // At once: the scheduled call is canceled, the key is dead, sign-in and refresh are refused.
    const { data: tasks } = await admin
      .from('tasks')
      .select('id, status, cost_cents')
      .eq('user_id', userId);
    expect(tasks).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: scheduled.id, status: 'canceled' }),
        expect.objectContaining({ id: liveId, status: 'canceled' }),
        expect.objectContaining({ id: call.id, status: 'success' }),
      ]),
    );
    // The live call was hung up and settled through the cancel path (billed what it talked).
    await waitFor(
      () =>
        sql<{ settled_at: Date | null; ended_reason: string | null }>(
          `select settled_at, ended_reason from public.task_attempts where task_id = $1`,
          [liveId],
        ),
      (rows) => rows.length === 1 && rows[0]!.settled_at !== null,
      { what: 'the live call to be hung up and settled' },
    );
    const [held] = await sql<{ hold_cents: number }>(
      `select hold_cents from public.tasks where id = $1`,
      [liveId],
    );
    expect(held!.hold_cents).toBe(0);
    expect((await account.api('')).status).toBe(401);
    // Past any key, as the dashboard, MCP and SMS entry points reach it: the database itself
    // refuses a new call of a closed account, alone or in a batch.
    const single = {
      id: `task_01${'Z'.repeat(24)}`,
      phone_number: '+14155550100',
      goal: 'A call after closing.',
    };
    await expect(
      sql(`select public.task_accept($1, null, $2::jsonb, null, null)`, [
        userId,
        JSON.stringify(single),
      ]),
    ).rejects.toThrow(/account is closed/);
    await expect(
      sql(`select public.batch_accept($1, null, $2::jsonb, $3::jsonb, null, null)`, [
        userId,
        JSON.stringify({ id: `batch_01${'Z'.repeat(24)}` }),
        JSON.stringify([{ ...single, id: `task_01${'Y'.repeat(24)}` }]),
      ]),
    ).rejects.toThrow(/account is closed/);
    const signIn = await anonClient().auth.signInWithPassword({
      email: account.email,
      password: account.password,
    });
    expect(signIn.data.session).toBeNull();
    expect(signIn.error).toMatchObject({ status: 400, code: 'user_banned' });
    const refreshed = await anonClient().auth.refreshSession({ refresh_token: refreshToken });
    expect(refreshed.data.session).toBeNull();
    expect(refreshed.error).not.toBeNull();
    // The old access token no longer opens the account function (its session is gone).
    const exported = await fetch(accountUrl('export'), {
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    expect(exported.status).toBe(401);
    const { data: user } = await admin.auth.admin.getUserById(userId);
    expect(
      new Date((user.user as { banned_until?: string }).banned_until!).getTime(),
    ).toBeGreaterThan(Date.now() + 365 * DAY_MS);
    const { data: profile } = await admin
      .from('profiles')
      .select('closed_at')
      .eq('id', userId)
      .single();
    expect(profile!.closed_at).not.toBeNull();
    // Webhooks stopped, the phone no longer a sender for the SMS entry.
    expect(await countOf('public.tasks', 'webhook_url is not null and user_id', userId)).toBe(0);
    const [kyc] = await sql<{ phone_verified: boolean }>(
      `select phone_verified from public.user_kyc where user_id = $1`,
      [userId],
    );
    expect(kyc!.phone_verified).toBe(false);
    const [kept] = await sql<{ phone: string }>(
      `select phone from public.user_kyc where user_id = $1`,
      [userId],
    );
    const texted = await postInboundSms({
      webhookUrl: `${apiUrl}/functions/v1/sms-inbound`,
      authToken: TWILIO_LOCAL.authToken,
      accountSid: TWILIO_LOCAL.accountSid,
      sms: {
        from: kept!.phone,
        to: TWILIO_LOCAL.phoneNumber,
        body: 'Call +1 415 555 0100 and say hi',
      },
    });
    expect(texted.reply).toMatch(/not linked to an account/);
    expect(await countOf('public.tasks', 'user_id', userId)).toBe(3);

    // 59 days on the account data is still there; 61 days on it is gone, records stay.
    await dispatchDaysAhead(59);
    expect(await countOf('public.api_keys', 'user_id', userId)).toBe(1);
    expect(await recordings()).toBe(2);
    const erased = await dispatchDaysAhead(61);
    expect(erased.accounts_erased).toBeGreaterThanOrEqual(1);
    const gone = await admin.auth.admin.getUserById(userId);
    expect(gone.error?.status).toBe(404);
    for (const [table, column] of [
      ['public.api_keys', 'user_id'],
      ['public.agent_settings', 'user_id'],
      ['public.webhook_secrets', 'user_id'],
      ['public.profiles', 'id'],
      ['auth.users', 'id'],
      ['auth.identities', 'user_id'],
    ] as const)
      expect(await countOf(table, column, userId), table).toBe(0);
    // The recording would have lasted 90 days: its object and its row go with the account data.
    expect(await recordings()).toBe(0);
    expect(await countOf('public.user_kyc', 'user_id', userId)).toBe(1);
    expect(await countOf('public.tasks', 'user_id', userId)).toBe(3);
    expect(await countOf('public.credit_purchases', 'user_id', userId)).toBe(1);
    const [record] = await sql<{ cost_cents: number; phone_number: string }>(
      `select cost_cents, phone_number from public.tasks where id = $1`,
      [call.id],
    );
    expect(record).toEqual({
      cost_cents: Math.round(call.cost_usd * 100),
      phone_number: '+14155550100',
    });

    // 24 months after closing: KYC and call records go too.
    await dispatchDaysAhead(729);
    expect(await countOf('public.user_kyc', 'user_id', userId)).toBe(1);
    const late = await dispatchDaysAhead(731);
    expect(late.call_records_erased).toBeGreaterThanOrEqual(3);
    for (const table of ['public.user_kyc', 'public.tasks', 'public.credit_purchases'])
      expect(await countOf(table, 'user_id', userId), table).toBe(0);
    await waitFor(
      () => countOf('public.task_events', 'task_id', call.id),
      (n) => n === 0,
      { what: 'the call’s events to go with it' },
    );
  });
});

describe('bans, as GoTrue applies them (the account function relies on them)', () => {
  it('refuse sign-in and refresh while banned_until is ahead, leave sessions, and lift with none', async () => {
    const person = await createUser('banned');
    const { data } = await person.client.auth.getSession();
    const refreshToken = data.session!.refresh_token;

    const banned = await admin.auth.admin.updateUserById(person.user.id, { ban_duration: '24h' });
    expect(banned.error).toBeNull();
    const until = new Date((banned.data.user as { banned_until?: string }).banned_until!).getTime();
    expect(until).toBeGreaterThan(Date.now() + 23 * 60 * 60 * 1000);
    expect(until).toBeLessThan(Date.now() + 25 * 60 * 60 * 1000);

    // A wrong password says banned too: GoTrue checks the ban first.
    for (const password of [person.password, 'not-the-password']) {
      const signIn = await anonClient().auth.signInWithPassword({ email: person.email, password });
      expect(signIn.error).toMatchObject({ status: 400, code: 'user_banned' });
    }
    const refreshed = await anonClient().auth.refreshSession({ refresh_token: refreshToken });
    expect(refreshed.error).toMatchObject({
      status: 400,
      code: 'user_banned',
      message: 'Invalid Refresh Token: User Banned',
    });

    const bad = await admin.auth.admin.updateUserById(person.user.id, { ban_duration: '1d' });
    expect(bad.error).toMatchObject({ status: 400, code: 'validation_failed' });

    const lifted = await admin.auth.admin.updateUserById(person.user.id, { ban_duration: 'none' });
    expect(lifted.error).toBeNull();
    // The session was never ended: its refresh token works again.
    const again = await anonClient().auth.refreshSession({ refresh_token: refreshToken });
    expect(again.error).toBeNull();
    const signIn = await anonClient().auth.signInWithPassword({
      email: person.email,
      password: person.password,
    });
    expect(signIn.error).toBeNull();
  });
});
