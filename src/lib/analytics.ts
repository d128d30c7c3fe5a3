import { env } from '@/config/env';

/**
 * Product analytics. Tracking only: entirely off (no network, no library download)
 * without VITE_POSTHOG_KEY, and never throws into the UI. posthog-js is loaded lazily so it stays
 * out of the initial bundle.
 */
type Properties = Record<string, unknown>;
type PostHogLike = { capture: (event: string, properties?: Properties) => void };

let client: Promise<PostHogLike | null> | null = null;

function load(): Promise<PostHogLike | null> {
  if (!env.posthogKey || typeof window === 'undefined') return Promise.resolve(null);
  client ??= import('posthog-js')
    .then(({ default: posthog }) => {
      posthog.init(env.posthogKey!, {
        api_host: env.posthogHost,
        capture_pageview: false,
        persistence: 'localStorage',
      });
      return posthog as PostHogLike;
    })
    .catch(() => null);
  return client;
}

export function track(event: string, properties?: Properties): void {
  if (!env.posthogKey) return;
  void load().then((posthog) => {
    try {
      posthog?.capture(event, properties);
    } catch {
      // Analytics must never break the product.
    }
  });
}

export function trackPageView(path: string): void {
  track('$pageview', { path });
}

/** Forwards uncaught script errors to analytics, then lets them propagate as usual. */
export function installErrorForwarding(): void {
  if (!env.posthogKey || typeof window === 'undefined') return;
  window.addEventListener('error', (event) => {
    track('js_error', { message: event.message, source: event.filename, line: event.lineno });
  });
  window.addEventListener('unhandledrejection', (event) => {
    track('js_error', { message: String(event.reason) });
  });
}
