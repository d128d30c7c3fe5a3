import { env } from '@/config/env';

/**
 * Where integrators send requests: this deployment's edge functions, from VITE_SUPABASE_URL (the
 * hosted project's URL, or the local stack's with its port offset). One base URL for every page
 * and sample (landing page, /docs, the dashboard), so a snippet copied from the docs runs as is.
 */
export function apiBaseUrlOf(supabaseUrl: string): string {
  return `${supabaseUrl.replace(/\/+$/, '')}/functions/v1`;
}

export const API_BASE_URL = apiBaseUrlOf(env.supabaseUrl);
export const TASK_URL = `${API_BASE_URL}/task`;
export const MCP_URL = `${API_BASE_URL}/mcp`;
export const SMS_INBOUND_URL = `${API_BASE_URL}/sms-inbound`;
/** The local stack's address, whatever its port: the docs say more when they are served by it. */
export const IS_LOCAL_STACK = /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/.test(
  env.supabaseUrl.replace(/\/+$/, ''),
);
/** The call API's OpenAPI description, served by the app (vite.config.ts). */
export const OPENAPI_PATH = '/openapi.yaml';

/** The local Twilio's number (supabase/local/fakes/twilio/server.ts), never valid at Twilio. */
export const LOCAL_SMS_NUMBER = '+15005550006';
/**
 * The number integrators text to place a call: VITE_SMS_NUMBER (the deployment's Twilio number,
 * TWILIO_PHONE_NUMBER), the local Twilio's on the local stack, else unknown here.
 */
export const SMS_NUMBER: string | null =
  (import.meta.env.VITE_SMS_NUMBER as string | undefined) ||
  (IS_LOCAL_STACK ? LOCAL_SMS_NUMBER : null);
/** The local mailbox, where every SMS the stack sends lands: three ports above the API's. */
export const LOCAL_MAILBOX_URL = IS_LOCAL_STACK
  ? `http://127.0.0.1:${Number(new URL(env.supabaseUrl).port) + 3}`
  : null;
