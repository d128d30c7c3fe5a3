import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session-context';

const UNEXPECTED = 'An unexpected error occurred';

/**
 * Dashboard logout: busy while signing out; success goes to /; failure re-enables
 * the button with 'Logout failed' (server message), an exception with 'Logout error'.
 */
export function useLogOut() {
  const { signOut } = useSession();
  const navigate = useNavigate();
  const [loggingOut, setLoggingOut] = useState(false);

  async function logOut() {
    setLoggingOut(true);
    try {
      const { error } = await signOut();
      if (error !== null) {
        toast.error('Logout failed', { description: error || UNEXPECTED });
        setLoggingOut(false);
        return;
      }
      navigate(paths.home.href, { replace: true });
    } catch (exception) {
      toast.error('Logout error', {
        description: (exception instanceof Error && exception.message) || UNEXPECTED,
      });
      setLoggingOut(false);
    }
  }

  return { logOut, loggingOut };
}
