import { createHmac } from 'node:crypto';

/**
 * Stripe's webhook signature: `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<raw body>" keyed with the endpoint's whsec_… secret>`, what `constructEventAsync` checks.
 */
export function signStripePayload(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/** Stripe retries a failed delivery with growing delays (up to 3 days); the local stack, sooner. */
export const DEFAULT_RETRY_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000, 60_000, 120_000];

export type Delivery = {
  eventId: string;
  attempts: number;
  lastStatus: number | null;
  done: boolean;
};

/**
 * Posts each event to one endpoint, signed, and retries non-2xx answers (and network failures)
 * after each delay in turn, as Stripe does; then gives up. `stop()` cancels pending retries.
 */
export function createWebhookSender(options: {
  /** No endpoint: events are kept (the API lists them) and sent nowhere, as on an account without one. */
  url: string | null;
  secret: string;
  retryDelaysMs?: number[];
  now?: () => number;
  log: (line: string) => void;
  onDelivered?: (eventId: string) => void;
}) {
  const delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const now = options.now ?? Date.now;
  const timers = new Set<NodeJS.Timeout>();
  const deliveries = new Map<string, Delivery>();
  let stopped = false;

  async function attempt(eventId: string, payload: string) {
    const delivery = deliveries.get(eventId)!;
    delivery.attempts += 1;
    let status: number | null = null;
    try {
      const response = await fetch(options.url!, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'Stripe-Signature': signStripePayload(payload, options.secret, Math.floor(now() / 1000)),
        },
        body: payload,
        signal: AbortSignal.timeout(20_000),
      });
      status = response.status;
      await response.arrayBuffer().catch(() => undefined);
    } catch {
      status = null;
    }
    delivery.lastStatus = status;
    if (status !== null && status >= 200 && status < 300) {
      delivery.done = true;
      options.onDelivered?.(eventId);
      return;
    }
    const delay = delays[delivery.attempts - 1];
    options.log(
      `[stripe] webhook ${eventId} attempt ${delivery.attempts} got ${status ?? 'no answer'}` +
        (delay === undefined || stopped ? '; giving up' : `; retrying in ${delay} ms`),
    );
    if (delay === undefined || stopped) {
      delivery.done = true;
      return;
    }
    const timer = setTimeout(() => {
      timers.delete(timer);
      void attempt(eventId, payload);
    }, delay);
    timers.add(timer);
  }

  return {
    send(eventId: string, payload: string) {
      if (options.url === null) return;
      deliveries.set(eventId, { eventId, attempts: 0, lastStatus: null, done: false });
      void attempt(eventId, payload);
    },
    deliveries: () => [...deliveries.values()],
    stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
