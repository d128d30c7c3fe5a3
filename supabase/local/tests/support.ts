import { randomUUID } from 'node:crypto';
import { LOCAL_STRIPE_SECRET_KEY, PUBLISHABLE_KEY, SECRET_KEY } from '../config';
import { stackPortEnv, stackPorts } from '../ports';

/**
 * The stack these tests talk to: the integration stack, on its own block of ports (ports.ts),
 * which the project's integration run starts (with the project's options) before any test file.
 */
export const TEST_PORTS = stackPorts('integration');
export const INTEGRATION_STACK_ENV = stackPortEnv('integration');

export const apiUrl = `http://127.0.0.1:${TEST_PORTS.api}`;
export const mailboxUrl = `http://127.0.0.1:${TEST_PORTS.mailbox}`;
/** As `postgres`, the project's role (not a superuser). */
export const dbUrl = `postgresql://postgres:postgres@127.0.0.1:${TEST_PORTS.db}/postgres`;
/** As `supabase_admin`, the cluster's superuser. */
export const adminDbUrl = `postgresql://supabase_admin:postgres@127.0.0.1:${TEST_PORTS.db}/postgres`;
export const publishableKey = PUBLISHABLE_KEY;
export const secretKey = SECRET_KEY;

/** A new address for every call, so tests never meet each other's users. */
export const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;

/** The local Stripe, called the way Stripe's API and a shopper's browser are. */
export const stripeUrl = `http://127.0.0.1:${TEST_PORTS.stripe}`;

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
