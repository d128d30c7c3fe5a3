import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { BodyTooLargeError, readBody, sendJson } from '../../http';
import type { MailStore } from '../../mailbox';

/**
 * The local Twilio: Verify v2 (`Verifications`, `VerificationCheck`, fetch and update of a
 * verification) and Programmable Messaging (`Messages.json`), with Twilio's form bodies, Basic
 * auth, JSON shapes and error codes. Every SMS (a code or a message) lands in the mailbox.
 * Differences from Twilio are listed in supabase/local/README.md.
 */

/** The local well-known values, like the Supabase demo keys (never valid at Twilio). */
export const TWILIO_LOCAL = {
  accountSid: 'AC00000000000000000000000000000000',
  authToken: 'dialwise_local_twilio_auth_token',
  verifyServiceSid: 'VA00000000000000000000000000000000',
  phoneNumber: '+15005550006',
} as const;

export type TwilioFakeOptions = {
  mail: MailStore;
  accountSid?: string;
  authToken?: string;
  verifyServiceSid?: string;
  phoneNumber?: string;
  /** Milliseconds since the epoch; injectable so expiry can be tested without waiting. */
  now?: () => number;
};

const CODE_LENGTH = 5;
const VERIFICATION_TTL_MS = 10 * 60_000;
const MAX_SEND_ATTEMPTS = 5;
const MAX_CHECK_ATTEMPTS = 5;
const MAX_BODY_CHARS = 1600;
const E164 = /^\+[1-9]\d{6,14}$/;

type Verification = {
  sid: string;
  to: string;
  code: string;
  status: 'pending' | 'approved' | 'canceled' | 'max_attempts_reached' | 'expired';
  createdAt: number;
  updatedAt: number;
  expiresAt: number;
  sendAttempts: { attempt_sid: string; channel: 'sms'; time: string }[];
  checkAttempts: number;
};

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

/** What the edge functions get locally (overridable in supabase/functions/.env). */
export function twilioFunctionEnv(port: number): Record<string, string> {
  const url = `http://127.0.0.1:${port}`;
  return {
    TWILIO_ACCOUNT_SID: TWILIO_LOCAL.accountSid,
    TWILIO_AUTH_TOKEN: TWILIO_LOCAL.authToken,
    TWILIO_VERIFY_SERVICE_SID: TWILIO_LOCAL.verifyServiceSid,
    TWILIO_VERIFY_URL: url,
    TWILIO_API_URL: url,
    TWILIO_PHONE_NUMBER: TWILIO_LOCAL.phoneNumber,
  };
}

export function createTwilioFake(options: TwilioFakeOptions): Server {
  const accountSid = options.accountSid ?? TWILIO_LOCAL.accountSid;
  const authToken = options.authToken ?? TWILIO_LOCAL.authToken;
  const serviceSid = options.verifyServiceSid ?? TWILIO_LOCAL.verifyServiceSid;
  const phoneNumber = options.phoneNumber ?? TWILIO_LOCAL.phoneNumber;
  const now = options.now ?? Date.now;
  const verifications = new Map<string, Verification>();

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

  /** The live verification of a number, after expiring what is past its life. */
  function pendingFor(to: string): Verification | undefined {
    for (const v of verifications.values()) {
      if (v.to !== to || v.status !== 'pending') continue;
      if (v.expiresAt <= now()) {
        v.status = 'expired';
        continue;
      }
      return v;
    }
    return undefined;
  }

  const verificationJson = (v: Verification) => ({
    sid: v.sid,
    service_sid: serviceSid,
    account_sid: accountSid,
    to: v.to,
    channel: 'sms',
    status: v.status,
    valid: v.status === 'approved',
    lookup: { carrier: null },
    amount: null,
    payee: null,
    send_code_attempts: v.sendAttempts,
    date_created: new Date(v.createdAt).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    date_updated: new Date(v.updatedAt).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    sna: null,
    url: `https://verify.twilio.com/v2/Services/${serviceSid}/Verifications/${v.sid}`,
  });

  const checkJson = (v: Verification) => {
    const { lookup: _l, send_code_attempts: _s, sna: _n, url: _u, ...rest } = verificationJson(v);
    return { ...rest, sna_attempts_error_codes: [] };
  };

  function sendCode(v: Verification) {
    v.sendAttempts.push({
      attempt_sid: sid('VL'),
      channel: 'sms',
      time: new Date(now()).toISOString(),
    });
    v.updatedAt = now();
    options.mail.deliverSms({
      from: phoneNumber,
      to: v.to,
      body: `Your Dialwise verification code is: ${v.code}`,
    });
  }

  function startVerification(params: URLSearchParams) {
    const to = params.get('To') ?? '';
    const channel = params.get('Channel') ?? '';
    if (!to) throw new TwilioError(400, 60200, 'Invalid parameter `To`: ');
    if (channel !== 'sms')
      throw new TwilioError(400, 60200, `Invalid parameter \`Channel\`: ${channel}`);
    if (!validNumber(to)) throw new TwilioError(400, 60200, `Invalid parameter \`To\`: ${to}`);
    const existing = pendingFor(to);
    if (existing) {
      if (existing.sendAttempts.length >= MAX_SEND_ATTEMPTS)
        throw new TwilioError(429, 60203, 'Max send attempts reached');
      sendCode(existing);
      return existing;
    }
    const created = now();
    const v: Verification = {
      sid: sid('VE'),
      to,
      code: String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0'),
      status: 'pending',
      createdAt: created,
      updatedAt: created,
      expiresAt: created + VERIFICATION_TTL_MS,
      sendAttempts: [],
      checkAttempts: 0,
    };
    verifications.set(v.sid, v);
    sendCode(v);
    return v;
  }

  function checkVerification(params: URLSearchParams, path: string) {
    const code = params.get('Code') ?? '';
    const to = params.get('To') ?? '';
    const verificationSid = params.get('VerificationSid') ?? '';
    if (!code) throw new TwilioError(400, 60200, 'Invalid parameter `Code`: ');
    if (!to && !verificationSid)
      throw new TwilioError(400, 60200, 'Either a `To` or `VerificationSid` must be specified');
    const bySid = verifications.get(verificationSid);
    const v = verificationSid
      ? bySid && pendingFor(bySid.to) === bySid
        ? bySid
        : undefined
      : pendingFor(to);
    if (!v) throw new TwilioError(404, 20404, `The requested resource ${path} was not found`);
    if (v.checkAttempts >= MAX_CHECK_ATTEMPTS) {
      v.status = 'max_attempts_reached';
      throw new TwilioError(429, 60202, 'Max check attempts reached');
    }
    v.checkAttempts += 1;
    v.updatedAt = now();
    if (safeEqual(code, v.code)) v.status = 'approved';
    return v;
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
          ? new URLSearchParams((await readBody(req, 1_000_000)).toString('utf8'))
          : url.searchParams;

      const service = /^\/v2\/Services\/([^/]+)(\/.*)$/.exec(path);
      if (service) {
        if (service[1] !== serviceSid)
          throw new TwilioError(404, 20404, `The requested resource ${path} was not found`);
        const rest = service[2]!;
        if (method === 'POST' && rest === '/Verifications')
          return sendJson(res, 201, verificationJson(startVerification(params)));
        if (method === 'POST' && rest === '/VerificationCheck')
          return sendJson(res, 200, checkJson(checkVerification(params, path.slice(3))));
        const one = /^\/Verifications\/([^/]+)$/.exec(rest);
        if (one) {
          const v = verifications.get(one[1]!);
          if (!v || (v.status === 'pending' && pendingFor(v.to) !== v))
            throw new TwilioError(404, 20404, `The requested resource ${path} was not found`);
          if (method === 'GET') return sendJson(res, 200, verificationJson(v));
          if (method === 'POST') {
            const status = params.get('Status');
            if (status !== 'canceled' && status !== 'approved')
              throw new TwilioError(400, 60200, `Invalid parameter \`Status\`: ${status ?? ''}`);
            if (v.status !== 'pending')
              throw new TwilioError(404, 20404, `The requested resource ${path} was not found`);
            v.status = status;
            v.updatedAt = now();
            return sendJson(res, 200, verificationJson(v));
          }
        }
      }

      const messages = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(path);
      if (messages && method === 'POST') {
        if (messages[1] !== accountSid) throw new TwilioError(401, 20003, 'Authenticate');
        return sendJson(res, 201, createMessage(params));
      }
      throw new TwilioError(404, 20404, `The requested resource ${path} was not found`);
    } catch (error) {
      if (error instanceof TwilioError) {
        return sendJson(res, error.status, {
          code: error.code,
          message: error.message,
          more_info: `https://www.twilio.com/docs/errors/${error.code}`,
          status: error.status,
        });
      }
      if (error instanceof BodyTooLargeError)
        return sendJson(res, 413, { code: 20001, message: 'Request too large', status: 413 });
      sendJson(res, 500, { code: 20500, message: 'Internal Server Error', status: 500 });
    }
  });
}
