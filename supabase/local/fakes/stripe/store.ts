import {
  checkoutSessionObject,
  lineItemsList,
  LOCAL_PAYMENT_METHOD_CONFIGURATION,
  paymentIntentObject,
  type ChargeState,
  type PaymentIntentState,
  type SessionState,
} from './objects';
import { StripeApiError } from './errors';
import type { FormObject } from './form';
import { id } from './ids';
import { parseSessionParams } from './params';
import { createWebhookSender } from './webhooks';

export const STRIPE_API_VERSION = '2026-10-28.endive';

export type StripeEvent = {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
};

/**
 * What the local Stripe holds: Checkout Sessions, their PaymentIntents, the events (newest first)
 * and the idempotency keys seen; how a session is created, expires and is paid, each change sent
 * as an event to the webhook endpoint.
 */
export function createStripeStore(options: {
  baseUrl: string;
  webhookUrl: string | null;
  webhookSecret: string;
  retryDelaysMs?: number[];
  now: () => number;
  log: (line: string) => void;
}) {
  const { now, baseUrl } = options;
  const seconds = () => Math.floor(now() / 1000);
  const sessions = new Map<string, SessionState>();
  const paymentIntents = new Map<string, PaymentIntentState>();
  const charges = new Map<string, ChargeState>();
  const events: StripeEvent[] = [];
  const idempotency = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  const webhooks = createWebhookSender({
    url: options.webhookUrl,
    secret: options.webhookSecret,
    retryDelaysMs: options.retryDelaysMs,
    now,
    log: options.log,
    onDelivered: (eventId) => {
      const event = events.find((e) => e.id === eventId);
      if (event) event.pending_webhooks = 0;
    },
  });

  /** The API object, with `line_items` when the request asked to expand it. */
  const publicSession = (session: SessionState, expand: string[] = []) => ({
    ...checkoutSessionObject(session),
    ...(expand.includes('line_items') ? { line_items: lineItemsList(session) } : {}),
  });

  function refresh(session: SessionState) {
    if (session.status === 'open' && session.expires_at <= seconds()) expire(session);
    return session;
  }

  function emit(type: string, object: Record<string, unknown>) {
    const event: StripeEvent = {
      id: id('evt_1'),
      object: 'event',
      api_version: STRIPE_API_VERSION,
      created: seconds(),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    events.unshift(event);
    webhooks.send(event.id, JSON.stringify(event, null, 2));
    return event;
  }

  function expire(session: SessionState) {
    session.status = 'expired';
    session.url = null;
    emit('checkout.session.expired', publicSession(session));
  }

  function createSession(params: FormObject): SessionState {
    const { successUrl, cancelUrl, email, reference, metadata, currency, items, total, ...rest } =
      parseSessionParams(params);
    const sessionId = id('cs_test_a1', 56);
    const created = seconds();
    const session: SessionState = {
      id: sessionId,
      amount_total: total,
      cancel_url: cancelUrl,
      client_reference_id: reference,
      created,
      currency,
      customer_details: null,
      customer_email: email,
      expires_at: rest.expiresAt ?? created + 24 * 3600,
      locale: rest.locale,
      metadata,
      payment_intent: null,
      payment_method_types: rest.paymentMethodTypes,
      payment_status: 'unpaid',
      status: 'open',
      submit_type: rest.submitType,
      success_url: successUrl,
      url: `${baseUrl}/c/pay/${sessionId}`,
      line_items: items,
      line_item_ids: items.map(() => id('li_1')),
      price_ids: items.map(() => id('price_1')),
      product_ids: items.map(() => id('prod_', 14)),
    };
    sessions.set(sessionId, session);
    return session;
  }

  function findSession(sessionId: string) {
    const session = sessions.get(sessionId);
    if (!session)
      throw new StripeApiError(
        404,
        'invalid_request_error',
        `No such checkout.session: '${sessionId}'`,
        'session',
        'resource_missing',
      );
    return refresh(session);
  }

  function paymentIntentFor(session: SessionState, email: string): PaymentIntentState {
    const existing = session.payment_intent ? paymentIntents.get(session.payment_intent) : null;
    if (existing) return existing;
    const intent: PaymentIntentState = {
      id: id('pi_3'),
      amount: session.amount_total,
      currency: session.currency,
      created: seconds(),
      receipt_email: email,
      status: 'requires_payment_method',
      payment_method: null,
      latest_charge: null,
      failure: null,
      payment_method_configuration: session.payment_method_types
        ? null
        : LOCAL_PAYMENT_METHOD_CONFIGURATION,
    };
    paymentIntents.set(intent.id, intent);
    session.payment_intent = intent.id;
    emit('payment_intent.created', paymentIntentObject(intent));
    return intent;
  }

  return {
    baseUrl,
    seconds,
    sessions,
    paymentIntents,
    charges,
    events,
    idempotency,
    webhooks,
    publicSession,
    refresh,
    emit,
    expire,
    createSession,
    findSession,
    paymentIntentFor,
  };
}

export type StripeStore = ReturnType<typeof createStripeStore>;
