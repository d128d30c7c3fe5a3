import type { Session, User } from '@supabase/supabase-js';
import { createContext, useContext } from 'react';

/**
 * The session as the whole app sees it. Provided once by the auth feature's AuthProvider;
 * shared layout (navbar) and every feature read it through `useSession()`.
 */
export type SessionState = {
  session: Session | null;
  user: User | null;
  /** True until the start-up rules of spec §4 have settled. */
  loading: boolean;
  /** Start-up error, e.g. 'Session expired'. */
  error: string | null;
  /** True while a sign-out is in flight (dialogs hide meanwhile). */
  signingOut: boolean;
  /** Global sign-out; resolves with the server's error message, if any. */
  signOut: () => Promise<{ error: string | null }>;
};

export const SessionContext = createContext<SessionState | null>(null);

export function useSession(): SessionState {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <AuthProvider>');
  return value;
}
