// The secrets each part of the product needs, by the name /status gives the part. A part with one
// missing answers 503 `not_configured` (http/serve-configured.ts) and /status names it; the
// deploy refuses to start without every one (scripts/deploy).
import type { EnvGetter } from '../env.ts';

export const REQUIRED_SECRETS = {
  /**
   * Calls: the voice provider's key, and the SIP trunk verified caller IDs dial out through (an
   * account's first live call shows its verified phone through it).
   */
  voice_provider: ['VAPI_API_KEY', 'VAPI_CALLER_ID_CREDENTIAL_ID'],
  /** Credits by card: Checkout and its webhook. */
  payments: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
  /** Phone verification and calls by text message. */
  text_messages: [
    'TWILIO_ACCOUNT_SID',
    'TWILIO_AUTH_TOKEN',
    'TWILIO_PHONE_NUMBER',
    'SMS_WEBHOOK_URL',
  ],
  /** Where Checkout returns and e-mails link to. */
  app: ['SITE_URL'],
  /** The functions' queries, through the transaction pooler. */
  database: ['DB_POOLER_URL'],
} as const;

export type ConfiguredPart = keyof typeof REQUIRED_SECRETS;

/** Each part with a secret not set, and which (names only, never values). */
export function missingSecrets(get: EnvGetter): { part: ConfiguredPart; missing: string[] }[] {
  return (Object.entries(REQUIRED_SECRETS) as [ConfiguredPart, readonly string[]][])
    .map(([part, names]) => ({ part, missing: names.filter((name) => !get(name)) }))
    .filter((entry) => entry.missing.length > 0);
}
