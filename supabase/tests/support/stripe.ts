import {
  LOCAL_STRIPE_SECRET_KEY,
  LOCAL_STRIPE_WEBHOOK_SECRET,
  signStripePayload,
} from '@dialwise/local-stack';
import { apiUrl, TEST_PORTS } from './stack';

/** The integration stack's local Stripe, called the way Stripe's API and a shopper's browser are. */
export const stripeUrl = `http://127.0.0.1:${TEST_PORTS.stripe}`;
export const webhookUrl = `${apiUrl}/functions/v1/stripe-webhook`;

export async function stripeApi<T = Record<string, unknown>>(path: string): Promise<T> {
  const response = await fetch(`${stripeUrl}${path}`, {
    headers: { Authorization: `Bearer ${LOCAL_STRIPE_SECRET_KEY}` },
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Submits the hosted checkout page's form, as the browser does. */
export function payOnCheckoutPage(checkoutUrl: string, cardNumber = '4242 4242 4242 4242') {
  return fetch(checkoutUrl, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card_number: cardNumber, expiry: '12 / 34', cvc: '123' }),
  });
}

export function sendWebhook(
  payload: string,
  options: { secret?: string; timestamp?: number; signature?: string } = {},
) {
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  return fetch(webhookUrl, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Stripe-Signature':
        options.signature ??
        signStripePayload(payload, options.secret ?? LOCAL_STRIPE_WEBHOOK_SECRET, timestamp),
    },
    body: payload,
  });
}

export type SessionObject = {
  id: string;
  object: 'checkout.session';
  amount_total: number;
  currency: string;
  mode: string;
  status: string;
  payment_status: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string | null;
  url: string | null;
};

export type EventObject = { id: string; type: string; data: { object: SessionObject } };

/** An event of Stripe's shape around a session, for deliveries the test signs itself. */
export function eventFor(
  type: string,
  session: SessionObject,
  id = `evt_test_${crypto.randomUUID()}`,
) {
  return JSON.stringify({
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    data: { object: session },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  });
}
