// stripe-webhook: Stripe's signed events. The signature is checked on the raw body (a bad, stale
// or altered one → 400 and nothing recorded); paid Checkout Sessions are fulfilled by session id;
// every other event type gets a 2xx so Stripe stops sending it.
import { MissingSecret } from '../env.ts';
import { ServiceError } from '../errors.ts';
import { signatureAuth } from '../http/auth.ts';
import { createHandler, jsonResponse, readLimited } from '../http/handler.ts';
import {
  fulfilCheckoutSession,
  type CheckoutSessionLike,
  type ReceiptUrlOf,
  type RecordPurchase,
} from './fulfil.ts';

export type StripeEventLike = { id: string; type: string; data: { object: unknown } };

export type StripeWebhookDeps = {
  /** constructEventAsync: throws when the signature does not match or is too old. */
  verifyEvent: (rawBody: string, signature: string) => Promise<StripeEventLike>;
  recordPurchase: RecordPurchase;
  /** The receipt page of the session's charge (optional: tests may leave it out). */
  receiptUrlOf?: ReceiptUrlOf;
  log: (message: string) => void;
};

/** Stripe's events are a few kilobytes; a checkout session with many line items stays well under. */
const MAX_EVENT_BYTES = 1024 * 1024;

export const FULFILLING_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
]);

export function createStripeWebhookHandler(deps: StripeWebhookDeps) {
  const signedByStripe = signatureAuth(async (request) => {
    const signature = request.headers.get('Stripe-Signature');
    if (!signature)
      throw new ServiceError('missing_signature', 'The Stripe-Signature header is missing.');
    const rawBody = await readLimited(request, MAX_EVENT_BYTES, 'A Stripe event is under 1 MB.');
    try {
      return await deps.verifyEvent(rawBody, signature);
    } catch (error) {
      // No secret to check against: 503, so Stripe keeps the event and retries it later.
      if (error instanceof MissingSecret) throw error;
      const reason = ((error as Error).message ?? '').split('\n')[0];
      throw new ServiceError(
        'invalid_signature',
        `Webhook signature verification failed: ${reason}`,
      );
    }
  });

  return createHandler(
    {
      name: 'stripe-webhook',
      methods: ['POST'],
      methodNotAllowed: () => 'Stripe webhooks are POST requests.',
      auth: signedByStripe,
      cors: null,
      requestIdInErrorBody: false,
      // A database failure: a 500 makes Stripe retry later; the retry is safe (keyed by session).
      internalMessage: () => 'The event could not be recorded; Stripe will retry it.',
      log: deps.log,
    },
    async (_request, { caller }) => {
      const event = await caller();
      if (!FULFILLING_EVENTS.has(event.type)) return jsonResponse(200, { received: true });

      const session = event.data.object as CheckoutSessionLike;
      try {
        const result = await fulfilCheckoutSession(session, deps.recordPurchase, deps.receiptUrlOf);
        if (result.status === 'unusable') deps.log(`${event.id} (${session.id}): ${result.reason}`);
        return jsonResponse(200, { received: true, result: result.status });
      } catch (error) {
        deps.log(`${event.id} (${session.id}) failed: ${(error as Error).message}`);
        throw error;
      }
    },
  );
}
