import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyTooLargeError, readBody, sendJson } from '../../http';
import { StripeApiError, stripeErrorBody } from './errors';
import { canonicalParams, parseStripeForm } from './form';
import { id } from './ids';
import { chargeObject, lineItemsList, paymentIntentObject } from './objects';
import { expansions } from './params';
import { STRIPE_API_VERSION, type StripeStore } from './store';

/**
 * Stripe's REST API as the `stripe` SDK calls it for Checkout: sessions (create, retrieve, line
 * items, expire), reading PaymentIntents, and events (list, retrieve); secret-key auth,
 * idempotency keys and Stripe's error bodies.
 */
export function createStripeApi(
  store: StripeStore,
  options: { baseUrl: string; secretKey: string; log: (line: string) => void },
) {
  const { baseUrl } = options;
  const {
    idempotency,
    events,
    paymentIntents,
    charges,
    publicSession,
    createSession,
    findSession,
    expire,
  } = store;

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
      if ((match = /^\/v1\/charges\/([^/]+)$/.exec(path)) && req.method === 'GET') {
        const charge = charges.get(decodeURIComponent(match[1]!));
        if (!charge)
          throw new StripeApiError(
            404,
            'invalid_request_error',
            `No such charge: '${match[1]}'`,
            'id',
            'resource_missing',
          );
        return send(200, chargeObject(charge));
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
        `Unrecognized request URL (${req.method}: ${path}). The local Stripe implements Checkout Sessions, Events and reading PaymentIntents and Charges only.`,
      );
    } catch (error) {
      if (error instanceof StripeApiError) {
        return send(error.status, stripeErrorBody(error, `${baseUrl}/logs/${requestId}`));
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

  return api;
}
