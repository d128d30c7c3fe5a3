import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { track } from '@/lib/analytics';
import { useSession } from '@/lib/auth/session-context';
import { readStoredTokens } from '@/lib/auth/session-rules';
import { authStorageKey } from '@/lib/auth/storage-key';

function hasStoredSession(): boolean {
  try {
    return readStoredTokens(window.localStorage, authStorageKey) !== null;
  } catch {
    return false;
  }
}

/**
 * Protected-route guard: 'Loading authentication...' while the session layer starts; with
 * no user but a stored session, a 'Session recovery' toast while the redirect rules deal with the
 * stored tokens; otherwise a history-replacing redirect to /auth that remembers where the user
 * was going (the auth page returns there after sign-in).
 */
export function ProtectedRoute() {
  const { user, loading, signingOut } = useSession();
  const location = useLocation();
  const recovering = !loading && !user && hasStoredSession();

  useEffect(() => {
    if (loading) return;
    track('protected_route_access', { path: location.pathname, authenticated: !!user });
  }, [loading, user, location.pathname]);

  useEffect(() => {
    if (recovering) {
      toast.info('Session recovery', {
        id: 'session-recovery',
        description: 'Recovering your session...',
      });
    }
  }, [recovering]);

  if (loading) return <Spinner label="Loading authentication..." className="min-h-screen" />;
  if (user) return <Outlet />;
  if (signingOut) return <Spinner label="Logging out..." className="min-h-screen" />;
  if (recovering) return <Spinner label="Recovering your session..." className="min-h-screen" />;
  return <Navigate to={paths.auth.href} replace state={{ from: location }} />;
}
