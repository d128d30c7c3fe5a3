import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { BodyTooLargeError, readBody, sendJson } from '../../http';
import type { MailStore } from '../../mailbox';

/**
 * The local Twilio: the one endpoint our functions call, Programmable Messaging's
 * `Messages.json`, with Twilio's form bodies, Basic auth, JSON shapes and error codes. Every SMS
 * lands in the mailbox. Anything else answers 404 `20404`, as an unknown resource does at
 * Twilio (phone verification texts codes of our own: docs/decisions/0011). Differences from
 * Twilio are listed in supabase/local/README.md.
 */

/** The local well-known values, like the Supabase demo keys (never valid at Twilio). */
export const TWILIO_LOCAL = {
  accountSid: 'AC00000000000000000000000000000000',
  authToken: 'dialwise_local_twilio_auth_token',
  phoneNumber: '+15005550006',
} as const;

export type TwilioFakeOptions = {
  mail: MailStore;
  accountSid?: string;
  authToken?: string;
  phoneNumber?: string;
  /** Milliseconds since the epoch (the messages' dates). */
  now?: () => number;
};

const MAX_BODY_CHARS = 1600;
/** The largest form body read; Twilio caps a message at 1600 characters, far below this. */
const MAX_REQUEST_BYTES = 1_000_000;
const E164 = /^\+[1-9]\d{6,14}$/;

class TwilioError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const sid = (prefix: string) => prefix + randomBytes(16).toString('hex');

/** Twilio refuses numbers that are not dialable: NANP area and exchange codes cannot start 0/1. */
function validNumber(to: string): boolean {
  if (!E164.test(to)) return false;
  if (to.startsWith('+1')) return /^\+1[2-9]\d{2}[2-9]\d{6}$/.test(to);
  return true;
}

function safeEqual(a: string, b: string) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** RFC 2822 dates, as the 2010-04-01 API writes them. */
const rfc2822 = (ms: number) => new Date(ms).toUTCString().replace('GMT', '+0000');

export function createTwilioFake(options: TwilioFakeOptions): Server {
  const accountSid = options.accountSid ?? TWILIO_LOCAL.accountSid;
  const authToken = options.authToken ?? TWILIO_LOCAL.authToken;
  const phoneNumber = options.phoneNumber ?? TWILIO_LOCAL.phoneNumber;
  const now = options.now ?? Date.now;

  function authenticate(req: IncomingMessage) {
    const header = req.headers.authorization ?? '';
    const match = /^Basic\s+(.+)$/i.exec(header);
    const decoded = match ? Buffer.from(match[1]!, 'base64').toString('utf8') : '';
    const separator = decoded.indexOf(':');
    const user = decoded.slice(0, separator);
    const password = decoded.slice(separator + 1);
    if (separator < 0 || !safeEqual(user, accountSid) || !safeEqual(password, authToken)) {
      throw new TwilioError(401, 20003, 'Authenticate');
    }
  }

  function createMessage(params: URLSearchParams) {
    const to = params.get('To') ?? '';
    const from = params.get('From') ?? '';
    const body = params.get('Body') ?? '';
    if (!to) throw new TwilioError(400, 21604, "A 'To' phone number is required.");
    if (!from && !params.get('MessagingServiceSid'))
      throw new TwilioError(400, 21603, "A 'From' phone number is required.");
    if (!body) throw new TwilioError(400, 21602, 'Message body is required.');
    if (!validNumber(to)) throw new TwilioError(400, 21211, `Invalid 'To' Phone Number: ${to}`);
    if (from && from !== phoneNumber)
      throw new TwilioError(
        400,
        21606,
        `The From phone number ${from} is not a valid, SMS-capable inbound phone number or short code for your account.`,
      );
    if (body.length > MAX_BODY_CHARS)
      throw new TwilioError(
        400,
        21617,
        'The concatenated message body exceeds the 1600 character limit.',
      );
    options.mail.deliverSms({ from: from || phoneNumber, to, body });
    const messageSid = sid('SM');
    const created = rfc2822(now());
    return {
      account_sid: accountSid,
      api_version: '2010-04-01',
      body,
      date_created: created,
      date_sent: null,
      date_updated: created,
      direction: 'outbound-api',
      error_code: null,
      error_message: null,
      from: from || phoneNumber,
      messaging_service_sid: params.get('MessagingServiceSid'),
      num_media: '0',
      num_segments: String(Math.max(1, Math.ceil(body.length / 153))),
      price: null,
      price_unit: 'USD',
      sid: messageSid,
      status: 'queued',
      subresource_uris: {
        media: `/2010-04-01/Accounts/${accountSid}/Messages/${messageSid}/Media.json`,
      },
      to,
      uri: `/2010-04-01/Accounts/${accountSid}/Messages/${messageSid}.json`,
    };
  }

  return createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://twilio');
    const path = url.pathname;
    const method = req.method ?? 'GET';
    try {
      authenticate(req);
      const params =
        method === 'POST'
          ? new URLSearchParams((await readBody(req, MAX_REQUEST_BYTES)).toString('utf8'))
          : url.searchParams;

      const messages = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(path);
      if (messages && method === 'POST') {
        if (messages[1] !== accountSid) throw new TwilioError(401, 20003, 'Authenticate');
        return sendJson(res, 201, createMessage(params));
      }
      throw new TwilioError(404, 20404, `The requested resource ${path} was not found`);
    } catch (caught) {
      const error =
        caught instanceof TwilioError
          ? caught
          : caught instanceof BodyTooLargeError
            ? new TwilioError(413, 20001, 'Request too large')
            : new TwilioError(500, 20500, 'Internal Server Error');
      // Twilio's error body, whatever the error: code, message, more_info, status.
      sendJson(res, error.status, {
        code: error.code,
        message: error.message,
        more_info: `https://www.twilio.com/docs/errors/${error.code}`,
        status: error.status,
      });
    }
  });
}
