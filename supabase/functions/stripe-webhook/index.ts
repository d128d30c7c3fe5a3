// Stripe's webhook endpoint (verify_jwt = false: Stripe signs, it has no Supabase JWT). Wiring only.
import { recordPurchaseWith } from '../_shared/billing/record-purchase.ts';
import { createStripeWebhookHandler } from '../_shared/billing/stripe-webhook.ts';
import { receiptUrlOfSession, verifyStripeEvent, webhookSecret } from '../_shared/stripe/client.ts';
import { adminDb } from '../_shared/db.ts';
import { serveConfigured } from '../_shared/http/serve-configured.ts';

serveConfigured('stripe-webhook', () => {
  return createStripeWebhookHandler({
    verifyEvent: (rawBody, signature) => verifyStripeEvent(rawBody, signature, webhookSecret()),
    recordPurchase: recordPurchaseWith(adminDb()),
    receiptUrlOf: receiptUrlOfSession,
    log: (message) => console.error(`[stripe-webhook] ${message}`),
  });
});
