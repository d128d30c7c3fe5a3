import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTwilioFake, TWILIO_LOCAL } from '../local/fakes/twilio/server';
import { createMailStore } from '../local/mailbox';
import {
  createTwilioClient,
  TwilioApiError,
  type TwilioConfig,
} from '../functions/_shared/twilio/client';
import { uniqueUsPhone } from './support/phone';

// The local Twilio and our Twilio client together: Twilio's shapes, auth and error codes, with
// an injected clock for expiry. Its own in-process server on a free port.
const mail = createMailStore();
let clock = Date.now();
let server: Server;
let config: TwilioConfig;

beforeAll(async () => {
  server = createTwilioFake({ mail, now: () => clock });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  config = {
    accountSid: TWILIO_LOCAL.accountSid,
    authToken: TWILIO_LOCAL.authToken,
    verifyServiceSid: TWILIO_LOCAL.verifyServiceSid,
    verifyUrl: url,
    apiUrl: url,
    phoneNumber: TWILIO_LOCAL.phoneNumber,
  };
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const client = () => createTwilioClient(config);
const codeSentTo = (to: string) => {
  const sms = mail.list().find((m) => m.To[0]?.Address === to);
  return /\b(\d{5})\b/.exec(sms?.Text ?? '')?.[1];
};
async function twilioError(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TwilioApiError);
  return error as TwilioApiError;
}

describe('local Twilio Verify v2', () => {
  it('sends a 5-digit code by SMS into the mailbox and answers with the verification', async () => {
    const to = uniqueUsPhone();
    const verification = await client().verify.start(to);
    expect(verification).toMatchObject({
      sid: expect.stringMatching(/^VE[0-9a-f]{32}$/),
      service_sid: TWILIO_LOCAL.verifyServiceSid,
      account_sid: TWILIO_LOCAL.accountSid,
      to,
      channel: 'sms',
      status: 'pending',
      valid: false,
      send_code_attempts: [expect.objectContaining({ channel: 'sms' })],
    });
    const sms = mail.list()[0]!;
    expect(sms.From.Address).toBe(TWILIO_LOCAL.phoneNumber);
    expect(sms.To).toEqual([{ Name: '', Address: to }]);
    expect(sms.Text).toMatch(/^Your Dialwise verification code is: \d{5}$/);
  });

  it('answers a wrong code with 200 pending and the right one with approved, then 20404', async () => {
    const to = uniqueUsPhone();
    await client().verify.start(to);
    const code = codeSentTo(to)!;
    const wrong = code === '00000' ? '11111' : '00000';
    expect(await client().verify.check(to, wrong)).toMatchObject({
      status: 'pending',
      valid: false,
    });
    expect(await client().verify.check(to, code)).toMatchObject({
      status: 'approved',
      valid: true,
    });
    const again = await twilioError(client().verify.check(to, code));
    expect([again.status, again.code]).toEqual([404, 20404]);
  });

  it('resends the same code, and refuses a sixth send with 60203', async () => {
    const to = uniqueUsPhone();
    await client().verify.start(to);
    const first = codeSentTo(to);
    for (let i = 0; i < 4; i++) await client().verify.start(to);
    expect(codeSentTo(to)).toBe(first);
    const error = await twilioError(client().verify.start(to));
    expect([error.status, error.code, error.message]).toEqual([
      429,
      60203,
      'Max send attempts reached',
    ]);
  });

  it('allows five checks per code, then 60202 even for the right code', async () => {
    const to = uniqueUsPhone();
    await client().verify.start(to);
    const code = codeSentTo(to)!;
    const wrong = code === '00000' ? '11111' : '00000';
    for (let i = 0; i < 5; i++) await client().verify.check(to, wrong);
    const error = await twilioError(client().verify.check(to, code));
    expect([error.status, error.code]).toEqual([429, 60202]);
  });

  it('expires a code after 10 minutes (20404), and a new send makes a new code', async () => {
    const to = uniqueUsPhone();
    const first = await client().verify.start(to);
    clock += 10 * 60_000;
    const error = await twilioError(client().verify.check(to, codeSentTo(to)!));
    expect([error.status, error.code]).toEqual([404, 20404]);
    const second = await client().verify.start(to);
    expect(second.sid).not.toBe(first.sid);
  });

  it('refuses an invalid number or channel with 60200', async () => {
    for (const to of ['+10123456789', '555-123-4567', '']) {
      const error = await twilioError(client().verify.start(to));
      expect([error.status, error.code]).toEqual([400, 60200]);
    }
  });

  it('refuses wrong credentials with 20003 and an unknown service with 20404', async () => {
    const bad = await twilioError(
      createTwilioClient({ ...config, authToken: 'wrong' }).verify.start(uniqueUsPhone()),
    );
    expect([bad.status, bad.code, bad.message]).toEqual([401, 20003, 'Authenticate']);
    const unknown = await twilioError(
      createTwilioClient({ ...config, verifyServiceSid: 'VA' + 'f'.repeat(32) }).verify.start(
        uniqueUsPhone(),
      ),
    );
    expect([unknown.status, unknown.code]).toEqual([404, 20404]);
  });

  it('cancels a verification by its sid, as Twilio does (then checks find nothing)', async () => {
    const to = uniqueUsPhone();
    const { sid } = await client().verify.start(to);
    const auth = `Basic ${btoa(`${config.accountSid}:${config.authToken}`)}`;
    const response = await fetch(
      `${config.verifyUrl}/v2/Services/${config.verifyServiceSid}/Verifications/${sid}`,
      {
        method: 'POST',
        headers: { Authorization: auth, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'Status=canceled',
      },
    );
    expect(await response.json()).toMatchObject({ sid, status: 'canceled' });
    const error = await twilioError(client().verify.check(to, codeSentTo(to)!));
    expect(error.code).toBe(20404);
  });
});

describe('local Twilio Messages', () => {
  it('sends an SMS from the account number into the mailbox, answering 201 queued', async () => {
    const to = uniqueUsPhone();
    const message = await client().messages.create({ to, body: 'Your call has finished.' });
    expect(message).toMatchObject({
      sid: expect.stringMatching(/^SM[0-9a-f]{32}$/),
      to,
      from: TWILIO_LOCAL.phoneNumber,
      body: 'Your call has finished.',
      status: 'queued',
    });
    expect(mail.list()[0]).toMatchObject({
      To: [{ Address: to }],
      From: { Address: TWILIO_LOCAL.phoneNumber },
      Text: 'Your call has finished.',
    });
  });

  it("answers Twilio's error codes for a missing body, a bad To and a foreign From", async () => {
    const cases: [Parameters<ReturnType<typeof client>['messages']['create']>[0], number][] = [
      [{ to: uniqueUsPhone(), body: '' }, 21602],
      [{ to: 'not-a-number', body: 'hi' }, 21211],
      [{ to: uniqueUsPhone(), body: 'hi', from: '+14155550199' }, 21606],
      [{ to: uniqueUsPhone(), body: 'x'.repeat(1601) }, 21617],
    ];
    for (const [message, code] of cases) {
      const error = await twilioError(client().messages.create(message));
      expect([error.status, error.code]).toEqual([400, code]);
    }
  });

  it('refuses another account sid in the path', async () => {
    const error = await twilioError(
      createTwilioClient({ ...config, accountSid: 'AC' + '1'.repeat(32) }).messages.create({
        to: uniqueUsPhone(),
        body: 'hi',
      }),
    );
    expect([error.status, error.code]).toEqual([401, 20003]);
  });
});
