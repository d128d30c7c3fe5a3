import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { RedirectRules } from '@/app/redirect-rules';
import { trackPageView } from '@/lib/analytics';

export function RootLayout() {
  const { pathname } = useLocation();

  useEffect(() => {
    trackPageView(pathname);
  }, [pathname]);

  return (
    <>
      <RedirectRules />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
