import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { RedirectRules } from '@/app/redirect-rules';
import { isPublicPagePath } from '@/config/paths';
import { trackPageView } from '@/lib/analytics';
import { useSession } from '@/lib/auth/session-context';

export function RootLayout() {
  const { pathname } = useLocation();
  const { requestAuthClient } = useSession();

  useEffect(() => {
    trackPageView(pathname);
  }, [pathname]);

  // Public pages work without the auth client; every other page (sign-in, the protected pages,
  // unknown paths) follows the session, so it is loaded on the way there.
  useEffect(() => {
    if (!isPublicPagePath(pathname)) requestAuthClient?.();
  }, [pathname, requestAuthClient]);

  return (
    <>
      <RedirectRules />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
