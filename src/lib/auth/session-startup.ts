import type { Session, User } from '@supabase/supabase-js';
import {
  authErrorMessage,
  decideAfterRefreshFailure,
  decideStartup,
  SESSION_EXPIRED_ERROR,
  shouldSignOutAfterValidationError,
} from './session-rules';

type AuthErrorLike = { message: string; name?: string; status?: number } | null;

/** The part of `supabase.auth` the start-up needs; passed in, so tests hand over a fake. */
export type StartupAuthClient = {
  initialize(): Promise<{ error: AuthErrorLike }>;
  getSession(): Promise<{ data: { session: Session | null }; error: AuthErrorLike }>;
  refreshSession(): Promise<{ data: { session: Session | null }; error: AuthErrorLike }>;
  getUser(): Promise<{ data: { user: User | null }; error: AuthErrorLike }>;
  signOut(options: { scope: 'local' }): Promise<{ error: AuthErrorLike }>;
};

export type StartupResult = {
  session: Session | null;
  /** The session layer's error state ('Session expired', or an error from the URL callback). */
  error: string | null;
  /** What happened, for logs and tests. */
  outcome: 'no-session' | 'refreshed' | 'validated' | 'expired' | 'invalid' | 'kept';
  /**
   * The library's sign-out failed (it keeps the stored session when the server cannot be
   * reached): the caller clears the tokens itself and reports 'Logout Error'.
   */
  signOutFailed?: boolean;
};

/** Signs out of this browser; true when it worked. A thrown error counts as a failure. */
export async function signOutLocally(auth: Pick<StartupAuthClient, 'signOut'>): Promise<boolean> {
  try {
    const { error } = await auth.signOut({ scope: 'local' });
    return !error;
  } catch {
    return false;
  }
}

/**
 * Start-up: a session that expires in under 300 s is refreshed; if that fails and it
 * has already expired, it is signed out with the error 'Session expired'. Otherwise the user is
 * validated with the server and signed out on failure.
 */
export async function runSessionStartup(
  auth: StartupAuthClient,
  nowSeconds: () => number = () => Date.now() / 1000,
): Promise<StartupResult> {
  // Errors from the URL callback (e.g. an expired confirmation link) surface here.
  const { error: initError } = await auth.initialize();
  const { data, error: sessionError } = await auth.getSession();
  const urlError = initError ? authErrorMessage(initError) : null;
  const session = data.session;

  if (!session) {
    if (sessionError) {
      // The library could not refresh a stored, expired session.
      const signedOut = await signOutLocally(auth);
      return {
        session: null,
        error: urlError ?? SESSION_EXPIRED_ERROR,
        outcome: 'expired',
        signOutFailed: !signedOut,
      };
    }
    return { session: null, error: urlError, outcome: 'no-session' };
  }

  if (decideStartup(session.expires_at, nowSeconds()) === 'refresh') {
    const refreshed = await auth.refreshSession();
    if (!refreshed.error && refreshed.data.session) {
      return { session: refreshed.data.session, error: urlError, outcome: 'refreshed' };
    }
    if (decideAfterRefreshFailure(session.expires_at, nowSeconds()) === 'sign-out') {
      const signedOut = await signOutLocally(auth);
      return {
        session: null,
        error: SESSION_EXPIRED_ERROR,
        outcome: 'expired',
        signOutFailed: !signedOut,
      };
    }
  }

  const { data: userData, error: userError } = await auth.getUser();
  if (userData.user && !userError) {
    return { session: { ...session, user: userData.user }, error: urlError, outcome: 'validated' };
  }
  if (userError && !shouldSignOutAfterValidationError(userError)) {
    return { session, error: urlError, outcome: 'kept' };
  }
  const signedOut = await signOutLocally(auth);
  return { session: null, error: urlError, outcome: 'invalid', signOutFailed: !signedOut };
}
