// The return from checkout: confirms a session and records it if paid. Wiring only.
import { createConfirmPaymentHandler } from '../_shared/billing/confirm-payment.ts';
import { recordPurchaseWith } from '../_shared/billing/record-purchase.ts';
import { receiptUrlOfSession, stripeClient } from '../_shared/stripe/client.ts';
import { adminDb, userFromToken } from '../_shared/db.ts';
import { serveConfigured } from '../_shared/http/serve-configured.ts';

serveConfigured('confirm-call-credits-payment', () => {
  return createConfirmPaymentHandler({
    userFromToken,
    retrieveCheckoutSession: async (id) => {
      try {
        return await stripeClient().checkout.sessions.retrieve(id);
      } catch (error) {
        if ((error as { code?: string }).code === 'resource_missing') return null;
        throw error;
      }
    },
    recordPurchase: recordPurchaseWith(adminDb()),
    receiptUrlOf: receiptUrlOfSession,
    log: (message) => console.error(`[confirm-call-credits-payment] ${message}`),
  });
});
