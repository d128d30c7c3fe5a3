// @vitest-environment node
import { createHmac } from 'node:crypto';
import { messageSidOf } from './inbound.ts';
import {
  signedData,
  twilioSignature,
  urlVariants,
  validTwilioSignature,
} from './twilio-signature.ts';

const TOKEN = 'twilio_auth_token';
const URL_ = 'https://example.supabase.co/functions/v1/sms-inbound';
const SID = `SM${'0123456789abcdef'.repeat(2)}`;
const hmac = (data: string) => createHmac('sha1', TOKEN).update(data, 'utf8').digest('base64');

describe("Twilio's request signature (twilio-node validateRequest)", () => {
  it('signs the URL then name + value, names sorted', async () => {
    const params: [string, string][] = [
      ['To', '+15005550006'],
      ['Body', 'Call 4155550100 and hi'],
      ['From', '+14155550177'],
    ];
    expect(signedData(URL_, params)).toBe(
      `${URL_}BodyCall 4155550100 and hiFrom+14155550177To+15005550006`,
    );
    expect(await twilioSignature(TOKEN, URL_, params)).toBe(
      hmac(`${URL_}BodyCall 4155550100 and hiFrom+14155550177To+15005550006`),
    );
  });

  it('takes each distinct value of a repeated name once, values sorted', () => {
    expect(
      signedData(URL_, [
        ['b', '2'],
        ['a', 'z'],
        ['b', '1'],
        ['b', '2'],
      ]),
    ).toBe(`${URL_}azb1b2`);
  });

  it('checks the URL with and without its port, as twilio-node does', async () => {
    expect(urlVariants('http://127.0.0.1:54321/functions/v1/sms-inbound')).toEqual([
      'http://127.0.0.1:54321/functions/v1/sms-inbound',
      'http://127.0.0.1/functions/v1/sms-inbound',
    ]);
    expect(urlVariants('https://a.test:443/x')).toEqual(['https://a.test/x']);
    const params: [string, string][] = [['From', '+14155550177']];
    const withoutPort = await twilioSignature(TOKEN, 'http://127.0.0.1/hook', params);
    expect(
      await validTwilioSignature(TOKEN, 'http://127.0.0.1:8080/hook', params, withoutPort),
    ).toBe(true);
    expect(await validTwilioSignature(TOKEN, URL_, params, withoutPort)).toBe(false);
    expect(await validTwilioSignature(TOKEN, URL_, params, null)).toBe(false);
  });
});

describe('messageSidOf: only a genuine MessageSid', () => {
  it("takes Twilio's SID shape, equal to SmsSid when both are sent", () => {
    expect(
      messageSidOf([
        ['MessageSid', SID],
        ['SmsSid', SID],
      ]),
    ).toBe(SID);
    expect(messageSidOf([['MessageSid', SID]])).toBe(SID);
    const mms = `MM${'a'.repeat(32)}`;
    expect(messageSidOf([['MessageSid', mms]])).toBe(mms);
  });

  it('refuses a replay re-split into other parameters, which the signature cannot tell apart', async () => {
    const original: [string, string][] = [
      ['From', '+14155550177'],
      ['MessageSid', SID],
      ['NumMedia', '0'],
    ];
    // MessageSid=<sid>N&umMedia=0 concatenates exactly as MessageSid=<sid>&NumMedia=0.
    const resplit: [string, string][] = [
      ['From', '+14155550177'],
      ['MessageSid', `${SID}N`],
      ['umMedia', '0'],
    ];
    const signature = await twilioSignature(TOKEN, URL_, original);
    expect(await validTwilioSignature(TOKEN, URL_, resplit, signature)).toBe(true);
    expect(messageSidOf(resplit)).toBeNull();
  });

  it.each([
    [[]],
    [[['MessageSid', 'SM123']]],
    [[['MessageSid', `SM${'g'.repeat(32)}`]]],
    [[['MessageSid', `XX${'a'.repeat(32)}`]]],
    [[['SmsSid', SID]]],
    [
      [
        ['MessageSid', SID],
        ['SmsSid', `SM${'f'.repeat(32)}`],
      ],
    ],
    [
      [
        ['MessageSid', SID],
        ['MessageSid', `SM${'f'.repeat(32)}`],
      ],
    ],
    [
      [
        ['MessageSid', SID],
        ['Body', 'Call 4155550100 and hi'],
        ['Body', 'Call 4155550101 and hi'],
      ],
    ],
  ] as [string, string][][][])('refuses %j', (params) => {
    expect(messageSidOf(params)).toBeNull();
  });
});
