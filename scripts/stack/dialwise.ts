import pg from 'pg';
import type { StackOptions } from '@dialwise/local-stack';

/**
 * What Dialwise adds to the local stack (@dialwise/local-stack knows nothing of our functions or
 * tables): our functions' settings for the local providers, where the providers deliver, the
 * test stacks' calling clock and provider lines (the dispatch schedule comes from the migrations). Every stack we
 * start (`npm run dev`, the test stacks, the benchmarks) starts with these, read from the
 * environment when called (test set-ups set STACK_* variables just before starting).
 */
export const dialwiseStack = (): StackOptions => ({
  functionEnv: ({ config, providers, functionUrl }) => ({
    // Allows plain-http webhooks to loopback and private addresses (never on hosted projects).
    DIALWISE_LOCAL_STACK: '1',
    VAPI_API_URL: providers.vapi.url,
    VAPI_API_KEY: providers.vapi.apiKey,
    VAPI_CALLER_ID_CREDENTIAL_ID: providers.vapi.callerIdCredentialId,
    ELEVENLABS_API_URL: providers.elevenlabs.url,
    ELEVENLABS_API_KEY: providers.elevenlabs.apiKey,
    TWILIO_ACCOUNT_SID: providers.twilio.accountSid,
    TWILIO_AUTH_TOKEN: providers.twilio.authToken,
    TWILIO_API_URL: providers.twilio.url,
    TWILIO_PHONE_NUMBER: providers.twilio.phoneNumber,
    STRIPE_SECRET_KEY: providers.stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: providers.stripe.webhookSecret,
    STRIPE_API_URL: providers.stripe.url,
    // Where Stripe Checkout returns (create-call-credits-payment): the auth settings.
    SITE_URL: config.auth.siteUrl,
    ADDITIONAL_REDIRECT_URLS: config.auth.additionalRedirectUrls.join(','),
    // Twilio signs inbound SMS over this public URL.
    SMS_WEBHOOK_URL: functionUrl('sms-inbound'),
  }),
  webhooks: { stripe: 'stripe-webhook', sms: 'sms-inbound' },
  prepareDatabase: async (databaseUrl, log) => {
    await setCallingClock(databaseUrl, process.env.STACK_CALLING_CLOCK, log);
    await setProviderLines(databaseUrl, process.env.STACK_VOICE_MAX_CONCURRENT_CALLS);
  },
});

/**
 * STACK_VOICE_MAX_CONCURRENT_CALLS (the simulated network's lines) is also written where SQL gives
 * out the platform's lines, once at start; the functions write VOICE_MAX_CONCURRENT_CALLS on every
 * dispatch run only when their env has it, as hosted, so a test may narrow the pool for a while.
 */
async function setProviderLines(databaseUrl: string, setting: string | undefined) {
  if (!setting) return;
  const lines = Number(setting);
  if (!Number.isInteger(lines) || lines < 1)
    throw new Error(
      `STACK_VOICE_MAX_CONCURRENT_CALLS must be a whole number from 1, got "${setting}"`,
    );
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('select public.provider_lines_configure($1)', [lines]);
  } finally {
    await client.end();
  }
}

/**
 * STACK_CALLING_CLOCK="12:00 America/Los_Angeles" makes calling windows judge time as if the stack
 * had started at that local time (test stacks, so a call test behaves the same at 3 am); unset,
 * windows follow the real clock, as hosted.
 */
async function setCallingClock(
  databaseUrl: string,
  setting: string | undefined,
  log: (line: string) => void,
) {
  const match = setting ? /^(\d{2}:\d{2}) (\S+)$/.exec(setting) : null;
  if (setting && !match)
    throw new Error(
      `STACK_CALLING_CLOCK must look like "12:00 America/Los_Angeles", got "${setting}"`,
    );
  // As postgres, the table's owner: no API role may move the calling clock.
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    if (!match) {
      await client.query('delete from private.calling_clock');
      return;
    }
    await client.query(
      `insert into private.calling_clock (shift)
       select (((now() at time zone $2)::date + $1::time) at time zone $2) - now()
       on conflict (id) do update set shift = excluded.shift`,
      [match[1], match[2]],
    );
    log(`Calling windows judge time as if it were ${match[1]} in ${match[2]} at start`);
  } finally {
    await client.end();
  }
}
