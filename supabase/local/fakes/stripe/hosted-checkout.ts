import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from '../../http';
import { DECLINES, luhn } from './cards';
import { checkoutPage, receiptPage } from './checkout-page';
import { id } from './ids';
import { paymentIntentObject, type SessionState } from './objects';
import type { StripeStore } from './store';

/**
 * The hosted checkout at a session's `url`: GET shows the page, POST pays with the card typed in
 * (Stripe's test cards: 4242 4242 4242 4242 pays, the DECLINES cards are declined).
 */
export function createHostedCheckout({
  sessions,
  refresh,
  emit,
  publicSession,
  paymentIntentFor,
  charges,
  baseUrl,
  seconds,
}: StripeStore) {
  function html(res: ServerResponse, status: number, body: string) {
    res.writeHead(status, {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
    });
    res.end(body);
  }

  function redirect(res: ServerResponse, location: string) {
    res.writeHead(303, { Location: location, 'Cache-Control': 'no-store' });
    res.end();
  }

  const successLocation = (session: SessionState) =>
    session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', encodeURIComponent(session.id));

  /** The hosted page: GET shows it, POST pays with the card typed in. */
  async function page(req: IncomingMessage, res: ServerResponse, sessionId: string) {
    const session = sessions.get(sessionId);
    if (!session)
      return html(
        res,
        404,
        '<!doctype html><title>Not found</title><p>Something went wrong: this checkout page does not exist.</p>',
      );
    refresh(session);
    if (req.method === 'GET') return html(res, 200, checkoutPage(session));
    if (req.method !== 'POST') return html(res, 405, 'Method not allowed');
    const form = new URLSearchParams((await readBody(req, 16 * 1024)).toString('utf8'));
    if (session.status === 'complete') return redirect(res, successLocation(session));
    if (session.status !== 'open') return html(res, 410, checkoutPage(session));
    const cardNumber = form.get('card_number') ?? '';
    const digits = cardNumber.replace(/[\s-]/g, '');
    const retry = (error: string) => html(res, 402, checkoutPage(session, { error, cardNumber }));
    // Checked in the browser by Stripe.js before anything reaches Stripe: no event.
    if (!/^\d{13,19}$/.test(digits) || !luhn(digits))
      return retry('Your card number is incorrect.');
    const email = session.customer_email ?? form.get('email')?.trim() ?? null;
    if (!email) return retry('Your email address is incomplete.');
    const decline = DECLINES[digits];
    // Confirming creates the session's PaymentIntent (once); a declined card fails it, and the
    // session stays open for another card.
    const intent = paymentIntentFor(session, email);
    intent.payment_method = id('pm_1');
    if (decline) {
      intent.failure = decline;
      intent.status = 'requires_payment_method';
      emit('payment_intent.payment_failed', paymentIntentObject(intent));
      return retry(decline.message);
    }
    intent.failure = null;
    intent.status = 'succeeded';
    intent.latest_charge = id('ch_3');
    charges.set(intent.latest_charge, {
      id: intent.latest_charge,
      amount: intent.amount,
      currency: intent.currency,
      created: seconds(),
      payment_intent: intent.id,
      payment_method: intent.payment_method,
      receipt_email: email,
      receipt_url: `${baseUrl}/receipts/${intent.latest_charge}`,
    });
    emit('payment_intent.succeeded', paymentIntentObject(intent));
    session.status = 'complete';
    session.payment_status = 'paid';
    session.customer_details = { email, name: form.get('name')?.trim() || null };
    session.url = null;
    emit('checkout.session.completed', publicSession(session));
    redirect(res, successLocation(session));
  }

  /** The receipt Stripe hosts for a charge (its `receipt_url`). */
  function receipt(res: ServerResponse, chargeId: string) {
    const charge = charges.get(chargeId);
    if (!charge)
      return html(res, 404, '<!doctype html><title>Not found</title><p>No such receipt.</p>');
    return html(res, 200, receiptPage(charge));
  }

  return { page, receipt };
}
