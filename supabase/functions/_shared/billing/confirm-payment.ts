// The return from checkout: the app sends the session id it came back with; we retrieve the session
// from Stripe and record it through the same idempotent path as the webhook, so credits show at
// once even when the webhook is late. Only the session's own user may confirm it.
import { ServiceError } from '../errors.ts';
import { sessionAuth } from '../http/auth.ts';
import { jsonResponse } from '../http/handler.ts';
import { browserPost } from '../http/browser-post.ts';
import {
  fulfilCheckoutSession,
  sessionUserId,
  type CheckoutSessionLike,
  type ReceiptUrlOf,
  type RecordPurchase,
} from './fulfil.ts';

export type ConfirmPaymentDeps = {
  userFromToken: (token: string) => Promise<{ id: string } | null>;
  /** The session from Stripe, or null when Stripe has no such session. */
  retrieveCheckoutSession: (id: string) => Promise<CheckoutSessionLike | null>;
  recordPurchase: RecordPurchase;
  /** The receipt page of the session's charge (optional: tests may leave it out). */
  receiptUrlOf?: ReceiptUrlOf;
  log: (message: string) => void;
};

const SESSION_ID = /^cs_(test|live)_[A-Za-z0-9]{1,250}$/;

export function createConfirmPaymentHandler(deps: ConfirmPaymentDeps) {
  const auth = sessionAuth(deps.userFromToken, 'Sign in to confirm a payment.');
  return browserPost(
    'confirm-call-credits-payment',
    auth,
    deps.log,
    async (_request, { caller, jsonObject }) => {
      const { user } = await caller();

      const body = await jsonObject().catch(() => null);
      const sessionId = body?.session_id;
      if (typeof sessionId !== 'string' || !SESSION_ID.test(sessionId))
        throw new ServiceError(
          'invalid_request',
          'session_id must be a Checkout Session id (cs_…).',
        );

      let session: CheckoutSessionLike | null;
      try {
        session = await deps.retrieveCheckoutSession(sessionId);
      } catch (error) {
        deps.log(`retrieving ${sessionId} failed: ${(error as Error).message}`);
        throw new ServiceError(
          'payment_provider_error',
          'The payment provider could not be reached. Please try again.',
        );
      }
      // Another user's session looks exactly like a missing one.
      if (!session || sessionUserId(session) !== user.id)
        throw new ServiceError('not_found', 'No such checkout session.');

      const result = await fulfilCheckoutSession(session, deps.recordPurchase, deps.receiptUrlOf);
      const paid = result.status === 'credited' || result.status === 'already_credited';
      return jsonResponse(200, {
        session_id: session.id,
        status: session.status ?? null,
        payment_status: session.payment_status ?? null,
        amount: typeof session.amount_total === 'number' ? session.amount_total / 100 : null,
        credited: paid,
      });
    },
  );
}
