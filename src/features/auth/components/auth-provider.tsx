import type { Session } from '@supabase/supabase-js';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { SessionContext, type SessionState } from '@/lib/auth/session-context';
import { supabase } from '@/lib/supabase';

// Minimal provider; the auth issue replaces it with the full session rules of spec §4.
export function AuthProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session | null>(null);
  const [loading, setLoading] = useState(true);
  const [signingOut, setSigningOut] = useState(false);

  useEffect(() => {
    void supabase.auth.getSession().then(({ data }) => {
      setSession(data.session);
      setLoading(false);
    });
    const { data } = supabase.auth.onAuthStateChange((_event, next) => setSession(next));
    return () => data.subscription.unsubscribe();
  }, []);

  const value = useMemo<SessionState>(
    () => ({
      session,
      user: session?.user ?? null,
      loading,
      error: null,
      signingOut,
      signOut: async () => {
        setSigningOut(true);
        const { error } = await supabase.auth.signOut({ scope: 'global' });
        setSigningOut(false);
        return { error: error?.message ?? null };
      },
    }),
    [session, loading, signingOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
