import { KeyRound, LogOut, Mic, PhoneCall, User, Wallet, type LucideIcon } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { PRODUCT_NAME } from '@/config/constants';
import { dashboardTabs, paths, type DashboardTab } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/auth/session-context';
import { CallsPanel } from '@/features/calls/components/calls-panel';
import { BalanceBar } from './balance-bar';
import { BillingPanel } from '@/features/billing/components/billing-panel';
import { ApiKeyPanel, PhoneAgentSettingsPanel, ProfilePanel } from './tab-panels';
import { useLogOut } from './use-log-out';

const tabs: Record<DashboardTab, { label: string; icon: LucideIcon; panel: () => ReactNode }> = {
  apikey: { label: 'API Keys', icon: KeyRound, panel: () => <ApiKeyPanel /> },
  calls: { label: 'Calls', icon: PhoneCall, panel: () => <CallsPanel /> },
  'phone-agent-settings': {
    label: 'Phone Agent',
    icon: Mic,
    panel: () => <PhoneAgentSettingsPanel />,
  },
  billing: { label: 'Billing', icon: Wallet, panel: () => <BillingPanel /> },
  profile: { label: 'Profile', icon: User, panel: () => <ProfilePanel /> },
};

/** `activeTab` from navigation state, if it names a tab. */
export function requestedTab(state: unknown): DashboardTab | null {
  if (!state || typeof state !== 'object' || !('activeTab' in state)) return null;
  const tab = (state as { activeTab: unknown }).activeTab;
  return (dashboardTabs as readonly unknown[]).includes(tab) ? (tab as DashboardTab) : null;
}

export type DashboardPageProps = {
  /**
   * Onboarding dialogs slot (spec §2: KYC dialog, then phone verification dialog). They arrive
   * with the onboarding issue; the shell hides them while a logout is in progress.
   */
  onboardingDialogs?: ReactNode;
};

/**
 * /dashboard (spec §2): sticky balance bar, a sidebar of tabs (apikey, calls, phone-agent-settings,
 * billing, profile) and Log Out; on small screens the tabs form a row above the content.
 */
export function DashboardPage({ onboardingDialogs = null }: DashboardPageProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const { signingOut } = useSession();
  const { logOut, loggingOut } = useLogOut();
  const tabsId = useId();

  const fromState = requestedTab(location.state);
  // Stripe Checkout returns to /dashboard?tab=billing&… (the billing tab removes its query).
  const requested =
    fromState ?? requestedTab({ activeTab: new URLSearchParams(location.search).get('tab') });
  const [activeTab, setActiveTab] = useState<DashboardTab>(requested ?? 'apikey');
  const [appliedKey, setAppliedKey] = useState(location.key);
  // A new navigation to /dashboard with `activeTab` (e.g. the balance bar's button) while mounted.
  if (requested && appliedKey !== location.key) {
    setAppliedKey(location.key);
    setActiveTab(requested);
  }

  // The initial tab was taken from navigation state: replace the history entry without it.
  useEffect(() => {
    if (fromState) navigate(location.pathname, { replace: true, state: {} });
  }, [fromState, location.pathname, navigate]);

  const busy = loggingOut || signingOut;

  return (
    <div className="min-h-screen bg-muted/30">
      <BalanceBar />
      <div className="flex flex-col md:flex-row">
        <aside className="border-b bg-card md:sticky md:top-14 md:flex md:h-[calc(100vh-3.5rem)] md:w-64 md:shrink-0 md:flex-col md:border-b-0 md:border-r">
          <Link
            to={paths.home.href}
            className="hidden px-6 pb-2 pt-6 text-lg font-bold tracking-tight md:block"
          >
            {PRODUCT_NAME}
          </Link>
          <div className="flex items-center gap-2 overflow-x-auto p-2 md:flex-1 md:flex-col md:items-stretch md:overflow-visible md:p-4">
            <div role="tablist" aria-label="Dashboard sections" className="flex gap-1 md:flex-col">
              {dashboardTabs.map((tab) => {
                const { label, icon: Icon } = tabs[tab];
                const selected = tab === activeTab;
                return (
                  <button
                    key={tab}
                    type="button"
                    role="tab"
                    id={`${tabsId}-${tab}`}
                    aria-selected={selected}
                    aria-controls={`${tabsId}-panel`}
                    onClick={() => setActiveTab(tab)}
                    className={cn(
                      'flex shrink-0 items-center gap-2 whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                      selected
                        ? 'bg-primary/10 text-primary'
                        : 'text-muted-foreground hover:bg-accent hover:text-accent-foreground',
                    )}
                  >
                    <Icon className="size-4" aria-hidden />
                    {label}
                  </button>
                );
              })}
            </div>
            <Button
              variant="ghost"
              align="start"
              className="ml-auto shrink-0 text-muted-foreground md:ml-0 md:mt-auto"
              disabled={busy}
              onClick={() => void logOut()}
            >
              <LogOut aria-hidden />
              {busy ? 'Logging out...' : 'Log Out'}
            </Button>
          </div>
        </aside>
        <main
          id={`${tabsId}-panel`}
          role="tabpanel"
          aria-labelledby={`${tabsId}-${activeTab}`}
          className="mx-auto w-full max-w-4xl flex-1 p-4 md:p-8"
        >
          <h1 className="sr-only">Dashboard</h1>
          {tabs[activeTab].panel()}
        </main>
      </div>
      {busy ? null : onboardingDialogs}
    </div>
  );
}
