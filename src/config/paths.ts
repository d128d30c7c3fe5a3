/**
 * The route table's paths, in one place. Link with `paths.x.href`, never a string literal.
 * No route has path parameters.
 */
export const paths = {
  home: { path: '/', href: '/' },
  auth: { path: '/auth', href: '/auth' },
  /** The same page on its Sign-up tab: where every "Start now" and sign-up link goes. */
  signUp: { path: '/auth', href: '/auth?mode=sign-up' },
  /** Where the recovery e-mail's link lands, signed in, to set a new password. */
  resetPassword: { path: '/reset-password', href: '/reset-password' },
  pricing: { path: '/pricing', href: '/pricing' },
  terms: { path: '/terms', href: '/terms' },
  privacy: { path: '/privacy', href: '/privacy' },
  contact: { path: '/contact', href: '/contact' },
  /** A callee asks that a number not be called again (no account needed). */
  stopCalls: { path: '/stop-calls', href: '/stop-calls' },
  docs: { path: '/docs', href: '/docs' },
  docsPhoneAgent: { path: '/docs/phone-agent', href: '/docs/phone-agent' },
  status: { path: '/status', href: '/status' },
  help: { path: '/help', href: '/help' },

  dashboard: { path: '/dashboard', href: '/dashboard' },
  profile: { path: '/profile', href: '/profile' },
  apiKey: { path: '/apikey', href: '/apikey' },
  phoneAgentSettings: { path: '/phone-agent-settings', href: '/phone-agent-settings' },
  agents: { path: '/agents', href: '/agents' },
  billing: { path: '/billing', href: '/billing' },
  calls: { path: '/calls', href: '/calls' },
  batches: { path: '/batches', href: '/batches' },
  requestLogs: { path: '/request-logs', href: '/request-logs' },
  doNotCall: { path: '/do-not-call', href: '/do-not-call' },
  numbers: { path: '/numbers', href: '/numbers' },
  webhooks: { path: '/webhooks', href: '/webhooks' },
  usage: { path: '/usage', href: '/usage' },
  onboardingStep2: { path: '/onboarding-step-2', href: '/onboarding-step-2' },
  onboardingStep3: { path: '/onboarding-step-3', href: '/onboarding-step-3' },
  verifyPhone: { path: '/verify-phone', href: '/verify-phone' },
} as const;

/** The query parameter of /calls that opens one call's details (`/calls?call=task_…`). */
export const CALL_PARAM = 'call';

/** One call's page: the calls list with the call's details open. */
export const callHref = (taskId: string) =>
  `${paths.calls.href}?${CALL_PARAM}=${encodeURIComponent(taskId)}`;

/** Use-case slugs: the ten pages of the route table plus the four carousel targets. */
export const useCaseSlugs = [
  'healthcare',
  'shift-fill',
  'after-service',
  'tenant-notice',
  'rent-due-calls',
  'safecheck-attendance',
  'loadtrack-checkins',
  'petcare',
  'pre-auth-assistant',
  'rx-clarification',
  'ecommerce',
  'real-estate',
  'finance',
  'education',
] as const;
export type UseCaseSlug = (typeof useCaseSlugs)[number];

export const useCasePath = (slug: UseCaseSlug) => `/use-cases/${slug}` as const;

/**
 * The public pages: prerendered at build time (scripts/prerender.ts), and served to a visitor
 * with no stored session without loading the auth client at all (see AuthProvider).
 */
export const publicPagePaths: readonly string[] = [
  paths.home.path,
  paths.pricing.path,
  paths.terms.path,
  paths.privacy.path,
  paths.contact.path,
  paths.stopCalls.path,
  paths.docs.path,
  paths.docsPhoneAgent.path,
  paths.status.path,
  paths.help.path,
  ...useCaseSlugs.map(useCasePath),
];

export const isPublicPagePath = (pathname: string) => publicPagePaths.includes(pathname);

/** Paths that need a signed-in user. */
export const protectedPrefixes = [
  paths.dashboard.path,
  paths.profile.path,
  paths.apiKey.path,
  paths.phoneAgentSettings.path,
  paths.billing.path,
  paths.calls.path,
  paths.batches.path,
  paths.requestLogs.path,
  paths.doNotCall.path,
  paths.numbers.path,
  paths.webhooks.path,
  paths.usage.path,
  paths.onboardingStep2.path,
] as const;

/** Dashboard tabs, passed as `activeTab` in navigation state. The first opens by default. */
export const dashboardTabs = [
  'home',
  'apikey',
  'calls',
  'batches',
  'request-logs',
  'do-not-call',
  'numbers',
  'webhooks',
  'usage',
  'phone-agent-settings',
  'agents',
  'billing',
  'profile',
] as const;
export type DashboardTab = (typeof dashboardTabs)[number];

/** In-page section anchors on the landing page. */
export const sectionIds = {
  demo: 'demo',
  features: 'features',
  code: 'code',
  useCases: 'use-cases',
  pricing: 'pricing',
  waitlist: 'waitlist',
} as const;
