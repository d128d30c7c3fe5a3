import { afterAll, describe, expect, it } from 'vitest';
import { LOCAL_VAPI_API_KEY } from '@dialwise/local-stack';
import {
  createCallingAccount,
  moneyOf,
  testKeyOf,
  callApiWith,
  type CallingAccount,
} from './support/call-api';
import { deleteCreatedUsers, serviceClient } from './support/clients';
import { dispatchAt } from './support/dispatch';
import { askToCloseAccount } from './support/retention';
import { latestMessageTo } from './support/mailbox';
import { uniqueUsPhone } from './support/phone';
import { TEST_PORTS } from './support/stack';
import { waitFor } from './support/wait';

// The account's own numbers through the call API, against the local stack: the numbers are
// bought, imported and registered at the Vapi stand-in, codes go out through the Twilio stand-in.
const voiceUrl = `http://127.0.0.1:${TEST_PORTS.voice}`;
const vapi = (path: string, init: RequestInit = {}) =>
  fetch(`${voiceUrl}${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${LOCAL_VAPI_API_KEY}`, ...(init.headers ?? {}) },
  });

type ApiNumber = {
  id: string;
  object: 'phone_number';
  phone_number: string;
  source: string;
  status: string;
  is_default: boolean;
  monthly_price_usd: number;
};

async function providerIdOf(numberId: string) {
  const { data, error } = await serviceClient()
    .from('phone_numbers')
    .select('provider_phone_number_id')
    .eq('id', numberId)
    .single();
  if (error) throw error;
  return data.provider_phone_number_id as string;
}

/** The Vapi stand-in's call placed for a task's current attempt. */
async function providerCallOf(taskId: string) {
  const { data } = await waitFor(
    async () =>
      await serviceClient()
        .from('task_attempts')
        .select('provider_call_id')
        .eq('task_id', taskId)
        .not('provider_call_id', 'is', null)
        .limit(1),
    (read) => (read.data?.length ?? 0) > 0,
    { what: `task ${taskId} placed` },
  );
  const response = await vapi(`/call/${data![0]!.provider_call_id}`);
  return (await response.json()) as { phoneNumberId: string };
}

const CALLEE = '+14155550100';
const goal = { phone_number: CALLEE, goal: 'Confirm the appointment on Friday at 3 pm.' };

async function buyNumber(account: CallingAccount, areaCode = '212') {
  const response = await account.api('/numbers', {
    method: 'POST',
    json: { type: 'purchase', area_code: areaCode, label: 'Front desk' },
  });
  expect(response.status).toBe(201);
  return (await response.json()) as ApiNumber;
}

/** Starts verifying a fresh caller ID: the pending number and the code texted to it. */
async function startCallerId(account: CallingAccount) {
  const phone = uniqueUsPhone();
  const started = await account.api('/numbers', {
    method: 'POST',
    json: { type: 'caller_id', phone_number: phone },
  });
  expect(started.status).toBe(202);
  const sms = await latestMessageTo(phone);
  return {
    pending: (await started.json()) as ApiNumber,
    code: /caller ID code is (\d{6})/.exec(sms.Text)![1]!,
  };
}

async function verifiedCallerId(account: CallingAccount) {
  const { pending, code } = await startCallerId(account);
  const right = await account.api(`/numbers/${pending.id}/verify`, {
    method: 'POST',
    json: { code },
  });
  expect(right.status).toBe(200);
  return (await right.json()) as ApiNumber;
}

const twilioImport = (phone: string, token: string) => ({
  type: 'twilio',
  phone_number: phone,
  twilio_account_sid: `AC${'a'.repeat(32)}`,
  twilio_auth_token: token,
});

async function placeCall(account: CallingAccount, body: Record<string, unknown>) {
  const response = await account.api('', { method: 'POST', json: { ...goal, ...body } });
  return {
    status: response.status,
    task: (await response.json()) as { id: string; from_number: string },
  };
}

afterAll(() => deleteCreatedUsers());

describe('an account’s own numbers', () => {
  it('lists none at first, with what a number costs', async () => {
    const account = await createCallingAccount({ label: 'numbers-list' });
    const response = await account.api('/numbers');
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: unknown[]; pricing: Record<string, unknown> };
    expect(body.data).toEqual([]);
    expect(body.pricing).toMatchObject({ purchased_monthly_usd: 2, imported_monthly_usd: 0 });
  });

  it('buys a number in the asked area code: the default, its first month paid from credits', async () => {
    const account = await createCallingAccount({ label: 'numbers-buy', credits: 5 });
    const bought = await buyNumber(account, '212');
    expect(bought).toMatchObject({
      object: 'phone_number',
      source: 'purchased',
      status: 'active',
      is_default: true,
      monthly_price_usd: 2,
    });
    expect(bought.phone_number).toMatch(/^\+121255501[6-8]\d$/);
    expect((await moneyOf(account.user.id)).credits).toBe(3);
    // The provider holds it under the id our row keeps.
    const atProvider = await vapi(`/phone-number/${await providerIdOf(bought.id)}`);
    expect(((await atProvider.json()) as { number: string }).number).toBe(bought.phone_number);
  });

  it('verifies a caller ID by the code texted to it, refusing a wrong code first', async () => {
    const account = await createCallingAccount({ label: 'numbers-caller-id' });
    const { pending, code } = await startCallerId(account);
    expect(pending).toMatchObject({ status: 'pending_verification', source: 'verified' });
    const wrong = await account.api(`/numbers/${pending.id}/verify`, {
      method: 'POST',
      json: { code: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: { field: string } }).error.field).toBe('code');

    const right = await account.api(`/numbers/${pending.id}/verify`, {
      method: 'POST',
      json: { code },
    });
    expect(right.status).toBe(200);
    expect(await right.json()).toMatchObject({
      status: 'active',
      is_default: true,
      phone_number: pending.phone_number,
    });
  });

  it('imports a Twilio number with its credentials, and says why the provider refuses bad ones', async () => {
    const account = await createCallingAccount({ label: 'numbers-import' });
    const phone = uniqueUsPhone();
    const refused = await account.api('/numbers', {
      method: 'POST',
      json: twilioImport(phone, 'not-a-token'),
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
      /Invalid Twilio Credentials/,
    );
    const imported = await account.api('/numbers', {
      method: 'POST',
      json: twilioImport(phone, 'b'.repeat(32)),
    });
    expect(imported.status).toBe(201);
    expect(await imported.json()).toMatchObject({ source: 'imported', monthly_price_usd: 0 });
  });

  it('a live call shows the default number; a task may name another; an unknown one is refused', async () => {
    const account = await createCallingAccount({ label: 'numbers-calls', credits: 5 });
    const bought = await buyNumber(account);
    const callerId = await verifiedCallerId(account);

    const first = await placeCall(account, {});
    expect(first.status).toBe(201);
    expect(first.task.from_number).toBe(bought.phone_number);
    expect((await providerCallOf(first.task.id)).phoneNumberId).toBe(await providerIdOf(bought.id));

    const named = await placeCall(account, {
      phone_number: '+12125550100',
      from_number: callerId.phone_number,
    });
    expect(named.status).toBe(201);
    expect(named.task.from_number).toBe(callerId.phone_number);
    expect((await providerCallOf(named.task.id)).phoneNumberId).toBe(
      await providerIdOf(callerId.id),
    );

    const unknown = await account.api('', {
      method: 'POST',
      json: { ...goal, from_number: '+13125550123' },
    });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: { field: string } }).error.field).toBe(
      'from_number',
    );
  });

  it('releasing a number stops its use at once: the next call shows the new default', async () => {
    const account = await createCallingAccount({ label: 'numbers-release', credits: 5 });
    const bought = await buyNumber(account);
    const callerId = await verifiedCallerId(account);
    const providerId = await providerIdOf(bought.id);

    const released = await account.api(`/numbers/${bought.id}/release`, { method: 'POST' });
    expect(released.status).toBe(200);
    expect(await released.json()).toMatchObject({ status: 'released', is_default: false });
    expect((await vapi(`/phone-number/${providerId}`)).status).toBe(404);

    const listed = (await (await account.api('/numbers')).json()) as { data: ApiNumber[] };
    expect(listed.data.map((n) => n.id)).toEqual([callerId.id]);
    expect(listed.data[0]!.is_default).toBe(true);

    expect((await placeCall(account, {})).task.from_number).toBe(callerId.phone_number);
    const named = await placeCall(account, {
      phone_number: '+12025550100',
      from_number: bought.id,
    });
    expect(named.status).toBe(400);
  });

  it('sets another default', async () => {
    const account = await createCallingAccount({ label: 'numbers-default', credits: 5 });
    const bought = await buyNumber(account);
    const imported = await account.api('/numbers', {
      method: 'POST',
      json: twilioImport(uniqueUsPhone(), 'c'.repeat(32)),
    });
    const other = (await imported.json()) as ApiNumber;
    expect(other.is_default).toBe(false);
    const response = await account.api(`/numbers/${other.id}/default`, { method: 'POST' });
    expect(response.status).toBe(200);
    const after = (await (await account.api('/numbers')).json()) as { data: ApiNumber[] };
    expect(after.data.filter((n) => n.is_default).map((n) => n.id)).toEqual([other.id]);
    expect(after.data.map((n) => n.id)).toContain(bought.id);
  });

  it('a test call shows a fictional number, never one of the account’s', async () => {
    const account = await createCallingAccount({ label: 'numbers-test-mode', credits: 5 });
    await buyNumber(account);
    const test = callApiWith(await testKeyOf(account));
    const response = await test('', { method: 'POST', json: goal });
    expect(response.status).toBe(201);
    expect(((await response.json()) as { from_number: string }).from_number).toBe('+12025550100');
  });
});

/** The phone the account verified at sign-up (its KYC row). */
async function verifiedPhoneOf(account: CallingAccount) {
  const { data, error } = await serviceClient()
    .from('user_kyc')
    .select('phone')
    .eq('user_id', account.user.id)
    .single();
  if (error) throw error;
  return data.phone as string;
}

describe('live calls always show the account’s own number', () => {
  it('an account that never had a number calls from the phone it verified, made its caller ID on its first live call', async () => {
    const account = await createCallingAccount({ label: 'numbers-first-call' });
    const phone = await verifiedPhoneOf(account);
    const first = await placeCall(account, {});
    expect(first.status).toBe(201);
    expect(first.task.from_number).toBe(phone);

    const listed = (await (await account.api('/numbers')).json()) as { data: ApiNumber[] };
    expect(listed.data).toEqual([
      expect.objectContaining({
        phone_number: phone,
        source: 'verified',
        status: 'active',
        is_default: true,
        label: 'Verified phone',
      }),
    ]);
    // The provider placed the call from it.
    expect((await providerCallOf(first.task.id)).phoneNumberId).toBe(
      await providerIdOf(listed.data[0]!.id),
    );
    // Once: the next call finds it.
    const second = await placeCall(account, { phone_number: '+12125550100' });
    expect(second.task.from_number).toBe(phone);
    expect(
      ((await (await account.api('/numbers')).json()) as { data: unknown[] }).data,
    ).toHaveLength(1);
  });

  it('a batch of an account without a number shows its verified phone too', async () => {
    const account = await createCallingAccount({ label: 'numbers-first-batch' });
    const response = await account.api('/batches', {
      method: 'POST',
      json: { tasks: [goal], defaults: {} },
    });
    expect(response.status).toBe(201);
    const listed = (await (await account.api('/numbers')).json()) as { data: ApiNumber[] };
    expect(listed.data.map((n) => n.phone_number)).toEqual([await verifiedPhoneOf(account)]);
  });

  it('asks no second code for the phone the account verified at sign-up', async () => {
    const account = await createCallingAccount({ label: 'numbers-own-phone' });
    const phone = await verifiedPhoneOf(account);
    const response = await account.api('/numbers', {
      method: 'POST',
      json: { type: 'caller_id', phone_number: phone },
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      status: 'active',
      source: 'verified',
      is_default: true,
    });
  });

  it('another account’s verified phone still needs the code texted to it', async () => {
    const owner = await createCallingAccount({ label: 'numbers-phone-owner' });
    const stranger = await createCallingAccount({ label: 'numbers-phone-stranger' });
    const response = await stranger.api('/numbers', {
      method: 'POST',
      json: { type: 'caller_id', phone_number: await verifiedPhoneOf(owner) },
    });
    expect(response.status).toBe(202);
    expect(await response.json()).toMatchObject({ status: 'pending_verification' });
  });

  it('an account that released every number is refused live calls, and a waiting one is canceled', async () => {
    const account = await createCallingAccount({ label: 'numbers-none-left', credits: 5 });
    const bought = await buyNumber(account);
    const later = await account.api('', {
      method: 'POST',
      json: { ...goal, schedule_at: new Date(Date.now() + 3_600_000).toISOString() },
    });
    expect(later.status).toBe(201);
    const scheduled = (await later.json()) as { id: string; scheduled_for: string };
    expect((await account.api(`/numbers/${bought.id}/release`, { method: 'POST' })).status).toBe(
      200,
    );

    // The verified phone is not brought back behind the account's back.
    const refused = await account.api('', { method: 'POST', json: goal });
    expect(refused.status).toBe(400);
    expect(
      ((await refused.json()) as { error: { field: string; message: string } }).error,
    ).toMatchObject({
      field: 'from_number',
      message: expect.stringMatching(/none active/),
    });
    expect((await (await account.api('/numbers')).json()) as { data: unknown[] }).toMatchObject({
      data: [],
    });

    await dispatchAt(new Date(new Date(scheduled.scheduled_for).getTime() + 1000));
    const ended = (await (await account.api(`/${scheduled.id}`)).json()) as {
      status: string;
      failure_reason: { code: string } | null;
    };
    expect(ended).toMatchObject({
      status: 'canceled',
      failure_reason: { code: 'no_caller_number' },
    });

    // Test calls need no number.
    const test = callApiWith(await testKeyOf(account));
    expect((await test('', { method: 'POST', json: goal })).status).toBe(201);
  });
});

describe('local presence', () => {
  it('shows the account’s number in the callee’s area code when asked to, else the default', async () => {
    const account = await createCallingAccount({ label: 'numbers-local', credits: 5 });
    const callerId = await verifiedCallerId(account);
    const newYork = await buyNumber(account, '212');
    expect(
      ((await (await account.api('/numbers')).json()) as { local_presence: boolean })
        .local_presence,
    ).toBe(false);
    // Off: every call shows the default.
    expect((await placeCall(account, { phone_number: '+12125550100' })).task.from_number).toBe(
      callerId.phone_number,
    );

    const turnedOn = await account.api('/numbers/local-presence', {
      method: 'POST',
      json: { enabled: true },
    });
    expect(turnedOn.status).toBe(200);
    expect(await turnedOn.json()).toEqual({ object: 'local_presence', enabled: true });
    const local = await placeCall(account, { phone_number: '+12125550101' });
    expect(local.task.from_number).toBe(newYork.phone_number);
    expect((await providerCallOf(local.task.id)).phoneNumberId).toBe(
      await providerIdOf(newYork.id),
    );
    // None in the callee's area code: the default. A number the task names wins.
    expect((await placeCall(account, { phone_number: '+14155550101' })).task.from_number).toBe(
      callerId.phone_number,
    );
    expect(
      (await placeCall(account, { phone_number: '+12125550100', from_number: callerId.id })).task
        .from_number,
    ).toBe(callerId.phone_number);

    const bad = await account.api('/numbers/local-presence', {
      method: 'POST',
      json: { enabled: 'yes' },
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toMatch(
      /true or false/,
    );
  });

  it('the opening gives the number the call shows for calling back', async () => {
    const account = await createCallingAccount({ label: 'numbers-callback', credits: 5 });
    const bought = await buyNumber(account);
    const { task } = await placeCall(account, {});
    const { data, error } = await serviceClient()
      .from('tasks')
      .select('disclosure_facts')
      .eq('id', task.id)
      .single();
    if (error) throw error;
    expect(data.disclosure_facts).toMatchObject({ callback_number: bought.phone_number });
  });
});

describe('closing the account', () => {
  it('releases its numbers at once, here and at the provider', async () => {
    const account = await createCallingAccount({ label: 'numbers-closing', credits: 5 });
    const bought = await buyNumber(account);
    const providerId = await providerIdOf(bought.id);
    expect((await askToCloseAccount(account)).status).toBe(200);
    const { data: stored } = await serviceClient()
      .from('phone_numbers')
      .select('status')
      .eq('id', bought.id)
      .single();
    expect(stored).toEqual({ status: 'released' });
    expect((await vapi(`/phone-number/${providerId}`)).status).toBe(404);
  });
});

describe('what an account cannot do with numbers', () => {
  it('cannot buy a number without the month’s credits', async () => {
    const poor = await createCallingAccount({ label: 'numbers-poor' });
    const response = await poor.api('/numbers', { method: 'POST', json: { type: 'purchase' } });
    expect(response.status).toBe(402);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
      'insufficient_credits',
    );
  });

  it('cannot write number rows or call the number functions itself, nor see another’s numbers', async () => {
    const other = await createCallingAccount({ label: 'numbers-other' });
    const { client } = other;
    const inserted = await client.from('phone_numbers').insert({
      id: `num_${'A'.repeat(26)}`,
      user_id: other.user.id,
      phone_number: '+14155550177',
      source: 'purchased',
      status: 'active',
      provider_phone_number_id: 'x',
    });
    expect(inserted.error).not.toBeNull();
    const added = await client.rpc('phone_number_add', {
      p_user_id: other.user.id,
      p_id: `num_${'B'.repeat(26)}`,
      p_phone_number: '+14155550178',
      p_source: 'imported',
      p_provider_id: 'x',
      p_label: null,
    });
    expect(added.error).not.toBeNull();
    const { data } = await client.from('phone_numbers').select('id');
    expect(data).toEqual([]);
    const released = await other.api('/numbers/num_AAAAAAAAAAAAAAAAAAAAAAAAAA/release', {
      method: 'POST',
    });
    expect(released.status).toBe(404);
  });

  it('refuses a body of the wrong shape with a message naming the types', async () => {
    const account = await createCallingAccount({ label: 'numbers-shape' });
    const response = await account.api('/numbers', { method: 'POST', json: { type: 'steal' } });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(
      /purchase/,
    );
  });
});
