/**
 * Twilio's Programmable Messaging (send an SMS) over its REST API, configured only by env:
 * form-encoded bodies and Basic auth, as Twilio expects. Phone verification texts codes of our
 * own through it (docs/decisions/0011), so Verify is not called. Locally TWILIO_API_URL points
 * at the stack's Twilio (supabase/local/fakes/twilio).
 */
import { type EnvGetter, requiredFrom } from '../env.ts';
export type TwilioConfig = {
  accountSid: string;
  authToken: string;
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
  invalidToNumber: 21211,
  /** Messages: the To number cannot receive SMS (not a mobile number, or unreachable). */
  notMobile: 21614,
  unreachable: 21612,
} as const;

export type Message = { sid: string; to: string; from: string; body: string; status: string };

export function twilioConfigFromEnv(get: EnvGetter): TwilioConfig {
  const required = requiredFrom(get);
  return {
    accountSid: required('TWILIO_ACCOUNT_SID'),
    authToken: required('TWILIO_AUTH_TOKEN'),
    apiUrl: (get('TWILIO_API_URL') || 'https://api.twilio.com').replace(/\/+$/, ''),
    phoneNumber: get('TWILIO_PHONE_NUMBER') ?? '',
  };
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

  return {
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
