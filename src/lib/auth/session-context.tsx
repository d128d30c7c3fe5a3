import type { Session, User } from '@supabase/supabase-js';
import { createContext, useContext } from 'react';

/**
 * The session as the whole app sees it. Provided once by the auth feature's AuthProvider;
 * shared layout (navbar) and every feature read it through `useSession()`.
 */
export type SessionState = {
  session: Session | null;
  user: User | null;
  /** True until the start-up rules (docs/product-rules.md#sessions) have settled. */
  loading: boolean;
  /** Start-up error, e.g. 'Session expired', or an error from the URL callback. */
  error: string | null;
  /**
   * True while a sign-out is in flight (dialogs hide meanwhile). After a successful sign-out it
   * stays true until the user is off the protected pages (see `settleSignOut`), so the guard does
   * not bounce a user who is on the way to / over to /auth.
   */
  signingOut: boolean;
  /** Global sign-out; resolves with the server's error message, if any. */
  signOut: () => Promise<{ error: string | null }>;
  // The three fields below are optional so that hand-made states in tests (see
  // src/testing/session.ts) need not spell them out; the AuthProvider always provides them.
  /**
   * Stored auth tokens were found at start-up but yielded no user: the redirect rules
   * clear them with a 'Session expired' toast.
   */
  staleTokens?: boolean;
  /** Clears stored tokens and signs out locally (stale or refused refresh token). */
  expireSession?: () => Promise<void>;
  /** Marks the error state as shown. */
  clearError?: () => void;
  /** Ends the signing-out state once the user has left the protected pages. */
  settleSignOut?: () => void;
  /** Loads the auth client if the start deferred it (a page that signs in or needs a user). */
  requestAuthClient?: () => void;
  /**
   * False while a deferred start has not loaded the auth client: nobody is signed in, and no
   * session rule (redirects, expiry) can apply yet.
   */
  authClientWanted?: boolean;
};

export const SessionContext = createContext<SessionState | null>(null);

export function useSession(): SessionState {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <AuthProvider>');
  return value;
}
