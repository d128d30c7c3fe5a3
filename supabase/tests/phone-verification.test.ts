import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSupabaseRest } from '../functions/_shared/supabase/rest';
import {
  createCheckVerificationCodeHandler,
  createSendVerificationCodeHandler,
  messages,
  type PhoneVerificationDeps,
} from '../functions/_shared/phone-verification/service';
import { phoneVerificationDepsFromEnv } from '../functions/_shared/phone-verification/deps';
import { TWILIO_LOCAL } from '../local/fakes/twilio/server';
import { createUser, deleteCreatedUsers, serviceClient, type TestUser } from './support/clients';
import { latestMessageTo, messagesTo } from './support/mailbox';
import { twilioUrl, uniqueUsPhone } from './support/phone';
import { anonKey, apiUrl, dbUrl, serviceRoleKey } from './support/stack';
import { waitFor } from './support/wait';

// send_verification_code and check_verification_code through the gateway, against the stack's
// database and the local Twilio, as a user and as an attacker.
const functionsUrl = `${apiUrl}/functions/v1`;
const db = new pg.Pool({ connectionString: dbUrl, max: 2 });

async function withKyc(label: string): Promise<TestUser> {
  const user = await createUser(label);
  const { error } = await serviceClient().from('user_kyc').insert({
    user_id: user.user.id,
    business_type: 'business',
    legal_name: 'Acme Dental LLC',
    address: '1 Main Street, Springfield',
    use_case: 'Appointment reminders',
    kyc_status: 'pending',
  });
  if (error) throw error;
  return user;
}

async function token(user: TestUser) {
  const { data } = await user.client.auth.getSession();
  return data.session!.access_token;
}

async function call(name: string, body: unknown, authorization?: string | null, method = 'POST') {
  const response = await fetch(`${functionsUrl}/${name}`, {
    method,
    headers: {
      apikey: anonKey,
      'Content-Type': 'application/json',
      ...(authorization ? { Authorization: authorization } : {}),
    },
    body: method === 'POST' ? (typeof body === 'string' ? body : JSON.stringify(body)) : undefined,
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : null,
  };
}

const send = async (user: TestUser, phone: string) =>
  call('send_verification_code', { phone }, `Bearer ${await token(user)}`);
const check = async (user: TestUser, phone: string, code: string) =>
  call('check_verification_code', { phone, code }, `Bearer ${await token(user)}`);
const error = (code: string, message: string) => ({ error: { code, message } });

async function codeFor(phone: string) {
  const sms = await latestMessageTo(phone);
  const code = /\b(\d{5})\b/.exec(sms.Text)?.[1];
  if (!code) throw new Error(`no code in ${sms.Text}`);
  return code;
}
const wrongCode = (code: string) => (code === '00000' ? '11111' : '00000');

async function kycOf(user: TestUser) {
  const { data } = await user.client
    .from('user_kyc')
    .select('phone, phone_verified')
    .eq('user_id', user.user.id)
    .single();
  return data;
}

let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  alice = await withKyc('verify-alice');
  bob = await withKyc('verify-bob');
});
afterAll(async () => {
  await deleteCreatedUsers();
  await db.end();
});

describe('send_verification_code and check_verification_code', () => {
  it('sends a code by SMS, refuses a wrong code, and verifies the phone with the right one', async () => {
    const phone = uniqueUsPhone();
    expect(await send(alice, phone)).toEqual({ status: 200, body: { status: 'pending' } });
    const sms = await latestMessageTo(phone);
    expect(sms.Text).toMatch(/verification code is: \d{5}/);
    const code = await codeFor(phone);

    expect(await check(alice, phone, wrongCode(code))).toEqual({
      status: 400,
      body: error('incorrect_code', 'Incorrect code. Try again.'),
    });
    expect(await kycOf(alice)).toEqual({ phone: null, phone_verified: false });

    expect(await check(alice, phone, code)).toEqual({ status: 200, body: { status: 'verified' } });
    expect(await kycOf(alice)).toEqual({ phone, phone_verified: true });

    // A used code is gone.
    expect(await check(alice, phone, code)).toEqual({
      status: 400,
      body: error('code_expired', messages.noCode),
    });
  });

  it('refuses a number already verified on another account, at send and at completion', async () => {
    const phone = uniqueUsPhone();
    const carol = await withKyc('verify-carol');
    const dave = await withKyc('verify-dave');
    // Both get a code before either verifies.
    await send(carol, phone);
    const carolCode = await codeFor(phone);
    expect(await check(carol, phone, carolCode)).toMatchObject({ status: 200 });

    expect(await send(dave, phone)).toEqual({
      status: 409,
      body: error('phone_taken', 'This phone number is already verified on another account.'),
    });
    expect(await kycOf(dave)).toEqual({ phone: null, phone_verified: false });
  });

  it('refuses a number verified elsewhere even if the code arrived before (race)', async () => {
    const phone = uniqueUsPhone();
    const erin = await withKyc('verify-erin');
    const frank = await withKyc('verify-frank');
    await send(erin, phone);
    const erinCode = await codeFor(phone);
    await send(frank, phone); // the same pending Twilio code is resent to the number
    expect(await check(erin, phone, erinCode)).toMatchObject({ status: 200 });
    // Frank's check, with the code the number received, comes after Erin's approval.
    expect(await check(frank, phone, erinCode)).toEqual({
      status: 400,
      body: error('code_expired', messages.expired),
    });
    expect(await send(frank, phone)).toMatchObject({ status: 409 });
    expect(await kycOf(frank)).toEqual({ phone: null, phone_verified: false });
  });

  it('kills a code after 5 checks: the right code no longer works', async () => {
    const phone = uniqueUsPhone();
    const user = await withKyc('verify-attempts');
    await send(user, phone);
    const code = await codeFor(phone);
    for (let i = 0; i < 5; i++) {
      expect((await check(user, phone, wrongCode(code))).body).toEqual(
        error('incorrect_code', 'Incorrect code. Try again.'),
      );
    }
    expect(await check(user, phone, code)).toEqual({
      status: 429,
      body: error('too_many_attempts', messages.tooManyAttempts),
    });
    expect(await kycOf(user)).toEqual({ phone: null, phone_verified: false });

    // As the message says, a new code can be requested: Twilio sends a fresh one (our fifth
    // check canceled the used-up verification there) and it verifies the phone.
    expect(await send(user, phone)).toEqual({ status: 200, body: { status: 'pending' } });
    const freshCode = await codeFor(phone);
    expect(await messagesTo(phone)).toHaveLength(2);
    expect(await check(user, phone, freshCode)).toEqual({
      status: 200,
      body: { status: 'verified' },
    });
    expect(await kycOf(user)).toEqual({ phone, phone_verified: true });
  });

  it('our own 5-check counter refuses a code that Twilio would still approve', async () => {
    // Twilio (and the local one) enforce 5 checks too, so a test that only ends at Twilio's limit
    // cannot tell whether ours holds. Here Twilio is left with a fresh verification it would
    // approve, started at Twilio directly, so only our counter stands between the 6th check and
    // a verified phone.
    const phone = uniqueUsPhone();
    const user = await withKyc('verify-own-counter');
    await send(user, phone);
    const code = await codeFor(phone);
    for (let i = 0; i < 5; i++)
      expect((await check(user, phone, wrongCode(code))).status).toBe(400);
    const started = await fetch(
      `${twilioUrl}/v2/Services/${TWILIO_LOCAL.verifyServiceSid}/Verifications`,
      {
        method: 'POST',
        headers: {
          Authorization: `Basic ${btoa(`${TWILIO_LOCAL.accountSid}:${TWILIO_LOCAL.authToken}`)}`,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ To: phone, Channel: 'sms' }),
      },
    );
    expect(started.status).toBe(201);
    await waitFor(
      () => messagesTo(phone),
      (list) => list.length === 2,
      { what: 'the SMS of the verification started at Twilio' },
    );
    const twilioCode = await codeFor(phone);
    expect(await check(user, phone, twilioCode)).toEqual({
      status: 429,
      body: error('too_many_attempts', messages.tooManyAttempts),
    });
    expect(await kycOf(user)).toEqual({ phone: null, phone_verified: false });
    // The row only our code writes: five checks counted, and the code dead.
    const { rows } = await db.query(
      `select status, check_attempts from private.phone_verifications where user_id = $1`,
      [user.user.id],
    );
    expect(rows).toEqual([{ status: 'dead', check_attempts: 5 }]);
  });

  it('allows 5 sends per number in 10 minutes, whichever account asks', async () => {
    const phone = uniqueUsPhone();
    const first = await withKyc('verify-sends-1');
    const second = await withKyc('verify-sends-2');
    for (let i = 0; i < 5; i++) expect((await send(first, phone)).status).toBe(200);
    expect(await send(first, phone)).toEqual({
      status: 429,
      body: error('too_many_sends', messages.tooManySends),
    });
    expect((await send(second, phone)).status).toBe(429);
    expect(await messagesTo(phone)).toHaveLength(5);
  });

  it('expires a code after 10 minutes', async () => {
    const phone = uniqueUsPhone();
    const user = await withKyc('verify-expiry');
    await send(user, phone);
    const code = await codeFor(phone);
    await db.query(
      `update private.phone_verifications set expires_at = now() - interval '1 second'
        where user_id = $1`,
      [user.user.id],
    );
    expect(await check(user, phone, code)).toEqual({
      status: 400,
      body: error('code_expired', messages.expired),
    });
  });

  it("maps Twilio's 20404 (code expired or canceled at Twilio) to the expired message", async () => {
    const phone = uniqueUsPhone();
    const user = await withKyc('verify-20404');
    await send(user, phone);
    const code = await codeFor(phone);
    const list = await fetch(
      `${twilioUrl}/v2/Services/${TWILIO_LOCAL.verifyServiceSid}/Verifications`,
      {
        method: 'POST',
        headers: {
          Authorization: `Basic ${btoa(`${TWILIO_LOCAL.accountSid}:${TWILIO_LOCAL.authToken}`)}`,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ To: phone, Channel: 'sms' }),
      },
    );
    const { sid } = (await list.json()) as { sid: string };
    await fetch(`${twilioUrl}/v2/Services/${TWILIO_LOCAL.verifyServiceSid}/Verifications/${sid}`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${btoa(`${TWILIO_LOCAL.accountSid}:${TWILIO_LOCAL.authToken}`)}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'Status=canceled',
    });
    expect(await check(user, phone, code)).toEqual({
      status: 400,
      body: error('code_expired', messages.expired),
    });
  });

  it("maps Twilio's 60200 (a number it refuses) to a clear message", async () => {
    expect(await send(alice, '+10123456789')).toEqual({
      status: 400,
      body: error('invalid_phone', messages.numberRejected),
    });
  });

  it('refuses bad input with a clear message, never a 500', async () => {
    const auth = `Bearer ${await token(bob)}`;
    const cases: [string, unknown, string][] = [
      ['send_verification_code', { phone: '555-123-4567' }, 'invalid_phone'],
      ['send_verification_code', { phone: '+4420123456' }, 'invalid_phone'],
      ['send_verification_code', {}, 'invalid_phone'],
      ['send_verification_code', 'not json', 'invalid_request'],
      ['send_verification_code', [1], 'invalid_request'],
      ['check_verification_code', { phone: uniqueUsPhone(), code: '1234' }, 'invalid_code'],
      ['check_verification_code', { phone: uniqueUsPhone(), code: 12345 }, 'invalid_code'],
      ['check_verification_code', { phone: 'x', code: '12345' }, 'invalid_phone'],
    ];
    for (const [name, body, code] of cases) {
      const result = await call(name, body, auth);
      expect(result.status, `${name} ${JSON.stringify(body)}`).toBe(400);
      expect((result.body as { error: { code: string } }).error.code).toBe(code);
    }
    expect((await call('send_verification_code', null, auth, 'GET')).status).toBe(405);
    const preflight = await fetch(`${functionsUrl}/send_verification_code`, { method: 'OPTIONS' });
    expect(preflight.status).toBe(200);
  });

  it('checks a code nobody asked for as "no code", without calling Twilio', async () => {
    expect(await check(bob, uniqueUsPhone(), '12345')).toEqual({
      status: 400,
      body: error('code_expired', messages.noCode),
    });
  });

  it('asks for KYC first', async () => {
    const user = await createUser('verify-no-kyc');
    expect(await send(user, uniqueUsPhone())).toEqual({
      status: 409,
      body: error('kyc_required', messages.kycRequired),
    });
  });

  it('refuses callers without a user JWT with 401', async () => {
    for (const name of ['send_verification_code', 'check_verification_code']) {
      const body = { phone: uniqueUsPhone(), code: '12345' };
      expect((await call(name, body, null)).status).toBe(401);
      expect((await call(name, body, 'Bearer not.a.jwt')).status).toBe(401);
      // The anon key is a valid JWT, but not a user.
      expect(await call(name, body, `Bearer ${anonKey}`)).toEqual({
        status: 401,
        body: error('unauthorized', messages.unauthorized),
      });
      expect((await call(name, body, `Bearer ${serviceRoleKey}`)).status).toBe(401);
    }
  });
});

describe('the browser cannot verify a phone itself', () => {
  it('refuses a forged phone_verified write, by update or upsert', async () => {
    const user = await withKyc('verify-forger');
    const update = await user.client
      .from('user_kyc')
      .update({ phone: '+14155550123', phone_verified: true })
      .eq('user_id', user.user.id);
    expect(update.error?.code).toBe('42501');
    const upsert = await user.client.from('user_kyc').upsert({
      user_id: user.user.id,
      business_type: 'business',
      legal_name: 'Forger LLC',
      address: '2 Main Street',
      use_case: 'Calls',
      kyc_status: 'pending',
      phone_verified: true,
    });
    expect(upsert.error?.code).toBe('42501');
    expect(await kycOf(user)).toEqual({ phone: null, phone_verified: false });
  });

  it('refuses the verification procedures to users and anonymous callers', async () => {
    const user = await withKyc('verify-rpc');
    for (const name of [
      'complete_phone_verification',
      'begin_phone_verification_send',
      'begin_phone_verification_check',
    ]) {
      const { error: denied } = await user.client.rpc(name, {
        p_user_id: user.user.id,
        p_phone: '+14155550123',
      });
      expect(denied?.code, name).toBe('42501');
    }
    expect(await kycOf(user)).toEqual({ phone: null, phone_verified: false });
  });
});

describe("Twilio's limits behind ours", () => {
  // The handler with the real database and a Twilio that answers with its own limits (the edge we
  // do not own is stubbed at HTTP; everything of ours is real).
  function depsWithTwilioAnswer(status: number, body: unknown): PhoneVerificationDeps {
    const real = phoneVerificationDepsFromEnv(
      (name) =>
        ({
          SUPABASE_URL: apiUrl,
          SUPABASE_ANON_KEY: anonKey,
          SUPABASE_SERVICE_ROLE_KEY: serviceRoleKey,
          TWILIO_ACCOUNT_SID: TWILIO_LOCAL.accountSid,
          TWILIO_AUTH_TOKEN: TWILIO_LOCAL.authToken,
          TWILIO_VERIFY_SERVICE_SID: TWILIO_LOCAL.verifyServiceSid,
          TWILIO_VERIFY_URL: 'https://verify.twilio.test',
        })[name],
      (input, init) =>
        String(input).startsWith('https://verify.twilio.test')
          ? Promise.resolve(Response.json(body, { status }))
          : fetch(input, init),
    );
    return { ...real, log: () => {} };
  }
  const request = async (user: TestUser, body: unknown) =>
    new Request('http://functions/x', {
      method: 'POST',
      headers: { Authorization: `Bearer ${await token(user)}` },
      body: JSON.stringify(body),
    });

  it('maps 60203 (max sends), 60202 (max checks) and an outage to clear messages', async () => {
    const user = await withKyc('verify-twilio-limits');
    const phone = uniqueUsPhone();
    const maxSends = createSendVerificationCodeHandler(
      depsWithTwilioAnswer(429, { code: 60203, message: 'Max send attempts reached', status: 429 }),
    );
    const sent = await maxSends(await request(user, { phone }));
    expect([sent.status, await sent.json()]).toEqual([
      429,
      error('too_many_sends', messages.tooManySends),
    ]);

    const maxChecks = createCheckVerificationCodeHandler(
      depsWithTwilioAnswer(429, {
        code: 60202,
        message: 'Max check attempts reached',
        status: 429,
      }),
    );
    const checked = await maxChecks(await request(user, { phone, code: '12345' }));
    expect([checked.status, await checked.json()]).toEqual([
      429,
      error('too_many_attempts', messages.tooManyAttempts),
    ]);

    const outage = createSendVerificationCodeHandler(depsWithTwilioAnswer(503, 'busy'));
    const failed = await outage(await request(user, { phone: uniqueUsPhone() }));
    expect([failed.status, await failed.json()]).toEqual([
      502,
      error('provider_unavailable', messages.sendUnavailable),
    ]);
    const wrongAuth = createCheckVerificationCodeHandler(
      depsWithTwilioAnswer(401, { code: 20003, message: 'Authenticate', status: 401 }),
    );
    const refused = await wrongAuth(await request(user, { phone, code: '12345' }));
    expect(refused.status).toBe(502);
  });

  it('the user lookup goes through Auth: a deleted user is refused', async () => {
    const rest = createSupabaseRest({ url: apiUrl, anonKey, serviceRoleKey });
    const user = await createUser('verify-deleted');
    const jwt = await token(user);
    expect(await rest.userIdFromAuthorization(`Bearer ${jwt}`)).toBe(user.user.id);
    await serviceClient().auth.admin.deleteUser(user.user.id);
    expect(await rest.userIdFromAuthorization(`Bearer ${jwt}`)).toBeNull();
  });
});
