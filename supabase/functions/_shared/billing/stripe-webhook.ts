// stripe-webhook: Stripe's signed events. The signature is checked on the raw body (a bad, stale
// or altered one → 400 and nothing recorded); paid Checkout Sessions are fulfilled by session id;
// every other event type gets a 2xx so Stripe stops sending it.
import { errorJson, json } from '../http/errors.ts';
import { fulfilCheckoutSession, type CheckoutSessionLike, type RecordPurchase } from './fulfil.ts';

export type StripeEventLike = { id: string; type: string; data: { object: unknown } };

export type StripeWebhookDeps = {
  /** constructEventAsync: throws when the signature does not match or is too old. */
  verifyEvent: (rawBody: string, signature: string) => Promise<StripeEventLike>;
  recordPurchase: RecordPurchase;
  log: (message: string) => void;
};

export const FULFILLING_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
]);

export function createStripeWebhookHandler(deps: StripeWebhookDeps) {
  return async (request: Request): Promise<Response> => {
    if (request.method !== 'POST')
      return errorJson(405, 'method_not_allowed', 'Stripe webhooks are POST requests.');
    const signature = request.headers.get('Stripe-Signature');
    if (!signature)
      return errorJson(400, 'missing_signature', 'The Stripe-Signature header is missing.');
    const rawBody = await request.text();

    let event: StripeEventLike;
    try {
      event = await deps.verifyEvent(rawBody, signature);
    } catch (error) {
      const reason = ((error as Error).message ?? '').split('\n')[0];
      return errorJson(
        400,
        'invalid_signature',
        `Webhook signature verification failed: ${reason}`,
      );
    }

    if (!FULFILLING_EVENTS.has(event.type)) return json(200, { received: true });

    const session = event.data.object as CheckoutSessionLike;
    try {
      const result = await fulfilCheckoutSession(session, deps.recordPurchase);
      if (result.status === 'unusable') deps.log(`${event.id} (${session.id}): ${result.reason}`);
      return json(200, { received: true, result: result.status });
    } catch (error) {
      // A database failure: a 500 makes Stripe retry later; the retry is safe (keyed by session).
      deps.log(`${event.id} (${session.id}) failed: ${(error as Error).message}`);
      return errorJson(500, 'internal', 'The event could not be recorded; Stripe will retry it.');
    }
  };
}
