import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTwilioFake, TWILIO_LOCAL } from '../fakes/twilio/server';
import { createMailStore } from '../mailbox';
import {
  createTwilioClient,
  TwilioApiError,
  type TwilioConfig,
} from '../../functions/_shared/twilio/client';
import { uniqueUsPhone } from '../../tests/support/phone';

// The local Twilio and our Twilio client together: Twilio's shapes, auth and error codes for the
// one endpoint we call (Messages). Its own in-process server on a free port.
const mail = createMailStore();
let server: Server;
let config: TwilioConfig;

beforeAll(async () => {
  server = createTwilioFake({ mail });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  config = {
    accountSid: TWILIO_LOCAL.accountSid,
    authToken: TWILIO_LOCAL.authToken,
    apiUrl: url,
    phoneNumber: TWILIO_LOCAL.phoneNumber,
  };
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const client = () => createTwilioClient(config);
async function twilioError(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TwilioApiError);
  return error as TwilioApiError;
}

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

describe('local Twilio errors', () => {
  const auth = () => `Basic ${btoa(`${config.accountSid}:${config.authToken}`)}`;
  const twilioErrorBody = (code: number, status: number) => ({
    code,
    message: expect.any(String),
    more_info: `https://www.twilio.com/docs/errors/${code}`,
    status,
  });

  it('answers with code, message, more_info and status, as Twilio does', async () => {
    const response = await fetch(
      `${config.apiUrl}/2010-04-01/Accounts/${config.accountSid}/Messages.json`,
      {
        method: 'POST',
        headers: { Authorization: auth(), 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ To: uniqueUsPhone(), From: config.phoneNumber }).toString(),
      },
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(twilioErrorBody(21602, 400));
  });

  it('refuses wrong credentials with 20003', async () => {
    const error = await twilioError(
      createTwilioClient({ ...config, authToken: 'wrong' }).messages.create({
        to: uniqueUsPhone(),
        body: 'hi',
      }),
    );
    expect([error.status, error.code, error.message]).toEqual([401, 20003, 'Authenticate']);
  });

  it('answers 413 with the same body for a request too large to read', async () => {
    const response = await fetch(
      `${config.apiUrl}/2010-04-01/Accounts/${config.accountSid}/Messages.json`,
      {
        method: 'POST',
        headers: { Authorization: auth(), 'Content-Type': 'application/x-www-form-urlencoded' },
        body: `To=${encodeURIComponent(uniqueUsPhone())}&Body=${'x'.repeat(1_100_000)}`,
      },
    );
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual(twilioErrorBody(20001, 413));
  });

  it('has no Verify: its endpoints are unknown resources (20404), as we never call them', async () => {
    const service = `${config.apiUrl}/v2/Services/VA${'0'.repeat(32)}`;
    for (const [path, body] of [
      ['/Verifications', { To: uniqueUsPhone(), Channel: 'sms' }],
      ['/VerificationCheck', { To: uniqueUsPhone(), Code: '12345' }],
    ] as const) {
      const response = await fetch(`${service}${path}`, {
        method: 'POST',
        headers: { Authorization: auth(), 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(body).toString(),
      });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual(twilioErrorBody(20404, 404));
    }
    expect(mail.list().filter((m) => m.Text.includes('verification code'))).toEqual([]);
  });
});
