import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { toast } from '@/lib/toast';
import { SessionContext, type SessionState } from '@/lib/auth/session-context';
import {
  authErrorMessage,
  clearStoredTokens,
  hasAuthCallbackHash,
  hasRecoveryHash,
  hasAuthErrorHash,
  hasStaleTokens,
  readStoredTokens,
} from '@/lib/auth/session-rules';
import {
  runSessionStartup,
  signOutLocally,
  type StartupAuthClient,
} from '@/lib/auth/session-startup';
import { authStorageKey } from '@/lib/auth/storage-key';
import { isPublicPagePath } from '@/config/paths';
import { useHydrated } from '@/lib/prerender-context';
import { loadSupabase } from '@/lib/load-supabase';
import { LOGOUT_ERROR_TOAST_ID, SIGN_IN_TOAST_ID } from '@/features/auth/toast-ids';
import { sessionCleared } from '@/lib/auth/session-cleared';

/** Spec §8: a sign-out by the session layer itself (not the dashboard's button) failed. */
function showLogoutError() {
  toast.error('Logout Error', {
    id: LOGOUT_ERROR_TOAST_ID,
    description: 'There was a problem logging out. Please try again.',
  });
}

/** What the session layer asks of `supabase.auth`: the start-up calls, sign-out and its events. */
export type SessionAuthClient = Omit<StartupAuthClient, 'signOut'> & {
  signOut(options: { scope: 'local' | 'global' }): Promise<{ error: { message: string } | null }>;
  onAuthStateChange(callback: (event: AuthChangeEvent, session: Session | null) => void): {
    data: { subscription: { unsubscribe(): void } };
  };
};

/** The app's `supabase.auth`, loaded on demand (see `loadSupabase`). */
const loadSupabaseAuth = (): Promise<SessionAuthClient> =>
  loadSupabase().then((supabase) => supabase.auth);

function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The session layer (spec §4): one provider, one hook (`useSession`). It runs the start-up rules,
 * follows the library's authentication events and owns sign-out. Redirects and the toasts that
 * belong to a page live in the app's redirect rules and in the pages.
 */
export function AuthProvider({
  children,
  loadAuth = loadSupabaseAuth,
  deferOnPublicPages = false,
}: {
  children: ReactNode;
  /** Hands over `supabase.auth`; tests pass a stand-in (keep it stable across renders). */
  loadAuth?: () => Promise<SessionAuthClient>;
  /**
   * A visitor who lands on a public page with no stored session, no confirmation link and no
   * auth error in the URL is signed out, and the page needs nothing more: supabase-js is then
   * not loaded until a page asks for it (`requestAuthClient`: /auth and the protected pages).
   */
  deferOnPublicPages?: boolean;
}) {
  // Read on the first render, before supabase-js gets the chance to drop a stale session from
  // storage or to clear a confirmation link's hash from the URL.
  const [initial] = useState(() => {
    const storage = browserStorage();
    return {
      hadStoredTokens: storage ? readStoredTokens(storage, authStorageKey) !== null : false,
      cameFromAuthLink: typeof window !== 'undefined' && hasAuthCallbackHash(window.location.hash),
      cameFromRecoveryLink: typeof window !== 'undefined' && hasRecoveryHash(window.location.hash),
    };
  });
  // Decided once, with what the first render read; a page that needs the client asks for it.
  const [clientWanted, setClientWanted] = useState(
    () =>
      !deferOnPublicPages ||
      typeof window === 'undefined' ||
      initial.hadStoredTokens ||
      initial.cameFromAuthLink ||
      hasAuthErrorHash(window.location.hash) ||
      window.location.search.includes('error=') ||
      !isPublicPagePath(window.location.pathname),
  );
  const requestAuthClient = useCallback(() => setClientWanted(true), []);
  const [staleTokens, setStaleTokens] = useState(false);
  const [session, setSession] = useState<Session | null>(null);
  // A deferred start is settled at once: with nothing stored, nobody is signed in.
  const [loading, setLoading] = useState(clientWanted);
  const [error, setError] = useState<string | null>(null);
  const [signingOut, setSigningOut] = useState(false);
  const userIdRef = useRef<string | null>(null);
  const settledRef = useRef(false);

  const clearLocalState = useCallback(() => {
    userIdRef.current = null;
    setSession(null);
    const storage = browserStorage();
    if (storage) clearStoredTokens(storage, authStorageKey);
    sessionCleared();
  }, []);

  useEffect(() => {
    if (!clientWanted) return;
    let active = true;
    let unsubscribe = () => {};

    void loadAuth().then((auth) => {
      if (!active) return;
      const { data } = auth.onAuthStateChange((event: AuthChangeEvent, next) => {
        if (!active) return;
        switch (event) {
          case 'SIGNED_IN': {
            const isNewSignIn = !!next?.user && userIdRef.current !== next.user.id;
            userIdRef.current = next?.user.id ?? null;
            setSession(next);
            setSigningOut(false);
            // Start-up and tab refocus re-emit SIGNED_IN for a known session; only a real sign-in
            // is announced. The form's 'Login successful!' replaces this toast (same id).
            if (isNewSignIn && settledRef.current) {
              toast.success('Sign in successful', {
                id: SIGN_IN_TOAST_ID,
                description: 'Welcome back!',
              });
            }
            break;
          }
          case 'SIGNED_OUT':
            clearLocalState();
            break;
          case 'TOKEN_REFRESHED':
            setSession(next);
            toast.success('Session refreshed', { id: 'session-refreshed' });
            break;
          case 'USER_UPDATED':
          case 'PASSWORD_RECOVERY':
            // Spec §4: only logged.
            console.info(`[auth] ${event}`);
            setSession(next);
            break;
          case 'INITIAL_SESSION':
            // The start-up rules below decide what the initial session is worth.
            break;
          default:
            break;
        }
      });

      unsubscribe = () => data.subscription.unsubscribe();

      void runSessionStartup(auth)
        .then((result) => {
          if (!active) return;
          if (result.signOutFailed) {
            // The library keeps the stored session when its sign-out fails; drop it anyway so a
            // session the start-up rejected is not picked up again on the next load.
            clearLocalState();
            showLogoutError();
          }
          userIdRef.current = result.session?.user.id ?? null;
          setSession(result.session);
          setError(result.error);
          setStaleTokens(
            hasStaleTokens({
              hadStoredTokens: initial.hadStoredTokens,
              loading: false,
              hasUser: !!result.session,
            }),
          );
          // A password-reset link signs in only to set a new password: greeting it as a sign-in
          // ("Welcome back!") above the "Set a new password" form reads as if nothing were left
          // to do.
          if (result.session && initial.cameFromAuthLink && !initial.cameFromRecoveryLink) {
            toast.success('Sign in successful', {
              id: SIGN_IN_TOAST_ID,
              description: 'Welcome back!',
            });
          }
        })
        .catch((startupError: unknown) => {
          if (!active) return;
          setError(authErrorMessage(startupError));
        })
        .finally(() => {
          if (!active) return;
          settledRef.current = true;
          setLoading(false);
        });
    });

    return () => {
      active = false;
      unsubscribe();
    };
  }, [clearLocalState, initial, loadAuth, clientWanted]);

  const signOut = useCallback(async () => {
    setSigningOut(true);
    try {
      const auth = await loadAuth();
      const { error: signOutError } = await auth.signOut({ scope: 'global' });
      if (signOutError) {
        setSigningOut(false);
        return { error: signOutError.message ?? '' };
      }
      clearLocalState();
      // `signingOut` stays true until the redirect rules see the user off the protected pages.
      return { error: null };
    } catch (exception) {
      setSigningOut(false);
      throw exception;
    }
  }, [clearLocalState, loadAuth]);

  const settleSignOut = useCallback(() => setSigningOut(false), []);

  const expireSession = useCallback(async () => {
    const storage = browserStorage();
    if (storage) clearStoredTokens(storage, authStorageKey);
    const signedOut = await signOutLocally(await loadAuth());
    clearLocalState();
    if (!signedOut) showLogoutError();
    setStaleTokens(false);
    setError(null);
  }, [clearLocalState, loadAuth]);

  const clearError = useCallback(() => setError(null), []);

  // A prerendered page was rendered for an anonymous visitor with nothing loaded: until React has
  // hydrated it, that is the session every component sees, whatever the browser has stored.
  const hydrated = useHydrated();
  const authClientWanted = hydrated ? clientWanted : false;
  const settling = hydrated && loading;

  const user = session?.user ?? null;
  const value = useMemo<SessionState>(
    () => ({
      session,
      user,
      loading: settling,
      error,
      signingOut,
      signOut,
      staleTokens,
      expireSession,
      clearError,
      settleSignOut,
      requestAuthClient,
      authClientWanted,
    }),
    [
      session,
      user,
      settling,
      error,
      signingOut,
      signOut,
      staleTokens,
      expireSession,
      clearError,
      settleSignOut,
      requestAuthClient,
      authClientWanted,
    ],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
