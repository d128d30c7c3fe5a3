// Starts a Stripe Checkout for credits. Wiring only; logic in _shared/billing.
import { appUrlsFromEnv } from '../_shared/billing/env.ts';
import { createPaymentHandler } from '../_shared/billing/create-payment.ts';
import { stripeClient } from '../_shared/stripe/client.ts';
import { userFromToken } from '../_shared/db.ts';
import { serveConfigured } from '../_shared/http/serve-configured.ts';

serveConfigured('create-call-credits-payment', () => {
  return createPaymentHandler({
    userFromToken,
    createCheckoutSession: (params, idempotencyKey) =>
      stripeClient().checkout.sessions.create(params, { idempotencyKey }),
    ...appUrlsFromEnv(),
    newKey: () => crypto.randomUUID(),
    log: (message) => console.error(`[create-call-credits-payment] ${message}`),
  });
});
