import type { Session, User } from '@supabase/supabase-js';
import type { SessionState } from '@/lib/auth/session-context';
import { authStorageKey } from '@/lib/auth/storage-key';

/** A user as supabase-js returns it, with only what the app reads filled in. */
export function testUser(
  email = 'ada@example.com',
  id = '00000000-0000-4000-8000-000000000001',
): User {
  return {
    id,
    email,
    aud: 'authenticated',
    app_metadata: {},
    user_metadata: {},
    created_at: '2025-01-01T00:00:00Z',
  };
}

export function testSession(
  user: User = testUser(),
  expiresAt = Date.now() / 1000 + 3600,
): Session {
  return {
    access_token: 'access-token',
    refresh_token: 'refresh-token',
    expires_at: Math.floor(expiresAt),
    expires_in: 3600,
    token_type: 'bearer',
    user,
  };
}

/**
 * A session state to hand to `SessionContext.Provider` in component tests: signed out and settled
 * by default; pass `user` (or `signedIn: true`) for a signed-in one.
 */
export function sessionState(
  overrides: Partial<SessionState> & { signedIn?: boolean } = {},
): SessionState {
  const { signedIn, ...rest } = overrides;
  const user = rest.user ?? (signedIn ? testUser() : null);
  return {
    session: user ? testSession(user) : null,
    user,
    loading: false,
    error: null,
    signingOut: false,
    signOut: async () => ({ error: null }),
    staleTokens: false,
    expireSession: async () => {},
    clearError: () => {},
    ...rest,
  };
}

/**
 * Stores `session` where supabase-js keeps it, as a sign-in leaves it, so requests the app signs
 * with the session (the call API, the functions) carry its token. The setup clears storage after
 * each test.
 */
export function storeSession(session: Session = testSession()): Session {
  localStorage.setItem(authStorageKey, JSON.stringify(session));
  return session;
}
