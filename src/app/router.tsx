import type { ComponentType } from 'react';
import {
  BrowserRouter,
  matchRoutes,
  Navigate,
  useRoutes,
  type NonIndexRouteObject,
  type RouteObject,
} from 'react-router-dom';
import { paths, protectedPrefixes, useCaseSlugs } from '@/config/paths';
import { RootLayout } from '@/app/root-layout';
import { lazyComponent } from '@/lib/lazy-component';

/**
 * The route table, in one place. Every page is its own chunk, so the landing page
 * loads no dashboard code. Declarative routes (`useRoutes` under a `BrowserRouter`), not a data
 * router: the app loads its data with TanStack Query, and the data router would add about 16 kB
 * (gzipped) to every page (docs/decisions/0003-prerendered-public-pages.md).
 */

type RouteHandle = { preload: () => Promise<void> };

/** A route whose element lives in its own chunk, with a handle that loads it ahead of time. */
function lazyRoute(
  load: () => Promise<ComponentType>,
  route: Omit<NonIndexRouteObject, 'element' | 'handle'> = {},
): RouteObject {
  const Element = lazyComponent(load);
  const handle: RouteHandle = { preload: Element.preload };
  return { ...route, element: <Element />, handle };
}

function page(path: string, load: () => Promise<ComponentType>): RouteObject {
  return lazyRoute(load, { path });
}

const UseCasePage = lazyComponent(() =>
  import('@/features/use-cases/components/use-case-page').then((m) => m.UseCasePage),
);

const publicRoutes: RouteObject[] = [
  page(paths.home.path, () =>
    import('@/features/marketing/components/landing-page').then((m) => m.LandingPage),
  ),
  page(paths.auth.path, () =>
    import('@/features/auth/components/auth-page').then((m) => m.AuthPage),
  ),
  page(paths.resetPassword.path, () =>
    import('@/features/auth/components/reset-password-page').then((m) => m.ResetPasswordPage),
  ),
  page(paths.pricing.path, () =>
    import('@/features/marketing/components/pricing-page').then((m) => m.PricingPage),
  ),
  page(paths.terms.path, () =>
    import('@/features/legal/components/terms-page').then((m) => m.TermsPage),
  ),
  page(paths.privacy.path, () =>
    import('@/features/legal/components/privacy-page').then((m) => m.PrivacyPage),
  ),
  page(paths.docs.path, () =>
    import('@/features/docs/components/docs-page').then((m) => m.DocsPage),
  ),
  page(paths.docsPhoneAgent.path, () =>
    import('@/features/docs/components/phone-agent-docs-page').then((m) => m.PhoneAgentDocsPage),
  ),
  page(paths.help.path, () =>
    import('@/features/support/components/help-page').then((m) => m.HelpPage),
  ),
  ...useCaseSlugs.map((slug): RouteObject => ({
    path: `/use-cases/${slug}`,
    // One chunk for every use-case page; the key gives each its own state (open tabs, carousel).
    element: <UseCasePage key={slug} slug={slug} />,
    handle: { preload: UseCasePage.preload } satisfies RouteHandle,
  })),
];

/**
 * Login required. The standalone phone verification page is not a protected prefix,
 * but it redirects to /auth when not logged in, so it sits behind the guard too.
 */
const protectedRoutes: RouteObject[] = [
  page(paths.verifyPhone.path, () =>
    import('@/features/onboarding/components/verify-phone-page').then((m) => m.VerifyPhonePage),
  ),
  page(paths.dashboard.path, () => import('@/app/dashboard-route').then((m) => m.DashboardRoute)),
  page(paths.profile.path, () => import('@/app/dashboard/profile-page').then((m) => m.ProfilePage)),
  page(paths.apiKey.path, () => import('@/app/dashboard/api-key-page').then((m) => m.ApiKeyPage)),
  page(paths.phoneAgentSettings.path, () =>
    import('@/app/dashboard/phone-agent-settings-page').then((m) => m.PhoneAgentSettingsPage),
  ),
  page(paths.agents.path, () => import('@/app/dashboard/agents-page').then((m) => m.AgentsPage)),
  page(paths.billing.path, () => import('@/app/dashboard/billing-page').then((m) => m.BillingPage)),
  page(paths.calls.path, () => import('@/app/dashboard/calls-page').then((m) => m.CallsPage)),
  page(paths.batches.path, () => import('@/app/dashboard/batches-page').then((m) => m.BatchesPage)),
  page(paths.requestLogs.path, () =>
    import('@/app/dashboard/request-logs-page').then((m) => m.RequestLogsPage),
  ),
  page(paths.numbers.path, () => import('@/app/dashboard/numbers-page').then((m) => m.NumbersPage)),
  page(paths.doNotCall.path, () =>
    import('@/app/dashboard/do-not-call-page').then((m) => m.DoNotCallPage),
  ),
  page(paths.webhooks.path, () =>
    import('@/app/dashboard/webhooks-page').then((m) => m.WebhooksPage),
  ),
  page(paths.usage.path, () => import('@/app/dashboard/usage-page').then((m) => m.UsagePage)),
  page(paths.onboardingStep2.path, () =>
    import('@/features/onboarding/components/onboarding-step-2-page').then(
      (m) => m.OnboardingStep2Page,
    ),
  ),
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      ...publicRoutes,
      // The pages that read or write data, under the data cache (loaded with them): the contact form,
      // the live status page and every protected page.
      lazyRoute(() => import('@/app/query-layout').then((m) => m.QueryLayout), {
        children: [
          page(paths.contact.path, () =>
            import('@/features/support/components/contact-page').then((m) => m.ContactPage),
          ),
          page(paths.stopCalls.path, () =>
            import('@/features/stop-calls/components/stop-calls-page').then((m) => m.StopCallsPage),
          ),
          page(paths.status.path, () =>
            import('@/features/support/components/status-page').then((m) => m.StatusPage),
          ),
          // The guard comes in the layout's chunk (loaded by then), not in every page's first script.
          lazyRoute(() => import('@/app/query-layout').then((m) => m.ProtectedRoute), {
            children: [
              ...protectedRoutes,
              // Unknown paths under a protected prefix: the guard sends anonymous users to /auth
              // and the redirect rules (src/app/redirect-rules.tsx) send signed-in users to
              // /dashboard, so they never show the not-found page.
              ...protectedPrefixes.map((prefix): RouteObject => ({ path: `${prefix}/*` })),
            ],
          }),
        ],
      }),
      { path: paths.onboardingStep3.path, element: <Navigate to={paths.dashboard.href} replace /> },
      page('*', () => import('@/app/not-found-page').then((m) => m.NotFoundPage)),
    ],
  },
];

/**
 * Loads the chunks of every route that `pathname` renders (layouts and page), so the first render
 * of a prerendered page replaces it at once, without a loading spinner in between.
 */
export function preloadRoute(pathname: string): Promise<unknown> {
  const matches = matchRoutes(routes, pathname) ?? [];
  return Promise.all(matches.map((m) => (m.route.handle as RouteHandle | undefined)?.preload()));
}

export function AppRoutes() {
  return useRoutes(routes);
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
