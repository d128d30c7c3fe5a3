import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, type Location } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { paths, protectedPrefixes } from '@/config/paths';
import { LANDING_REDIRECT_DELAY_MS } from '@/config/constants';
import { track } from '@/lib/analytics';
import { followAuthCallback } from '@/lib/auth/auth-callback';
import { initialUrlHash } from '@/lib/auth/initial-url-hash';
import { useSession } from '@/lib/auth/session-context';
import {
  hasAuthCallbackHash,
  hasAuthErrorHash,
  hasRecoveryHash,
  hasRefreshTokenError,
} from '@/lib/auth/session-rules';
import { loadSupabase } from '@/lib/load-supabase';

/**
 * Every redirect rule of the app, in one place. `decideRedirect` is the pure decision (tested on
 * its own); `<RedirectRules />` (mounted once by the root layout) carries it out.
 *
 * The remaining rule, 'an unauthenticated user on a protected path goes to /auth', is enforced by
 * the route table itself: every protected path (and every path under a protected prefix) sits
 * under the `ProtectedRoute` guard, which remembers where the user was going.
 */

function trimTrailingSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** /dashboard, /profile, … and anything below them. */
export function isProtectedPath(pathname: string): boolean {
  const path = trimTrailingSlash(pathname);
  return protectedPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** A path below a protected prefix that is not itself a page, e.g. /dashboard/nope. */
export function isUnknownProtectedPath(pathname: string): boolean {
  const path = trimTrailingSlash(pathname);
  return protectedPrefixes.some((prefix) => path.startsWith(`${prefix}/`));
}

/** Where a signed-in user on /auth goes: back to where the guard stopped them, else /dashboard. */
export function returnPath(from: unknown): string {
  if (from && typeof from === 'object' && 'pathname' in from) {
    const { pathname, search = '', hash = '' } = from as Partial<Location>;
    if (
      typeof pathname === 'string' &&
      pathname.startsWith('/') &&
      !pathname.startsWith('//') &&
      pathname !== paths.auth.path
    ) {
      return `${pathname}${search}${hash}`;
    }
  }
  return paths.dashboard.href;
}

export type RedirectInput = {
  pathname: string;
  search: string;
  /** `location.state.from`, set by the protected-route guard. */
  from?: unknown;
  loading: boolean;
  signedIn: boolean;
  staleTokens: boolean;
};

export type RedirectDecision =
  | { kind: 'expire-session' }
  | { kind: 'navigate'; to: string; delayMs: number; reason: string }
  | { kind: 'stay' };

export function decideRedirect(input: RedirectInput): RedirectDecision {
  if (input.loading) return { kind: 'stay' };
  // Refused refresh token in the query, or stale stored tokens without a user.
  if (hasRefreshTokenError(input.search) || input.staleTokens) return { kind: 'expire-session' };
  if (!input.signedIn) return { kind: 'stay' };

  const path = trimTrailingSlash(input.pathname);
  if (path === paths.home.path) {
    return {
      kind: 'navigate',
      to: paths.dashboard.href,
      delayMs: LANDING_REDIRECT_DELAY_MS,
      reason: 'home',
    };
  }
  if (path === paths.auth.path) {
    return { kind: 'navigate', to: returnPath(input.from), delayMs: 0, reason: 'auth' };
  }
  if (isUnknownProtectedPath(path)) {
    return { kind: 'navigate', to: paths.dashboard.href, delayMs: 0, reason: 'unknown-path' };
  }
  if (input.search.includes('error=') || input.search.includes('NOT_FOUND')) {
    return { kind: 'navigate', to: paths.dashboard.href, delayMs: 0, reason: 'error-query' };
  }
  return { kind: 'stay' };
}

let initialHashHandled = false;

export function RedirectRules() {
  const { user, loading, staleTokens, expireSession, signingOut, settleSignOut } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const expiring = useRef(false);
  const [waitingForHash, setWaitingForHash] = useState(
    () =>
      !initialHashHandled &&
      (hasAuthCallbackHash(initialUrlHash) || hasAuthErrorHash(initialUrlHash)),
  );

  // URL hash with access_token (the confirmation link): wait 500 ms, fetch the session, go to /
  // when there is one (from where a signed-in user goes on to /dashboard), else to /auth. A
  // recovery link's session goes to the page that sets the new password instead. A link
  // that failed (#error=…) also goes to /auth, where the session layer's error is shown.
  useEffect(() => {
    if (!waitingForHash) return;
    return followAuthCallback(
      () => loadSupabase().then((supabase) => supabase.auth),
      (to) => {
        initialHashHandled = true;
        setWaitingForHash(false);
        navigate(to, { replace: true });
      },
      undefined,
      hasRecoveryHash(initialUrlHash) ? paths.resetPassword.href : paths.home.href,
    );
  }, [waitingForHash, navigate]);

  // A finished sign-out is settled once the user is off the protected pages (see SessionState).
  const signedOutAndAway = signingOut && !user && !isProtectedPath(location.pathname);
  useEffect(() => {
    if (signedOutAndAway) settleSignOut?.();
  }, [signedOutAndAway, settleSignOut]);

  const from: unknown = (location.state as { from?: unknown } | null)?.from;
  const decision = decideRedirect({
    pathname: location.pathname,
    search: location.search,
    from,
    loading: loading || waitingForHash,
    signedIn: !!user,
    staleTokens: !!staleTokens,
  });

  const decisionKey =
    decision.kind === 'navigate' ? `${decision.kind}:${decision.to}` : decision.kind;
  useEffect(() => {
    if (decision.kind === 'expire-session') {
      if (expiring.current) return;
      expiring.current = true;
      const state = isProtectedPath(location.pathname) ? { from: location } : undefined;
      void (expireSession?.() ?? Promise.resolve()).finally(() => {
        expiring.current = false;
        toast.error('Session expired', {
          id: 'session-expired',
          description: 'Your session has expired. Please sign in again.',
          duration: 8_000,
        });
        navigate(paths.auth.href, { replace: true, state });
      });
      return;
    }
    if (decision.kind !== 'navigate') return;
    const go = () => {
      track('authenticated_redirect', { from: location.pathname, to: decision.to });
      navigate(decision.to, { replace: true });
    };
    if (decision.delayMs === 0) {
      go();
      return;
    }
    const timer = window.setTimeout(go, decision.delayMs);
    return () => window.clearTimeout(timer);
    // The decision (by its key) and the location drive this effect.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [decisionKey, location.key]);

  return null;
}
