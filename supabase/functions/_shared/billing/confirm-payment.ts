// The return from checkout: the app sends the session id it came back with; we retrieve the session
// from Stripe and record it through the same idempotent path as the webhook, so credits show at
// once even when the webhook is late. Only the session's own user may confirm it.
import { errorJson, json, postHandler, readJsonObject as readJsonBody } from '../http/errors.ts';
import { requireUser } from '../http/signed-in.ts';
import { logTo } from './log.ts';
import {
  fulfilCheckoutSession,
  sessionUserId,
  type CheckoutSessionLike,
  type RecordPurchase,
} from './fulfil.ts';

export type ConfirmPaymentDeps = {
  userFromToken: (token: string) => Promise<{ id: string } | null>;
  /** The session from Stripe, or null when Stripe has no such session. */
  retrieveCheckoutSession: (id: string) => Promise<CheckoutSessionLike | null>;
  recordPurchase: RecordPurchase;
  log: (message: string) => void;
};

const SESSION_ID = /^cs_(test|live)_[A-Za-z0-9]{1,250}$/;

export function createConfirmPaymentHandler(deps: ConfirmPaymentDeps) {
  return postHandler(async (request) => {
    const user = await requireUser(request, deps.userFromToken, 'Sign in to confirm a payment.');

    const body = await readJsonBody(request).catch(() => null);
    const sessionId = body?.session_id;
    if (typeof sessionId !== 'string' || !SESSION_ID.test(sessionId))
      return errorJson(400, 'invalid_request', 'session_id must be a Checkout Session id (cs_…).');

    let session: CheckoutSessionLike | null;
    try {
      session = await deps.retrieveCheckoutSession(sessionId);
    } catch (error) {
      deps.log(`retrieving ${sessionId} failed: ${(error as Error).message}`);
      return errorJson(
        502,
        'payment_provider_error',
        'The payment provider could not be reached. Please try again.',
      );
    }
    // Another user's session looks exactly like a missing one.
    if (!session || sessionUserId(session) !== user.id)
      return errorJson(404, 'not_found', 'No such checkout session.');

    const result = await fulfilCheckoutSession(session, deps.recordPurchase);
    const paid = result.status === 'credited' || result.status === 'already_credited';
    return json(200, {
      session_id: session.id,
      status: session.status ?? null,
      payment_status: session.payment_status ?? null,
      amount: typeof session.amount_total === 'number' ? session.amount_total / 100 : null,
      credited: paid,
    });
  }, logTo(deps.log));
}
