import { Suspense, useEffect, useLayoutEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { RouteErrorBoundary } from '@/app/route-error-boundary';
import { ScrollRestoration } from '@/app/scroll-restoration';
import { Spinner } from '@/components/ui/spinner';
import { isPublicPagePath } from '@/config/paths';
import { trackPageView } from '@/lib/analytics';
import { lazyComponent } from '@/lib/lazy-component';
import { useSession } from '@/lib/auth/session-context';
import { toast } from '@/lib/toast';

/** Loaded with the auth client: until then nobody is signed in and no rule applies. */
const RedirectRules = lazyComponent(() =>
  import('@/app/redirect-rules').then((m) => m.RedirectRules),
);

export function RootLayout() {
  const { pathname } = useLocation();
  const { requestAuthClient, authClientWanted } = useSession();

  useEffect(() => {
    trackPageView(pathname);
  }, [pathname]);

  // A form's error belongs to its page: leaving the page takes it away. A layout effect, so it
  // runs before the new page's own effects raise their toasts.
  useLayoutEffect(() => {
    toast.dismissViewErrors();
  }, [pathname]);

  // Public pages work without the auth client; every other page (sign-in, the protected pages,
  // unknown paths) follows the session, so it is loaded on the way there.
  useEffect(() => {
    if (!isPublicPagePath(pathname)) requestAuthClient?.();
  }, [pathname, requestAuthClient]);

  return (
    <>
      {authClientWanted !== false ? (
        <Suspense fallback={null}>
          <RedirectRules />
        </Suspense>
      ) : null}
      <RouteErrorBoundary resetKey={pathname}>
        {/* Shown only while the first page of a visit loads: later navigations are transitions,
            which keep the previous page on screen until the next one is ready. */}
        <Suspense fallback={<Spinner label="Loading..." className="min-h-screen" />}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
      <ScrollRestoration />
    </>
  );
}
