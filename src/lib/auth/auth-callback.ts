import { HASH_AUTH_DELAY_MS } from '@/config/constants';
import { paths } from '@/config/paths';
import type { StartupAuthClient } from './session-startup';

/** The part of `supabase.auth` the confirmation-link rule needs. */
export type SessionSource = Pick<StartupAuthClient, 'getSession'>;

/**
 * A URL hash with access_token (the confirmation link) waits `delayMs` (500 ms), fetches
 * the session, then goes to / when there is one and to /auth otherwise. A session that cannot be
 * fetched counts as none. `loadAuth` hands over `supabase.auth` (loaded lazily by the app; a fake
 * in tests). Returns a cancel function: nothing is fetched or navigated after it is called.
 */
export function followAuthCallback(
  loadAuth: () => Promise<SessionSource>,
  go: (to: string) => void,
  delayMs: number = HASH_AUTH_DELAY_MS,
  /** Where a signed-in user goes: / (then /dashboard), or the new-password page for a recovery link. */
  signedInTo: string = paths.home.href,
): () => void {
  let cancelled = false;
  const timer = setTimeout(() => {
    void loadAuth()
      .then((auth) => auth.getSession())
      .then(({ data }) => !!data.session)
      .catch(() => false)
      .then((signedIn) => {
        if (!cancelled) go(signedIn ? signedInTo : paths.auth.href);
      });
  }, delayMs);
  return () => {
    cancelled = true;
    clearTimeout(timer);
  };
}
