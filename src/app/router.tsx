import { createBrowserRouter, Navigate, RouterProvider, type RouteObject } from 'react-router-dom';
import { paths, protectedPrefixes, useCaseSlugs } from '@/config/paths';
import { ProtectedRoute } from '@/app/guards/protected-route';
import { RootLayout } from '@/app/root-layout';
import { Spinner } from '@/components/ui/spinner';

/**
 * The route table of spec §2, in one place. Every page is its own chunk, so the landing page
 * loads no dashboard code.
 */
const publicRoutes: RouteObject[] = [
  {
    path: paths.home.path,
    lazy: () =>
      import('@/features/marketing/components/landing-page').then((m) => ({
        Component: m.LandingPage,
      })),
  },
  {
    path: paths.auth.path,
    lazy: () =>
      import('@/features/auth/components/auth-page').then((m) => ({ Component: m.AuthPage })),
  },
  {
    path: paths.pricing.path,
    lazy: () =>
      import('@/features/marketing/components/pricing-page').then((m) => ({
        Component: m.PricingPage,
      })),
  },
  {
    path: paths.terms.path,
    lazy: () =>
      import('@/features/legal/components/terms-page').then((m) => ({ Component: m.TermsPage })),
  },
  {
    path: paths.privacy.path,
    lazy: () =>
      import('@/features/legal/components/privacy-page').then((m) => ({
        Component: m.PrivacyPage,
      })),
  },
  {
    path: paths.docs.path,
    lazy: () =>
      import('@/features/docs/components/docs-page').then((m) => ({ Component: m.DocsPage })),
  },
  {
    path: paths.docsPhoneAgent.path,
    lazy: () =>
      import('@/features/docs/components/phone-agent-docs-page').then((m) => ({
        Component: m.PhoneAgentDocsPage,
      })),
  },
  {
    path: paths.status.path,
    lazy: () =>
      import('@/features/support/components/status-page').then((m) => ({
        Component: m.StatusPage,
      })),
  },
  {
    path: paths.help.path,
    lazy: () =>
      import('@/features/support/components/help-page').then((m) => ({ Component: m.HelpPage })),
  },
  ...useCaseSlugs.map((slug): RouteObject => ({
    path: `/use-cases/${slug}`,
    lazy: () =>
      import('@/features/use-cases/components/use-case-page').then((m) => ({
        Component: () => <m.UseCasePage slug={slug} />,
      })),
  })),
];

/**
 * Login required (spec §6). The standalone phone verification page is not in the spec's list of
 * protected paths, but it "redirects to /auth when not logged in", so it sits behind the guard too.
 */
const protectedRoutes: RouteObject[] = [
  {
    path: paths.verifyPhone.path,
    lazy: () =>
      import('@/features/onboarding/components/verify-phone-page').then((m) => ({
        Component: m.VerifyPhonePage,
      })),
  },
  {
    path: paths.dashboard.path,
    lazy: () => import('@/app/dashboard-route').then((m) => ({ Component: m.DashboardRoute })),
  },
  {
    path: paths.profile.path,
    lazy: () =>
      import('@/features/dashboard/components/profile-page').then((m) => ({
        Component: m.ProfilePage,
      })),
  },
  {
    path: paths.apiKey.path,
    lazy: () =>
      import('@/features/dashboard/components/api-key-page').then((m) => ({
        Component: m.ApiKeyPage,
      })),
  },
  {
    path: paths.phoneAgentSettings.path,
    lazy: () =>
      import('@/features/dashboard/components/phone-agent-settings-page').then((m) => ({
        Component: m.PhoneAgentSettingsPage,
      })),
  },
  {
    path: paths.billing.path,
    lazy: () =>
      import('@/features/dashboard/components/billing-page').then((m) => ({
        Component: m.BillingPage,
      })),
  },
  {
    path: paths.calls.path,
    lazy: () =>
      import('@/features/dashboard/components/calls-page').then((m) => ({
        Component: m.CallsPage,
      })),
  },
  {
    path: paths.onboardingStep2.path,
    lazy: () =>
      import('@/features/onboarding/components/onboarding-step-2-page').then((m) => ({
        Component: m.OnboardingStep2Page,
      })),
  },
];

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: () => <Spinner label="Loading..." className="min-h-screen" />,
    children: [
      ...publicRoutes,
      {
        // The pages that read or write data, under the data cache (loaded with them).
        lazy: () => import('@/app/query-layout').then((m) => ({ Component: m.QueryLayout })),
        children: [
          {
            path: paths.contact.path,
            lazy: () =>
              import('@/features/support/components/contact-page').then((m) => ({
                Component: m.ContactPage,
              })),
          },
          {
            Component: ProtectedRoute,
            children: [
              ...protectedRoutes,
              // Unknown paths under a protected prefix: the guard sends anonymous users to /auth
              // and the redirect rules (src/app/redirect-rules.tsx) send signed-in users to
              // /dashboard, so they never show the not-found page.
              ...protectedPrefixes.map((prefix): RouteObject => ({ path: `${prefix}/*` })),
            ],
          },
        ],
      },
      { path: paths.onboardingStep3.path, element: <Navigate to={paths.dashboard.href} replace /> },
      {
        path: '*',
        lazy: () => import('@/app/not-found-page').then((m) => ({ Component: m.NotFoundPage })),
      },
    ],
  },
];

const router = createBrowserRouter(routes);

/** Resolves once the first route's lazy module has loaded, so it can render without a fallback. */
export function routerReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

export function AppRouter() {
  return <RouterProvider router={router} />;
}
