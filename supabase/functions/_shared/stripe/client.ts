// The one Stripe client of the functions: the official SDK with a pinned API version and the fetch
// HTTP client, configured only by env. STRIPE_API_URL (unset in production) points it elsewhere,
// e.g. at the local Stripe (supabase/local/fakes/stripe).
import { requireEnv } from '../env.ts';
import Stripe from 'npm:stripe@23.1.0';

export { Stripe };
export const STRIPE_API_VERSION = '2026-10-28.endive';

/** `http://127.0.0.1:54330` → the SDK's host, port and protocol settings. */
export function stripeHostConfig(apiUrl: string | undefined) {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? ('http' as const) : ('https' as const);
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
}

let client: Stripe | null = null;

export function stripeClient(): Stripe {
  client ??= new Stripe(requireEnv('STRIPE_SECRET_KEY'), {
    apiVersion: STRIPE_API_VERSION,
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...stripeHostConfig(Deno.env.get('STRIPE_API_URL')),
  });
  return client;
}

export const webhookSecret = () => requireEnv('STRIPE_WEBHOOK_SECRET');

const cryptoProvider = Stripe.createSubtleCryptoProvider();

/** Verifies `Stripe-Signature` over the raw body (default 300 s tolerance) and parses the event. */
export function verifyStripeEvent(rawBody: string, signature: string, secret: string) {
  return stripeClient().webhooks.constructEventAsync(
    rawBody,
    signature,
    secret,
    undefined,
    cryptoProvider,
  );
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** The receipt page of a Checkout Session's charge (its PaymentIntent's latest charge), or null. */
export async function receiptUrlOfSession(session: {
  payment_intent?: string | { id: string } | null;
}): Promise<string | null> {
  const intentId = idOf(session.payment_intent);
  if (!intentId) return null;
  const intent = await stripeClient().paymentIntents.retrieve(intentId);
  const chargeId = idOf(intent.latest_charge);
  if (!chargeId) return null;
  return (await stripeClient().charges.retrieve(chargeId)).receipt_url ?? null;
}
