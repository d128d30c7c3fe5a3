import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSupabaseRest } from '../functions/_shared/db/rest';
import { createSessionVerifier, jwksLoader } from '../functions/_shared/platform/session-jwt';
import {
  createSendVerificationCodeHandler,
  messages,
  type PhoneVerificationDeps,
} from '../functions/_shared/phone-verification/service';
import { phoneVerificationDepsFromEnv } from '../functions/_shared/phone-verification/deps';
import { TWILIO_LOCAL } from '../local/fakes/twilio/server';
import { createUser, deleteCreatedUsers, serviceClient, type TestUser } from './support/clients';
import { latestMessageTo, messagesTo } from './support/mailbox';
import { uniqueUsPhone } from './support/phone';
import { publishableKey, apiUrl, dbUrl, secretKey } from './support/stack';

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
      apikey: publishableKey,
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

  it('refuses a number verified elsewhere even if both accounts got codes before (race)', async () => {
    const phone = uniqueUsPhone();
    const erin = await withKyc('verify-erin');
    const frank = await withKyc('verify-frank');
    await send(erin, phone);
    const erinCode = await codeFor(phone);
    await send(frank, phone); // Frank gets a code of his own
    const frankCode = await codeFor(phone);
    expect(await check(erin, phone, erinCode)).toMatchObject({ status: 200 });
    // Frank's right code, checked after Erin's approval: the number is taken.
    expect(await check(frank, phone, frankCode)).toEqual({
      status: 409,
      body: error('phone_taken', messages.phoneTaken),
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

    // As the message says, a new code can be requested: a fresh one, and it verifies the phone.
    expect(await send(user, phone)).toEqual({ status: 200, body: { status: 'pending' } });
    const freshCode = await codeFor(phone);
    expect(await messagesTo(phone)).toHaveLength(2);
    expect(await check(user, phone, freshCode)).toEqual({
      status: 200,
      body: { status: 'verified' },
    });
    expect(await kycOf(user)).toEqual({ phone, phone_verified: true });
  });

  it('sends a new code on a resend: only the latest works', async () => {
    const phone = uniqueUsPhone();
    const user = await withKyc('verify-resend');
    await send(user, phone);
    const first = await codeFor(phone);
    let second = first;
    // A new code is random: on the rare draw of the same digits, ask again.
    while (second === first) {
      await send(user, phone);
      second = await codeFor(phone);
    }
    expect(await check(user, phone, first)).toMatchObject({ status: 400 });
    expect(await check(user, phone, second)).toEqual({
      status: 200,
      body: { status: 'verified' },
    });
  });

  it('allows 5 sends per number and account in 10 minutes; another account is not held back', async () => {
    const phone = uniqueUsPhone();
    const first = await withKyc('verify-sends-1');
    const owner = await withKyc('verify-sends-owner');
    for (let i = 0; i < 5; i++) expect((await send(first, phone)).status).toBe(200);
    expect(await send(first, phone)).toEqual({
      status: 429,
      body: error('too_many_sends', messages.tooManySends),
    });
    expect(await messagesTo(phone)).toHaveLength(5);
    // The lockout attack fails: the owner still receives a code and verifies with it.
    expect(await send(owner, phone)).toEqual({ status: 200, body: { status: 'pending' } });
    expect(await check(owner, phone, await codeFor(phone))).toEqual({
      status: 200,
      body: { status: 'verified' },
    });
  });

  it("another account's sends and wrong checks never spoil the owner's code", async () => {
    const phone = uniqueUsPhone();
    const owner = await withKyc('verify-spoil-owner');
    const mallory = await withKyc('verify-spoil-mallory');
    await send(owner, phone);
    const ownerCode = await codeFor(phone);
    await send(mallory, phone);
    const malloryCode = await codeFor(phone);
    const guesses = ['00000', '11111', '22222', '33333', '44444', '55555', '66666']
      .filter((guess) => guess !== ownerCode && guess !== malloryCode)
      .slice(0, 5);
    for (const guess of guesses) expect((await check(mallory, phone, guess)).status).toBe(400);
    expect((await check(mallory, phone, malloryCode)).status).toBe(429);
    // Mallory never saw the owner's code, and her checks count against her own code only.
    expect(await check(owner, phone, ownerCode)).toEqual({
      status: 200,
      body: { status: 'verified' },
    });
  });

  it('sends codes to at most 5 distinct numbers per account a day', async () => {
    const user = await withKyc('verify-pumping');
    const phones = Array.from({ length: 5 }, () => uniqueUsPhone());
    for (const phone of phones) expect((await send(user, phone)).status).toBe(200);
    const sixth = uniqueUsPhone();
    expect(await send(user, sixth)).toEqual({
      status: 429,
      body: error('too_many_numbers', messages.tooManyNumbers),
    });
    expect(await messagesTo(sixth)).toHaveLength(0);
    // A number already texted today is not a new one.
    expect((await send(user, phones[0]!)).status).toBe(200);
    // Another account has its own allowance.
    expect((await send(await withKyc('verify-pumping-2'), sixth)).status).toBe(200);
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

  it('sends codes only to US and Israeli numbers that can receive texts', async () => {
    for (const phone of ['+10123456789', '+19005550100', '+18005550100', '+14165550100']) {
      expect(await send(alice, phone), phone).toEqual({
        status: 400,
        body: error('invalid_phone', messages.numberRejected),
      });
      expect(await messagesTo(phone)).toHaveLength(0);
    }
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
      // An API key is not a signed-in user.
      expect(await call(name, body, `Bearer ${publishableKey}`)).toEqual({
        status: 401,
        body: error('unauthorized', messages.unauthorized),
      });
      expect((await call(name, body, `Bearer ${secretKey}`)).status).toBe(401);
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
    const calls: [string, Record<string, unknown>][] = [
      ['complete_phone_verification', { p_user_id: user.user.id, p_phone: '+14155550123' }],
      ['issue_phone_verification_code', { p_user_id: user.user.id, p_phone: '+14155550123' }],
      [
        'check_phone_verification_code',
        { p_user_id: user.user.id, p_phone: '+14155550123', p_code: '12345' },
      ],
      [
        'settle_phone_verification_send',
        { p_verification_id: '00000000-0000-0000-0000-000000000000', p_sent: true },
      ],
    ];
    for (const [name, args] of calls) {
      const { error: denied } = await user.client.rpc(name, args);
      expect(denied?.code, name).toBe('42501');
    }
    expect(await kycOf(user)).toEqual({ phone: null, phone_verified: false });
  });
});

describe('when Twilio refuses the message', () => {
  // The handler with the real database and a Twilio Messages API that refuses (the edge we do not
  // own is stubbed at HTTP; everything of ours is real).
  function depsWithTwilioAnswer(status: number, body: unknown): PhoneVerificationDeps {
    const real = phoneVerificationDepsFromEnv(
      (name) =>
        ({
          SUPABASE_URL: apiUrl,
          SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: publishableKey }),
          SUPABASE_SECRET_KEYS: JSON.stringify({ default: secretKey }),
          TWILIO_ACCOUNT_SID: TWILIO_LOCAL.accountSid,
          TWILIO_AUTH_TOKEN: TWILIO_LOCAL.authToken,
          TWILIO_API_URL: 'https://api.twilio.test',
          TWILIO_PHONE_NUMBER: TWILIO_LOCAL.phoneNumber,
        })[name],
      (input, init) =>
        String(input).startsWith('https://api.twilio.test')
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

  it('maps an outage, wrong credentials and a number Twilio refuses; a failed send does not count', async () => {
    const user = await withKyc('verify-twilio-refuses');
    const phone = uniqueUsPhone();
    const outage = createSendVerificationCodeHandler(depsWithTwilioAnswer(503, 'busy'));
    for (let i = 0; i < 6; i++) {
      const failed = await outage(await request(user, { phone }));
      expect([failed.status, await failed.json()]).toEqual([
        502,
        error('provider_unavailable', messages.sendUnavailable),
      ]);
    }
    const wrongAuth = createSendVerificationCodeHandler(
      depsWithTwilioAnswer(401, { code: 20003, message: 'Authenticate', status: 401 }),
    );
    expect((await wrongAuth(await request(user, { phone }))).status).toBe(502);
    const notMobile = createSendVerificationCodeHandler(
      depsWithTwilioAnswer(400, {
        code: 21614,
        message: "'To' number is not a valid mobile number",
        status: 400,
      }),
    );
    const refused = await notMobile(await request(user, { phone }));
    expect([refused.status, await refused.json()]).toEqual([
      400,
      error('invalid_phone', messages.numberRejected),
    ]);
    // No code went out, so none can be checked; and the failed sends used up no limit.
    expect(await check(user, phone, '12345')).toEqual({
      status: 400,
      body: error('code_expired', messages.noCode),
    });
    expect(await send(user, phone)).toEqual({ status: 200, body: { status: 'pending' } });
    expect(await check(user, phone, await codeFor(phone))).toMatchObject({ status: 200 });
  });

  it('the user lookup verifies the token, then asks Auth: a deleted user is refused', async () => {
    const rest = createSupabaseRest({
      url: apiUrl,
      publishableKey,
      secretKey,
      sessions: createSessionVerifier({ loadJwks: jwksLoader(apiUrl) }),
    });
    const user = await createUser('verify-deleted');
    const jwt = await token(user);
    expect(await rest.userIdFromAuthorization(`Bearer ${jwt}`)).toBe(user.user.id);
    await serviceClient().auth.admin.deleteUser(user.user.id);
    expect(await rest.userIdFromAuthorization(`Bearer ${jwt}`)).toBeNull();
  });
});
