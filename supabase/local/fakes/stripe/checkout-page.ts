import { DECLINES } from './cards';
import type { ChargeState, SessionState } from './objects';

const escape = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export const formatAmount = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
    cents / 100,
  );

/**
 * The hosted checkout page at a session's `url`: what was bought and for how much, the e-mail,
 * a card number prefilled with Stripe's success test card, 'Pay $25.00', and a 'Cancel' link back
 * to `cancel_url`, and the test cards it takes (one that pays, the DECLINES ones declined).
 */
export function checkoutPage(
  session: SessionState,
  options: { error?: string; cardNumber?: string } = {},
): string {
  const total = formatAmount(session.amount_total, session.currency);
  const items = session.line_items
    .map(
      (item) =>
        `<li><span>${escape(item.name)}${item.quantity > 1 ? ` × ${item.quantity}` : ''}</span><span>${formatAmount(item.unit_amount * item.quantity, session.currency)}</span></li>`,
    )
    .join('');
  const open = session.status === 'open';
  const email = session.customer_email ?? session.customer_details?.email ?? '';
  const body = open
    ? `<form method="post" action="/c/pay/${escape(session.id)}">
        <label for="email">Email</label>
        <input id="email" name="email" type="email" value="${escape(email)}" ${session.customer_email ? 'readonly' : 'required'}>
        <label for="card_number">Card number</label>
        <input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" value="${escape(options.cardNumber ?? '4242 4242 4242 4242')}" required>
        <div class="row">
          <div><label for="expiry">Expiry</label><input id="expiry" name="expiry" value="12 / 34" required></div>
          <div><label for="cvc">CVC</label><input id="cvc" name="cvc" value="123" required></div>
        </div>
        ${options.error ? `<p class="error" role="alert">${escape(options.error)}</p>` : ''}
        <button type="submit">Pay ${escape(total)}</button>
      </form>
      ${session.cancel_url ? `<a class="cancel" href="${escape(session.cancel_url)}">Cancel</a>` : ''}
      ${testCards()}`
    : `<p role="alert">${session.status === 'complete' ? 'This payment is already complete.' : 'This Checkout Session is no longer active.'}</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Checkout – ${escape(total)}</title>
<link rel="icon" href="data:,">
<style>
  body { font-family: system-ui, sans-serif; background: #f6f9fc; color: #1a1f36; margin: 0; }
  main { max-width: 420px; margin: 48px auto; background: #fff; border-radius: 8px; padding: 32px; box-shadow: 0 2px 8px rgba(0,0,0,.08); }
  .badge { display: inline-block; font-size: 12px; background: #ffde92; border-radius: 4px; padding: 2px 6px; }
  ul { list-style: none; padding: 0; } li { display: flex; justify-content: space-between; padding: 4px 0; }
  .total { font-size: 28px; font-weight: 600; margin: 4px 0 16px; }
  label { display: block; font-size: 14px; margin: 12px 0 4px; }
  input { width: 100%; box-sizing: border-box; padding: 10px; border: 1px solid #d0d5dd; border-radius: 6px; font-size: 16px; }
  .row { display: flex; gap: 12px; } .row > div { flex: 1; }
  button { margin-top: 20px; width: 100%; padding: 12px; border: 0; border-radius: 6px; background: #635bff; color: #fff; font-size: 16px; font-weight: 600; cursor: pointer; }
  .error { color: #b42318; margin: 12px 0 0; }
  .cancel { display: block; margin-top: 16px; text-align: center; color: #635bff; }
  .cards { margin-top: 24px; font-size: 14px; } .cards li { gap: 12px; } code { font-size: 13px; }
</style>
</head>
<body>
<main>
  <span class="badge">Test mode (local Stripe)</span>
  <h1>Pay Dialwise</h1>
  <ul>${items}</ul>
  <p class="total">${escape(total)}</p>
  ${body}
</main>
</body>
</html>`;
}

const spaced = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

/** Stripe's test cards this page takes, so a tester can try a decline without looking it up. */
function testCards(): string {
  const declines = Object.entries(DECLINES)
    .map(
      ([digits, decline]) =>
        `<li><code>${spaced(digits)}</code><span>declined: ${escape(decline.message)}</span></li>`,
    )
    .join('');
  return `<section class="cards" aria-label="Test cards">
        <h2>Test cards</h2>
        <ul><li><code>4242 4242 4242 4242</code><span>pays</span></li>${declines}</ul>
        <p>Any future expiry, any CVC.</p>
      </section>`;
}

/** The receipt page of a charge (Stripe hosts one at each charge's `receipt_url`). */
export function receiptPage(charge: ChargeState): string {
  const total = formatAmount(charge.amount, charge.currency);
  const paid = new Date(charge.created * 1000).toISOString().slice(0, 10);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Receipt from Dialwise</title>
<link rel="icon" href="data:,">
<style>
  body { font-family: system-ui, sans-serif; background: #f6f9fc; color: #1a1f36; margin: 0; }
  main { max-width: 420px; margin: 48px auto; background: #fff; border-radius: 8px; padding: 32px; box-shadow: 0 2px 8px rgba(0,0,0,.08); }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 8px 16px; } dt { color: #697386; }
</style>
</head>
<body>
<main>
  <h1>Receipt from Dialwise</h1>
  <p class="total">${escape(total)} paid on ${paid}</p>
  <dl>
    <dt>Amount paid</dt><dd>${escape(total)}</dd>
    <dt>Date paid</dt><dd>${paid}</dd>
    <dt>Payment</dt><dd>${escape(charge.id)}</dd>
    ${charge.receipt_email ? `<dt>Sent to</dt><dd>${escape(charge.receipt_email)}</dd>` : ''}
  </dl>
</main>
</body>
</html>`;
}
