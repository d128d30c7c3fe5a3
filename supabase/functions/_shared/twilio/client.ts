/**
 * Twilio over its REST API, configured only by env: Verify v2 (send and check one-time codes) and
 * Programmable Messaging (send an SMS). Form-encoded bodies and Basic auth, as Twilio expects.
 * Locally TWILIO_VERIFY_URL and TWILIO_API_URL point at the stack's fake (supabase/local/fakes).
 */
export type TwilioConfig = {
  accountSid: string;
  authToken: string;
  verifyServiceSid: string;
  /** Verify's base URL (https://verify.twilio.com). */
  verifyUrl: string;
  /** The REST API's base URL for Messages (https://api.twilio.com). */
  apiUrl: string;
  /** The number SMS are sent from (E.164). */
  phoneNumber: string;
};

/** Twilio's error answer: `{ code, message, more_info, status }`. */
export class TwilioApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | null,
    message: string,
  ) {
    super(message);
    this.name = 'TwilioApiError';
  }
}

/** Twilio error codes the product reacts to. */
export const TWILIO_ERRORS = {
  authenticate: 20003,
  notFound: 20404,
  invalidParameter: 60200,
  maxCheckAttempts: 60202,
  maxSendAttempts: 60203,
  invalidToNumber: 21211,
  /** Messages: the To number cannot receive SMS (not a mobile number, or unreachable). */
  notMobile: 21614,
  unreachable: 21612,
} as const;

export type VerificationStatus =
  'pending' | 'approved' | 'canceled' | 'max_attempts_reached' | 'deleted' | 'failed' | 'expired';

export type Verification = { sid: string; to: string; status: VerificationStatus; valid: boolean };
export type Message = { sid: string; to: string; from: string; body: string; status: string };

export function twilioConfigFromEnv(get: (name: string) => string | undefined): TwilioConfig {
  const required = (name: string) => {
    const value = get(name);
    if (!value) throw new Error(`${name} is not set`);
    return value;
  };
  return {
    accountSid: required('TWILIO_ACCOUNT_SID'),
    authToken: required('TWILIO_AUTH_TOKEN'),
    verifyServiceSid: required('TWILIO_VERIFY_SERVICE_SID'),
    verifyUrl: (get('TWILIO_VERIFY_URL') || 'https://verify.twilio.com').replace(/\/+$/, ''),
    apiUrl: (get('TWILIO_API_URL') || 'https://api.twilio.com').replace(/\/+$/, ''),
    phoneNumber: get('TWILIO_PHONE_NUMBER') ?? '',
  };
}

/** For functions that only send messages: Verify's service id is not needed there. */
export function twilioMessagingConfigFromEnv(
  get: (name: string) => string | undefined,
): TwilioConfig {
  return twilioConfigFromEnv((name) => (name === 'TWILIO_VERIFY_SERVICE_SID' ? '-' : get(name)));
}

export function createTwilioClient(config: TwilioConfig, fetchFn: typeof fetch = fetch) {
  const authorization = `Basic ${btoa(`${config.accountSid}:${config.authToken}`)}`;

  async function post<T>(url: string, form: Record<string, string>): Promise<T> {
    const response = await fetchFn(url, {
      method: 'POST',
      headers: {
        Authorization: authorization,
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
      },
      body: new URLSearchParams(form).toString(),
    });
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    if (!response.ok) {
      const error = (body ?? {}) as { code?: unknown; message?: unknown };
      throw new TwilioApiError(
        response.status,
        typeof error.code === 'number' ? error.code : null,
        typeof error.message === 'string' ? error.message : `Twilio answered ${response.status}`,
      );
    }
    return body as T;
  }

  const service = `${config.verifyUrl}/v2/Services/${encodeURIComponent(config.verifyServiceSid)}`;

  return {
    verify: {
      /** Sends a code by SMS (a resend while a code is pending sends the same code). */
      start: (to: string) =>
        post<Verification>(`${service}/Verifications`, { To: to, Channel: 'sms' }),
      /** Checks a code: `status` is 'approved' when right, 'pending' when wrong. */
      check: (to: string, code: string) =>
        post<Verification>(`${service}/VerificationCheck`, { To: to, Code: code }),
      /** Cancels a pending verification, so the next send to its number starts a new one. */
      cancel: (sid: string) =>
        post<Verification>(`${service}/Verifications/${encodeURIComponent(sid)}`, {
          Status: 'canceled',
        }),
    },
    messages: {
      /** Sends an SMS from TWILIO_PHONE_NUMBER (or `from`). */
      create: (message: { to: string; body: string; from?: string }) =>
        post<Message>(
          `${config.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`,
          { To: message.to, From: message.from ?? config.phoneNumber, Body: message.body },
        ),
    },
  };
}
export type TwilioClient = ReturnType<typeof createTwilioClient>;
