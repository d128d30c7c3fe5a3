import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_STRIPE_WEBHOOK_SECRET, signStripePayload } from '@dialwise/local-stack';
import { createUser, deleteCreatedUsers, serviceClient, type TestUser } from './support/clients';
import { publishableKey, apiUrl, siteUrl, siteUrlByAddress } from './support/stack';
import {
  eventFor,
  payOnCheckoutPage,
  sendWebhook,
  stripeApi,
  type EventObject,
  type SessionObject,
} from './support/stripe';

// Buying credits end to end against the local stack: create-call-credits-payment → the local
// Stripe's checkout page → the signed webhook → record_credit_purchase, plus the return-path
// confirmation, forged and replayed events, and the amount rules.
let buyer: TestUser;
let other: TestUser;

beforeAll(async () => {
  buyer = await createUser('buyer');
  other = await createUser('other');
});
afterAll(deleteCreatedUsers);

async function accessToken(user: TestUser) {
  const { data } = await user.client.auth.getSession();
  return data.session!.access_token;
}

async function callFunction(
  name: string,
  body: unknown,
  options: { user?: TestUser; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = {
    apikey: publishableKey,
    'Content-Type': 'application/json',
    ...options.headers,
  };
  if (options.user) headers.Authorization = `Bearer ${await accessToken(options.user)}`;
  const response = await fetch(`${apiUrl}/functions/v1/${name}`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const startCheckout = (user: TestUser, amount: unknown, headers: Record<string, string> = {}) =>
  callFunction('create-call-credits-payment', { amount }, { user, headers });

const now = () => Math.floor(Date.now() / 1000);
const sessionIdOf = (checkoutUrl: string) => checkoutUrl.split('/').pop()!;
const getSession = (id: string) => stripeApi<SessionObject>(`/v1/checkout/sessions/${id}`);

async function credits(user: TestUser): Promise<number> {
  const { data } = await serviceClient()
    .from('profiles')
    .select('credits')
    .eq('id', user.user.id)
    .single();
  return Number(data!.credits);
}

async function purchasesOf(sessionId: string) {
  const { data } = await serviceClient()
    .from('credit_purchases')
    .select('user_id, amount, description, payment_reference')
    .eq('payment_reference', sessionId);
  return data ?? [];
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000) {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() - started > timeoutMs) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A session of `user` that the local Stripe created and the shopper paid on its page. */
async function paidSession(user: TestUser, amount: number) {
  const { body } = await startCheckout(user, amount);
  const id = sessionIdOf(body.url as string);
  const paid = await payOnCheckoutPage(body.url as string);
  expect(paid.status).toBe(303);
  return { id, location: paid.headers.get('location')! };
}

describe('create-call-credits-payment', () => {
  it('refuses callers without a JWT', async () => {
    const response = await callFunction('create-call-credits-payment', { amount: 25 });
    expect(response.status).toBe(401);
  });

  it.each([
    [9, 'Minimum purchase is $10'],
    [0, 'Minimum purchase is $10'],
    [-25, 'Minimum purchase is $10'],
    [501, 'Maximum purchase is $500'],
    [10.5, 'Amount must be a whole number'],
    ['25', 'Amount must be a whole number'],
    [null, 'amount is required'],
  ])('refuses amount %j with 400 "%s"', async (amount, message) => {
    const { status, body } = await startCheckout(buyer, amount);
    expect(status).toBe(400);
    expect(body).toEqual({ error: { code: 'invalid_request', message } });
  });

  it('refuses a body that is not a JSON object', async () => {
    const { status, body } = await callFunction('create-call-credits-payment', 'nope', {
      user: buyer,
    });
    expect(status).toBe(400);
    expect((body.error as { code: string }).code).toBe('invalid_request');
  });

  it('creates a Checkout Session for the amount, the user and the billing tab', async () => {
    const { status, body } = await startCheckout(buyer, 25, {
      Origin: siteUrlByAddress,
    });
    expect(status).toBe(200);
    expect(body.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/c\/pay\/cs_test_/);
    const session = await getSession(sessionIdOf(body.url as string));
    expect(session).toMatchObject({
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 2500,
      currency: 'usd',
      client_reference_id: buyer.user.id,
      metadata: { user_id: buyer.user.id, credits: '25' },
      customer_email: buyer.email,
      success_url: `${siteUrlByAddress}/dashboard?tab=billing&checkout=success&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${siteUrlByAddress}/dashboard?tab=billing&checkout=canceled`,
    });
  });

  it('sends the browser back to the site URL when the Origin is not a redirect URL', async () => {
    const { body } = await startCheckout(buyer, 10, { Origin: 'https://evil.example' });
    const session = await getSession(sessionIdOf(body.url as string));
    expect(session.success_url.startsWith(`${siteUrl}/dashboard?`)).toBe(true);
  });

  it('replays a retried request with the same Idempotency-Key, and refuses a changed one', async () => {
    const key = randomUUID();
    const first = await startCheckout(buyer, 40, { 'Idempotency-Key': key });
    const again = await startCheckout(buyer, 40, { 'Idempotency-Key': key });
    expect(again.body.url).toBe(first.body.url);
    const changed = await startCheckout(buyer, 45, { 'Idempotency-Key': key });
    expect(changed.status).toBe(409);
    expect((changed.body.error as { code: string }).code).toBe('idempotency_conflict');
  });
});

describe('paying on the local checkout page', () => {
  it('credits the amount once the signed webhook arrives, and returns to the billing tab', async () => {
    const before = await credits(buyer);
    const { id, location } = await paidSession(buyer, 25);
    // No Origin header here, so the site URL.
    expect(location).toBe(`${siteUrl}/dashboard?tab=billing&checkout=success&session_id=${id}`);
    const rows = await until(
      () => purchasesOf(id),
      (r) => r.length > 0,
    );
    expect(rows).toEqual([
      { user_id: buyer.user.id, amount: 25, description: 'Credit Purchase', payment_reference: id },
    ]);
    expect(await credits(buyer)).toBe(before + 25);

    // The buyer reads the receipt of the charge (Stripe's receipt_url), kept with the purchase.
    const receiptUrl = await until(
      async () => {
        const { data } = await buyer.client
          .from('credit_purchases')
          .select('receipt_url')
          .eq('payment_reference', id);
        return (data?.[0]?.receipt_url as string | null | undefined) ?? null;
      },
      (url) => url !== null,
    );
    const receipt = await fetch(receiptUrl!);
    expect(receipt.status).toBe(200);
    expect(await receipt.text()).toContain('$25.00');
  });

  it('credits nothing for a declined card', async () => {
    const before = await credits(buyer);
    const { body } = await startCheckout(buyer, 30);
    // The page names the test cards it takes, a declined one among them.
    const page = await (await fetch(body.url as string)).text();
    expect(page).toContain('4242 4242 4242 4242');
    expect(page).toContain('4000 0000 0000 0002');
    const declined = await payOnCheckoutPage(body.url as string, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    const session = await getSession(sessionIdOf(body.url as string));
    expect(session).toMatchObject({ status: 'open', payment_status: 'unpaid' });
    const confirm = await callFunction(
      'confirm-call-credits-payment',
      { session_id: session.id },
      { user: buyer },
    );
    expect(confirm.body).toMatchObject({ credited: false, payment_status: 'unpaid' });
    expect(await purchasesOf(session.id)).toEqual([]);
    expect(await credits(buyer)).toBe(before);
  });
});

describe('stripe-webhook signatures', () => {
  /**
   * A real session of a new user, as Stripe describes it once paid: each test delivers its events
   * itself, for its own user, so no test sees another's credits.
   */
  async function paidSessionOfNewUser() {
    const user = await createUser('signed');
    const { body } = await startCheckout(user, 10);
    const created = await getSession(sessionIdOf(body.url as string));
    const session: SessionObject = { ...created, status: 'complete', payment_status: 'paid' };
    return { user, session };
  }

  it('refuses a wrong secret, a stale timestamp, an altered body and a missing header', async () => {
    const { user, session } = await paidSessionOfNewUser();
    const payload = eventFor('checkout.session.completed', session);
    const wrong = await sendWebhook(payload, { secret: 'whsec_forged' });
    const stale = await sendWebhook(payload, {
      timestamp: now() - 600,
    });
    const signedHeader = signStripePayload(payload, LOCAL_STRIPE_WEBHOOK_SECRET, now());
    const raised = JSON.stringify({
      ...(JSON.parse(payload) as EventObject),
      data: { object: { ...session, amount_total: 50_000 } },
    });
    const altered = await sendWebhook(raised, { signature: signedHeader });
    const missing = await fetch(`${apiUrl}/functions/v1/stripe-webhook`, {
      method: 'POST',
      body: payload,
    });
    for (const response of [wrong, stale, altered, missing]) {
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: { code: string } };
      expect(['invalid_signature', 'missing_signature']).toContain(body.error.code);
    }
    expect(await purchasesOf(session.id)).toEqual([]);
    expect(await credits(user)).toBe(0);
  });

  it('answers other event types with 2xx and records nothing', async () => {
    const { session } = await paidSessionOfNewUser();
    const response = await sendWebhook(eventFor('checkout.session.expired', session));
    expect(response.status).toBe(200);
    expect(await purchasesOf(session.id)).toEqual([]);
  });

  it('credits nothing for an unpaid completed session or a failed async payment', async () => {
    const { user, session } = await paidSessionOfNewUser();
    const unpaid = { ...session, payment_status: 'unpaid' };
    const completed = await sendWebhook(eventFor('checkout.session.completed', unpaid));
    expect(completed.status).toBe(200);
    const failed = await sendWebhook(eventFor('checkout.session.async_payment_failed', unpaid));
    expect(failed.status).toBe(200);
    expect(await purchasesOf(session.id)).toEqual([]);
    expect(await credits(user)).toBe(0);
  });

  it('credits a session whose async payment succeeded later', async () => {
    const { user, session } = await paidSessionOfNewUser();
    const response = await sendWebhook(
      eventFor('checkout.session.async_payment_succeeded', session),
    );
    expect(response.status).toBe(200);
    expect(await purchasesOf(session.id)).toHaveLength(1);
    expect(await credits(user)).toBe(10);
  });
});

describe('the same paid session delivered many times', () => {
  it('records one purchase for 50 concurrent deliveries, same and different event ids', async () => {
    const user = await createUser('replay');
    const { id } = await paidSession(user, 100);
    // Stripe's own event for the session, as the local Stripe logged it.
    const list = await until(
      () =>
        stripeApi<{ data: EventObject[] }>('/v1/events?type=checkout.session.completed&limit=100'),
      (l) => l.data.some((e) => e.data.object.id === id),
    );
    const original = list.data.find((e) => e.data.object.id === id)!;
    expect(original.data.object).toMatchObject({ payment_status: 'paid', amount_total: 10000 });

    const sameId = JSON.stringify(original);
    const deliveries = Array.from({ length: 50 }, (_, i) =>
      sendWebhook(i % 2 === 0 ? sameId : eventFor(original.type, original.data.object)),
    );
    const responses = await Promise.all(deliveries);
    expect(responses.map((r) => r.status)).toEqual(Array(50).fill(200));
    await until(
      () => purchasesOf(id),
      (r) => r.length > 0,
    );
    expect(await purchasesOf(id)).toHaveLength(1);
    expect(await credits(user)).toBe(100);
  });
});

describe('confirm-call-credits-payment (the return from checkout)', () => {
  it('records a paid session at once, idempotently with the webhook', async () => {
    const user = await createUser('returning');
    const { id } = await paidSession(user, 50);
    const confirms = await Promise.all(
      [1, 2, 3].map(() =>
        callFunction('confirm-call-credits-payment', { session_id: id }, { user }),
      ),
    );
    for (const confirm of confirms) {
      expect(confirm.status).toBe(200);
      expect(confirm.body).toEqual({
        session_id: id,
        status: 'complete',
        payment_status: 'paid',
        amount: 50,
        credited: true,
      });
    }
    // Stripe's own webhook for the session has been delivered (answered 2xx), not merely logged:
    // the purchase is still recorded once.
    const event = (
      await until(
        () =>
          stripeApi<{ data: EventObject[] }>(
            '/v1/events?type=checkout.session.completed&limit=100',
          ),
        (l) => l.data.some((e) => e.data.object.id === id),
      )
    ).data.find((e) => e.data.object.id === id)!;
    await until(
      () => stripeApi<{ pending_webhooks: number }>(`/v1/events/${event.id}`),
      (e) => e.pending_webhooks === 0,
      60_000,
    ).then((e) => expect(e.pending_webhooks).toBe(0));
    expect(await purchasesOf(id)).toHaveLength(1);
    expect(await credits(user)).toBe(50);
  });

  it("answers another user's session like a missing one, and credits nobody", async () => {
    const { body } = await startCheckout(buyer, 20);
    const id = sessionIdOf(body.url as string);
    const theirs = await callFunction(
      'confirm-call-credits-payment',
      { session_id: id },
      { user: other },
    );
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual({
      error: { code: 'not_found', message: 'No such checkout session.' },
    });
    const missing = await callFunction(
      'confirm-call-credits-payment',
      { session_id: 'cs_test_doesnotexist' },
      { user: other },
    );
    expect(missing.status).toBe(404);
  });

  it('refuses bad session ids and callers without a JWT', async () => {
    const bad = await callFunction(
      'confirm-call-credits-payment',
      { session_id: '../v1/events' },
      { user: buyer },
    );
    expect(bad.status).toBe(400);
    const anonymous = await callFunction('confirm-call-credits-payment', {
      session_id: 'cs_test_x',
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('what a user still cannot do through REST', () => {
  it('cannot add a purchase, raise credits or call record_credit_purchase', async () => {
    const insert = await buyer.client.from('credit_purchases').insert({
      user_id: buyer.user.id,
      amount: 500,
      payment_reference: `cs_test_${randomUUID()}`,
    });
    expect(insert.error?.code).toBe('42501');
    const raise = await buyer.client
      .from('profiles')
      .update({ credits: 1_000_000 })
      .eq('id', buyer.user.id);
    expect(raise.error?.code).toBe('42501');
    const rpc = await buyer.client.rpc('record_credit_purchase', {
      p_user_id: buyer.user.id,
      p_amount: 500,
      p_payment_reference: `cs_test_${randomUUID()}`,
    });
    expect(rpc.error?.code).toBe('42501');
    // Another account with a purchase of its own: the buyer sees none of it.
    const { id } = await paidSession(other, 10);
    await until(
      () => purchasesOf(id),
      (r) => r.length > 0,
      60_000,
    );
    const { data } = await buyer.client.from('credit_purchases').select('user_id');
    expect(data?.every((row) => row.user_id === buyer.user.id)).toBe(true);
  });
});
