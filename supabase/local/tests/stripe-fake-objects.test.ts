import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCAL_STRIPE_SECRET_KEY, projectRoot } from '../config';
import { payOnCheckoutPage, stripeApi, stripeUrl } from './support';

// The local Stripe's objects against stripe-node's own type declarations (23.1.0, pinned in
// package.json): every field the types declare as always present is sent, no field the types do
// not know, and `null` only where the type allows it.
const stripeDir = path.join(projectRoot, 'node_modules/stripe');
const declarations = (file: string) =>
  readFileSync(path.join(stripeDir, 'esm/resources', file), 'utf8');

type Field = { name: string; optional: boolean; nullable: boolean };
function fieldsOf(source: string, interfaceName: string): Field[] {
  const start = source.indexOf(`export interface ${interfaceName} {`);
  expect(start, interfaceName).toBeGreaterThanOrEqual(0);
  const body = source.slice(start, source.indexOf('\n}\n', start));
  return [...body.matchAll(/^ {4}(\w+)(\?)?: ([^\n]+);$/gm)].map(([, name, optional, type]) => ({
    name: name!,
    optional: optional === '?',
    nullable: /\| null\b/.test(type!),
  }));
}

const sessionFields = fieldsOf(declarations('Checkout/Sessions.d.ts'), 'Session');
const lineItemFields = fieldsOf(declarations('LineItems.d.ts'), 'LineItem');
const paymentIntentFields = fieldsOf(declarations('PaymentIntents.d.ts'), 'PaymentIntent');

/** Every always-present field there, none unknown, null only where allowed. */
function expectShape(object: Record<string, unknown>, fields: Field[], what: string) {
  const known = new Set(fields.map((f) => f.name));
  expect(
    Object.keys(object).filter((key) => !known.has(key)),
    `${what}: unknown fields`,
  ).toEqual([]);
  const missing = fields.filter((f) => !f.optional && !(f.name in object)).map((f) => f.name);
  expect(missing, `${what}: missing fields`).toEqual([]);
  const wrongNulls = fields
    .filter((f) => !f.nullable && f.name in object && object[f.name] === null)
    .map((f) => f.name);
  expect(wrongNulls, `${what}: null where the type allows none`).toEqual([]);
}

async function post(pathname: string, body: string) {
  const response = await fetch(`${stripeUrl}${pathname}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${LOCAL_STRIPE_SECRET_KEY}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const sessionForm = (extra = '') =>
  [
    'mode=payment',
    'success_url=http://localhost:5173/ok?session_id={CHECKOUT_SESSION_ID}',
    'cancel_url=http://localhost:5173/cancel',
    'line_items[0][price_data][currency]=usd',
    'line_items[0][price_data][product_data][name]=Call credits',
    'line_items[0][price_data][unit_amount]=2500',
    'line_items[0][quantity]=1',
    'metadata[user_id]=u_1',
    extra,
  ]
    .filter(Boolean)
    .map((pair) => pair.split('=').map(encodeURIComponent).join('='))
    .join('&');

type Event = { id: string; type: string; data: { object: Record<string, unknown> } };

describe('the local Stripe, as stripe-node 23.1.0 types describe its objects', () => {
  it('sends the whole Checkout Session, with nulls where Stripe sends null', async () => {
    expect(sessionFields.filter((f) => !f.optional).length).toBeGreaterThan(50);
    const created = await post('/v1/checkout/sessions', sessionForm());
    expect(created.status).toBe(200);
    expectShape(created.body, sessionFields, 'checkout.session');
    expect(created.body).toMatchObject({
      status: 'open',
      payment_status: 'unpaid',
      payment_intent: null,
      customer_details: null,
      automatic_tax: { enabled: false, liability: null, provider: null, status: null },
      payment_method_types: ['card'],
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      custom_fields: [],
      locale: null,
    });
    expect(created.body).not.toHaveProperty('line_items');
  });

  it('expands line_items on create and on retrieve (expand[]), and refuses other expansions', async () => {
    const created = await post('/v1/checkout/sessions', sessionForm('expand[]=line_items'));
    const list = created.body.line_items as { object: string; data: Record<string, unknown>[] };
    expect(list).toMatchObject({ object: 'list', has_more: false });
    expect(list.data).toHaveLength(1);
    expectShape(list.data[0]!, lineItemFields, 'item');
    expect(list.data[0]).toMatchObject({
      object: 'item',
      amount_total: 2500,
      currency: 'usd',
      description: 'Call credits',
      quantity: 1,
      price: { object: 'price', unit_amount: 2500, type: 'one_time' },
    });

    const id = created.body.id as string;
    const retrieved = await stripeApi(
      `/v1/checkout/sessions/${id}?${encodeURIComponent('expand[]')}=line_items`,
    );
    expect(retrieved.line_items).toEqual(list);
    expect(await stripeApi(`/v1/checkout/sessions/${id}/line_items`)).toEqual(list);

    const refused = await post('/v1/checkout/sessions', sessionForm('expand[]=customer'));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: { param: 'expand' } });
  });

  it('emits payment_intent.payment_failed for a declined card; the session stays open; paying later completes it', async () => {
    const created = await post(
      '/v1/checkout/sessions',
      sessionForm('customer_email=declined@example.com'),
    );
    const declined = await payOnCheckoutPage(created.body.url as string, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    const session = await stripeApi(`/v1/checkout/sessions/${created.body.id as string}`);
    expect(session).toMatchObject({ status: 'open', payment_status: 'unpaid' });
    const intentId = session.payment_intent as string;
    expect(intentId).toMatch(/^pi_/);

    const events = (await stripeApi<{ data: Event[] }>('/v1/events?limit=100')).data.filter(
      (event) => event.data.object.id === intentId,
    );
    expect(events.map((event) => event.type).reverse()).toEqual([
      'payment_intent.created',
      'payment_intent.payment_failed',
    ]);
    const failed = events[0]!.data.object;
    expectShape(failed, paymentIntentFields, 'payment_intent');
    expect(failed).toMatchObject({
      status: 'requires_payment_method',
      amount: 2500,
      last_payment_error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      },
    });

    const paid = await payOnCheckoutPage(created.body.url as string);
    expect(paid.status).toBe(303);
    const completed = await stripeApi(`/v1/checkout/sessions/${created.body.id as string}`);
    expectShape(completed, sessionFields, 'checkout.session (complete)');
    expect(completed).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      payment_intent: intentId,
      customer_details: {
        address: null,
        business_name: null,
        email: 'declined@example.com',
        individual_name: null,
        name: null,
        phone: null,
        tax_exempt: 'none',
        tax_ids: [],
      },
    });
    const intent = await stripeApi(`/v1/payment_intents/${intentId}`);
    expectShape(intent, paymentIntentFields, 'payment_intent (succeeded)');
    expect(intent).toMatchObject({
      status: 'succeeded',
      amount_received: 2500,
      last_payment_error: null,
    });
    const later = (await stripeApi<{ data: Event[] }>('/v1/events?limit=100')).data;
    expect(later.filter((e) => e.data.object.id === intentId).map((e) => e.type)[0]).toBe(
      'payment_intent.succeeded',
    );
    expect(
      later.find(
        (e) => e.type === 'checkout.session.completed' && e.data.object.id === created.body.id,
      ),
    ).toBeDefined();
  });
});
