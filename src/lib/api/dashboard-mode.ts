import { useSyncExternalStore } from 'react';

/**
 * The dashboard's Test / Live switch (docs/product-rules.md#test-mode): which mode the signed-in
 * user's calls and lists use. Test until the user goes live on purpose: a new account tries
 * everything free first. Kept in the browser; the call API reads it from the `Dialwise-Mode`
 * header of each session request (an API key's mode is the key's own).
 */
export type DashboardMode = 'live' | 'test';

const STORAGE_KEY = 'dialwise.dashboard-mode';
const listeners = new Set<() => void>();

export function getDashboardMode(): DashboardMode {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) === 'live' ? 'live' : 'test';
  } catch {
    return 'test';
  }
}

export function setDashboardMode(mode: DashboardMode): void {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, mode);
  } catch {
    // Private windows may refuse storage; the switch then lasts as long as the page.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useDashboardMode(): DashboardMode {
  return useSyncExternalStore(subscribe, getDashboardMode, () => 'test');
}

/**
 * The URL's word on the mode (`?mode=live` or `?mode=test` on an account page): a link opens the
 * page in its mode. Live mode writes it into every account page's URL, as the mode that is not
 * the default (Stripe marks its test pages the same way); null when the URL says nothing.
 */
export const MODE_PARAM = 'mode';

export function modeInUrl(search: URLSearchParams): DashboardMode | null {
  const asked = search.get(MODE_PARAM);
  return asked === 'live' || asked === 'test' ? asked : null;
}

/** The search with the mode written as the URL shows it: live marked, test left unmarked. */
export function searchWithMode(search: URLSearchParams, mode: DashboardMode): URLSearchParams {
  const next = new URLSearchParams(search);
  if (mode === 'live') next.set(MODE_PARAM, 'live');
  else next.delete(MODE_PARAM);
  return next;
}

/** The header a session request carries in test mode. */
export function modeHeader(request: Request): Request {
  if (getDashboardMode() === 'test') request.headers.set('Dialwise-Mode', 'test');
  return request;
}
