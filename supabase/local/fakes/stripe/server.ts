import { createServer, type Server } from 'node:http';
import { sendJson } from '../../http';
import { createStripeApi } from './api';
import { createHostedCheckout } from './hosted-checkout';
import { createStripeStore } from './store';

export { STRIPE_API_VERSION, type StripeEvent } from './store';

/**
 * The local Stripe: the part of Stripe's API the `stripe` SDK calls for Checkout (api.ts), a
 * hosted checkout page with test cards (hosted-checkout.ts), and signed webhooks to the stack's
 * `stripe-webhook` function with Stripe's retries (webhooks.ts), over one store (store.ts).
 * Differences from Stripe are listed in supabase/local/README.md.
 */
export type StripeFakeOptions = {
  port: number;
  secretKey: string;
  webhookSecret: string;
  /** The project's webhook endpoint (a function), if it has one. */
  webhookUrl: string | null;
  retryDelaysMs?: number[];
  now?: () => number;
  log: (line: string) => void;
};

export function createStripeFake(options: StripeFakeOptions) {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const store = createStripeStore({
    baseUrl,
    webhookUrl: options.webhookUrl,
    webhookSecret: options.webhookSecret,
    retryDelaysMs: options.retryDelaysMs,
    now: options.now ?? Date.now,
    log: options.log,
  });
  const api = createStripeApi(store, { baseUrl, secretKey: options.secretKey, log: options.log });
  const { page, receipt } = createHostedCheckout(store);

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', baseUrl);
    const pay = /^\/c\/pay\/([^/]+)$/.exec(url.pathname);
    const receiptOf = /^\/receipts\/([^/]+)$/.exec(url.pathname);
    const work = pay
      ? page(req, res, decodeURIComponent(pay[1]!))
      : receiptOf && req.method === 'GET'
        ? Promise.resolve(receipt(res, decodeURIComponent(receiptOf[1]!)))
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
    sessions: store.sessions,
    paymentIntents: store.paymentIntents,
    charges: store.charges,
    events: store.events,
    deliveries: store.webhooks.deliveries,
    stop: () => store.webhooks.stop(),
  };
}
export type StripeFake = ReturnType<typeof createStripeFake>;
