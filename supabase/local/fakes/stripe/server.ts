import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { BodyTooLargeError, readBody, sendJson } from '../../http';
import { checkoutPage } from './checkout-page';
import { canonicalParams, parseStripeForm, type FormObject, type FormValue } from './form';
import {
  checkoutSessionObject,
  lineItemsList,
  LOCAL_PAYMENT_METHOD_CONFIGURATION,
  paymentIntentObject,
  type LineItem,
  type PaymentIntentState,
  type SessionState,
} from './objects';
import { createWebhookSender } from './webhooks';

/**
 * The local Stripe: the part of Stripe's API the `stripe` SDK calls for Checkout (sessions:
 * create, retrieve, expire; events: list, retrieve), a hosted checkout page with test cards, and
 * signed webhooks to the stack's `stripe-webhook` function with Stripe's retries.
 * Differences from Stripe are listed in supabase/local/README.md.
 */
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

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly param?: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

const id = (prefix: string, length = 24) => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return prefix + [...randomBytes(length)].map((b) => alphabet[b % alphabet.length]).join('');
};

const SESSION_PARAMS = new Set([
  'mode',
  'line_items',
  'success_url',
  'cancel_url',
  'client_reference_id',
  'customer_email',
  'metadata',
  'expand',
  'payment_method_types',
  'locale',
  'submit_type',
  'expires_at',
]);

function text(value: FormValue | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function wholeNumber(value: FormValue | undefined, param: string, min: number): number {
  const raw = text(value);
  if (raw === undefined)
    throw new StripeApiError(
      400,
      'invalid_request_error',
      `Missing required param: ${param}.`,
      param,
      'parameter_missing',
    );
  if (!/^\d+$/.test(raw) || Number(raw) < min)
    throw new StripeApiError(
      400,
      'invalid_request_error',
      `Invalid integer: ${raw}`,
      param,
      'parameter_invalid_integer',
    );
  return Number(raw);
}

function validUrl(value: string, param: string) {
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return;
  } catch {
    // fall through
  }
  throw new StripeApiError(400, 'invalid_request_error', 'Not a valid URL', param, 'url_invalid');
}

function parseLineItems(value: FormValue | undefined, currency: { value?: string }): LineItem[] {
  if (value === undefined)
    throw new StripeApiError(
      400,
      'invalid_request_error',
      'Missing required param: line_items.',
      'line_items',
      'parameter_missing',
    );
  if (!Array.isArray(value) || value.length === 0)
    throw new StripeApiError(400, 'invalid_request_error', 'Invalid array', 'line_items');
  return value.map((raw, i) => {
    const p = `line_items[${i}]`;
    if (typeof raw !== 'object' || Array.isArray(raw))
      throw new StripeApiError(400, 'invalid_request_error', 'Invalid object', p);
    if (raw.price !== undefined)
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `No such price: '${text(raw.price) ?? ''}'`,
        `${p}[price]`,
        'resource_missing',
      );
    const data = raw.price_data;
    if (!data || typeof data !== 'object' || Array.isArray(data))
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'You must specify either `price` or `price_data` for each line item.',
        `${p}[price_data]`,
      );
    const itemCurrency = text(data.currency)?.toLowerCase();
    if (!itemCurrency)
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'Missing required param: line_items[0][price_data][currency].',
        `${p}[price_data][currency]`,
        'parameter_missing',
      );
    if (currency.value && currency.value !== itemCurrency)
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'All line items must use the same currency.',
        `${p}[price_data][currency]`,
      );
    currency.value = itemCurrency;
    const product = data.product_data;
    const name =
      product && typeof product === 'object' && !Array.isArray(product)
        ? text(product.name)
        : undefined;
    if (!name)
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Missing required param: ${p}[price_data][product_data][name].`,
        `${p}[price_data][product_data][name]`,
        'parameter_missing',
      );
    return {
      name,
      unit_amount: wholeNumber(data.unit_amount, `${p}[price_data][unit_amount]`, 0),
      quantity: wholeNumber(raw.quantity, `${p}[quantity]`, 1),
      currency: itemCurrency,
    };
  });
}

function stringList(value: FormValue | undefined, param: string): string[] | null {
  if (value === undefined) return null;
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string'))
    throw new StripeApiError(400, 'invalid_request_error', 'Invalid array', param);
  return value as string[];
}

/** `expand[]=…`: what the fake can expand on a Checkout Session (line_items), else Stripe's 400. */
function expansions(value: FormValue | undefined): string[] {
  const list = value === undefined ? [] : typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list) || list.some((item) => typeof item !== 'string'))
    throw new StripeApiError(400, 'invalid_request_error', 'Invalid array', 'expand');
  for (const path of list as string[])
    if (path !== 'line_items')
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `This property cannot be expanded (${path}). The local Stripe expands line_items only.`,
        'expand',
      );
  return list as string[];
}

/** Luhn check of a card number's digits. */
function luhn(digits: string) {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** Stripe's test cards that are declined, with the error Stripe reports for each. */
const DECLINES: Record<string, { code: string; decline_code: string; message: string }> = {
  '4000000000000002': {
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
  },
  '4000000000009995': {
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
};

export type StripeFakeOptions = {
  port: number;
  secretKey: string;
  webhookSecret: string;
  /** The stack's stripe-webhook function. */
  webhookUrl: string;
  retryDelaysMs?: number[];
  now?: () => number;
  log: (line: string) => void;
};

export function createStripeFake(options: StripeFakeOptions) {
  const now = options.now ?? Date.now;
  const seconds = () => Math.floor(now() / 1000);
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const sessions = new Map<string, SessionState>();
  const paymentIntents = new Map<string, PaymentIntentState>();
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
    for (const key of Object.keys(params))
      if (!SESSION_PARAMS.has(key))
        throw new StripeApiError(
          400,
          'invalid_request_error',
          `Received unknown parameter: ${key}`,
          key,
          'parameter_unknown',
        );
    const mode = text(params.mode);
    if (!mode)
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'Missing required param: mode.',
        'mode',
        'parameter_missing',
      );
    if (mode !== 'payment')
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `The local Stripe supports mode=payment only, got ${mode}.`,
        'mode',
      );
    const successUrl = text(params.success_url);
    if (!successUrl)
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'Missing required param: success_url.',
        'success_url',
        'parameter_missing',
      );
    validUrl(successUrl, 'success_url');
    const cancelUrl = text(params.cancel_url) ?? null;
    if (cancelUrl) validUrl(cancelUrl, 'cancel_url');
    const email = text(params.customer_email) ?? null;
    if (email !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Invalid email address: ${email}`,
        'customer_email',
        'email_invalid',
      );
    const reference = text(params.client_reference_id) ?? null;
    if (reference !== null && reference.length > 200)
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'Invalid string: client_reference_id must be at most 200 characters',
        'client_reference_id',
      );
    const metadata: Record<string, string> = {};
    if (params.metadata !== undefined) {
      if (typeof params.metadata !== 'object' || Array.isArray(params.metadata))
        throw new StripeApiError(400, 'invalid_request_error', 'Invalid object', 'metadata');
      for (const [key, value] of Object.entries(params.metadata)) {
        if (typeof value !== 'string')
          throw new StripeApiError(
            400,
            'invalid_request_error',
            'Invalid string',
            `metadata[${key}]`,
          );
        metadata[key] = value;
      }
    }
    const currency: { value?: string } = {};
    const items = parseLineItems(params.line_items, currency);
    const total = items.reduce((sum, item) => sum + item.unit_amount * item.quantity, 0);
    if (total < 50)
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `The Checkout Session's total amount due must add up to at least $0.50 ${currency.value}`,
        undefined,
        'amount_too_small',
      );
    if (total > 99_999_999)
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'Amount must be no more than $999,999.99',
        undefined,
        'amount_too_large',
      );
    const sessionId = id('cs_test_a1', 56);
    const created = seconds();
    const session: SessionState = {
      id: sessionId,
      amount_total: total,
      cancel_url: cancelUrl,
      client_reference_id: reference,
      created,
      currency: currency.value!,
      customer_details: null,
      customer_email: email,
      expires_at: text(params.expires_at) ? Number(params.expires_at) : created + 24 * 3600,
      locale: text(params.locale) ?? null,
      metadata,
      payment_intent: null,
      payment_method_types: stringList(params.payment_method_types, 'payment_method_types'),
      payment_status: 'unpaid',
      status: 'open',
      submit_type: text(params.submit_type) ?? null,
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

  function authorize(req: IncomingMessage) {
    const header = req.headers.authorization ?? '';
    const bearer = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    const basic = /^Basic\s+(\S+)$/i.exec(header)?.[1];
    const key =
      bearer ?? (basic ? Buffer.from(basic, 'base64').toString().split(':')[0] : undefined);
    if (!key)
      throw new StripeApiError(
        401,
        'invalid_request_error',
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      );
    if (key !== options.secretKey)
      throw new StripeApiError(
        401,
        'invalid_request_error',
        `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`,
        undefined,
        'api_key_invalid',
      );
  }

  async function api(req: IncomingMessage, res: ServerResponse, path: string, url: URL) {
    const requestId = id('req_', 14);
    const headers: Record<string, string> = {
      'Request-Id': requestId,
      'Stripe-Version': (req.headers['stripe-version'] as string | undefined) ?? STRIPE_API_VERSION,
    };
    const send = (status: number, body: unknown) => sendJson(res, status, body, headers);
    try {
      authorize(req);
      const raw = req.method === 'POST' ? (await readBody(req, 256 * 1024)).toString('utf8') : '';
      const params = parseStripeForm(raw);
      if (!params)
        throw new StripeApiError(
          400,
          'invalid_request_error',
          'Invalid request body: could not parse the form-encoded parameters.',
        );

      const key = req.headers['idempotency-key'] as string | undefined;
      const fingerprint = `${req.method} ${path} ${canonicalParams(params)}`;
      if (req.method === 'POST' && key) {
        headers['Idempotency-Key'] = key;
        const seen = idempotency.get(key);
        if (seen) {
          if (seen.fingerprint !== fingerprint)
            throw new StripeApiError(
              400,
              'idempotency_error',
              `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            );
          headers['Idempotent-Replayed'] = 'true';
          return send(seen.status, seen.body);
        }
      }
      const remember = (status: number, body: unknown) => {
        if (req.method === 'POST' && key) idempotency.set(key, { fingerprint, status, body });
        send(status, body);
      };

      let match: RegExpExecArray | null;
      // GET takes its parameters (expand[]) from the query, as Stripe's SDKs send them.
      const query = parseStripeForm(url.search.slice(1)) ?? {};
      if (path === '/v1/checkout/sessions' && req.method === 'POST') {
        const expand = expansions(params.expand);
        return remember(200, publicSession(createSession(params), expand));
      }
      if ((match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path)) && req.method === 'GET') {
        const expand = expansions(query.expand);
        return send(200, publicSession(findSession(decodeURIComponent(match[1]!)), expand));
      }
      if (
        (match = /^\/v1\/checkout\/sessions\/([^/]+)\/line_items$/.exec(path)) &&
        req.method === 'GET'
      ) {
        return send(200, lineItemsList(findSession(decodeURIComponent(match[1]!))));
      }
      if ((match = /^\/v1\/payment_intents\/([^/]+)$/.exec(path)) && req.method === 'GET') {
        const intent = paymentIntents.get(decodeURIComponent(match[1]!));
        if (!intent)
          throw new StripeApiError(
            404,
            'invalid_request_error',
            `No such payment_intent: '${match[1]}'`,
            'intent',
            'resource_missing',
          );
        return send(200, paymentIntentObject(intent));
      }
      if (
        (match = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path)) &&
        req.method === 'POST'
      ) {
        const session = findSession(decodeURIComponent(match[1]!));
        if (session.status !== 'open')
          throw new StripeApiError(
            400,
            'invalid_request_error',
            `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
            undefined,
            'checkout_session_not_open',
          );
        expire(session);
        return remember(200, publicSession(session));
      }
      if (path === '/v1/events' && req.method === 'GET') {
        const limitRaw = url.searchParams.get('limit') ?? '10';
        const limit = Number(limitRaw);
        if (!Number.isInteger(limit) || limit < 1 || limit > 100)
          throw new StripeApiError(
            400,
            'invalid_request_error',
            'This value must be less than or equal to 100 (it currently is ' + limitRaw + ').',
            'limit',
          );
        const type = url.searchParams.get('type');
        let list = events.filter(
          (e) =>
            !type || (type.endsWith('.*') ? e.type.startsWith(type.slice(0, -1)) : e.type === type),
        );
        const after = url.searchParams.get('starting_after');
        if (after) {
          const index = list.findIndex((e) => e.id === after);
          if (index < 0)
            throw new StripeApiError(
              400,
              'invalid_request_error',
              `No such event: '${after}'`,
              'starting_after',
              'resource_missing',
            );
          list = list.slice(index + 1);
        }
        return send(200, {
          object: 'list',
          data: list.slice(0, limit),
          has_more: list.length > limit,
          url: '/v1/events',
        });
      }
      if ((match = /^\/v1\/events\/([^/]+)$/.exec(path)) && req.method === 'GET') {
        const event = events.find((e) => e.id === decodeURIComponent(match![1]!));
        if (!event)
          throw new StripeApiError(
            404,
            'invalid_request_error',
            `No such event: '${match[1]}'`,
            'id',
            'resource_missing',
          );
        return send(200, event);
      }
      throw new StripeApiError(
        404,
        'invalid_request_error',
        `Unrecognized request URL (${req.method}: ${path}). The local Stripe implements Checkout Sessions, Events and reading PaymentIntents only.`,
      );
    } catch (error) {
      if (error instanceof StripeApiError) {
        return send(error.status, {
          error: {
            type: error.type,
            message: error.message,
            ...(error.param ? { param: error.param } : {}),
            ...(error.code ? { code: error.code } : {}),
            request_log_url: `${baseUrl}/logs/${requestId}`,
          },
        });
      }
      if (error instanceof BodyTooLargeError)
        return send(413, {
          error: { type: 'invalid_request_error', message: 'Request body too large.' },
        });
      options.log(`[stripe] ${(error as Error).message}`);
      return send(500, {
        error: { type: 'api_error', message: 'An unexpected error occurred in the local Stripe.' },
      });
    }
  }

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
    emit('payment_intent.succeeded', paymentIntentObject(intent));
    session.status = 'complete';
    session.payment_status = 'paid';
    session.customer_details = { email, name: form.get('name')?.trim() || null };
    session.url = null;
    emit('checkout.session.completed', publicSession(session));
    redirect(res, successLocation(session));
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', baseUrl);
    const pay = /^\/c\/pay\/([^/]+)$/.exec(url.pathname);
    const work = pay
      ? page(req, res, decodeURIComponent(pay[1]!))
      : url.pathname.startsWith('/v1/')
        ? api(req, res, url.pathname, url)
        : Promise.resolve(
            sendJson(res, 404, {
              error: {
                type: 'invalid_request_error',
                message: `Unrecognized request URL (${req.method}: ${url.pathname}).`,
              },
            }),
          );
    work.catch((error: unknown) => {
      options.log(`[stripe] ${(error as Error).message}`);
      if (!res.headersSent)
        sendJson(res, 500, {
          error: {
            type: 'api_error',
            message: 'An unexpected error occurred in the local Stripe.',
          },
        });
    });
  });

  return {
    server,
    url: baseUrl,
    sessions,
    paymentIntents,
    events,
    deliveries: webhooks.deliveries,
    stop: () => webhooks.stop(),
  };
}
export type StripeFake = ReturnType<typeof createStripeFake>;
