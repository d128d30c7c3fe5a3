import {
  BarChart3,
  Bot,
  House,
  KeyRound,
  ListChecks,
  ScrollText,
  Mic,
  Phone,
  PhoneCall,
  PhoneOff,
  User,
  Wallet,
  Webhook,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useId, type ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { dashboardTabs, type DashboardTab } from '@/config/paths';
import { BatchesPanel } from '@/features/batches/components/batches-panel';
import { RequestLogsPanel } from '@/features/request-logs/components/request-logs-panel';
import { CallsPanel } from '@/features/calls/components/calls-panel';
import { DoNotCallCard } from '@/features/do-not-call/components/do-not-call-card';
import { NumbersCard } from '@/features/numbers/components/numbers-card';
import { AgentsCard } from '@/features/agents/components/agents-card';
import { DashboardShell, sidebarItemClass } from '@/features/dashboard/components/dashboard-shell';
import { BillingPanel } from '@/features/billing/components/billing-panel';
import {
  ApiKeyPanel,
  GettingStartedPanel,
  PhoneAgentSettingsPanel,
  ProfilePanel,
  UsagePanel,
  WebhooksPanel,
} from './tab-panels';

const tabs: Record<DashboardTab, { label: string; icon: LucideIcon; panel: () => ReactNode }> = {
  home: { label: 'Getting started', icon: House, panel: () => <GettingStartedPanel /> },
  apikey: { label: 'API Keys', icon: KeyRound, panel: () => <ApiKeyPanel /> },
  calls: { label: 'Calls', icon: PhoneCall, panel: () => <CallsPanel /> },
  batches: {
    label: 'Batches',
    icon: ListChecks,
    panel: () => <BatchesPanel />,
  },
  'request-logs': { label: 'Request logs', icon: ScrollText, panel: () => <RequestLogsPanel /> },
  'do-not-call': {
    label: 'Do Not Call',
    icon: PhoneOff,
    panel: () => <DoNotCallCard />,
  },
  numbers: { label: 'Numbers', icon: Phone, panel: () => <NumbersCard /> },
  webhooks: { label: 'Webhooks', icon: Webhook, panel: () => <WebhooksPanel /> },
  usage: { label: 'Usage', icon: BarChart3, panel: () => <UsagePanel /> },
  'phone-agent-settings': {
    label: 'Phone Agent',
    icon: Mic,
    panel: () => <PhoneAgentSettingsPanel />,
  },
  agents: { label: 'Agents', icon: Bot, panel: () => <AgentsCard /> },
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
   * Onboarding dialogs slot: the KYC dialog, then the phone verification dialog
   * (docs/product-rules.md#accounts-and-onboarding). The route passes them in
   * (src/app/dashboard-route.tsx); the shell hides them while a logout is in progress.
   */
  onboardingDialogs?: ReactNode;
};

/**
 * /dashboard: the account frame with tabs (home, the Getting started checklist; apikey, calls,
 * batches, request-logs, do-not-call, numbers, webhooks, usage,
 * phone-agent-settings, agents, billing, profile). The open tab is in the URL (`?tab=`), so a reload, a shared link and Back keep it; a
 * tab passed as `activeTab` in navigation state opens too, and the history entry is replaced by
 * the same page with the tab in its URL.
 */
export function DashboardPage({ onboardingDialogs = null }: DashboardPageProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const tabsId = useId();

  const fromState = requestedTab(location.state);
  const activeTab: DashboardTab =
    fromState ?? requestedTab({ activeTab: searchParams.get('tab') }) ?? 'home';

  // The initial tab was taken from navigation state: replace the entry with the tab in the URL.
  useEffect(() => {
    if (fromState)
      navigate(
        { pathname: location.pathname, search: `?tab=${fromState}` },
        { replace: true, state: {} },
      );
  }, [fromState, location.pathname, navigate]);

  // Choosing the open tab again replaces its entry rather than adding one to the history; it is
  // still a navigation, which closes the phone's menu.
  function selectTab(tab: DashboardTab) {
    navigate(
      { pathname: location.pathname, search: `?tab=${tab}` },
      { replace: tab === activeTab },
    );
  }

  return (
    <DashboardShell
      current={tabs[activeTab].label}
      after={onboardingDialogs}
      navigation={
        <div role="tablist" aria-label="Dashboard sections" className="flex flex-col gap-1">
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
                onClick={() => selectTab(tab)}
                className={sidebarItemClass(selected)}
              >
                <Icon className="size-4" aria-hidden />
                {label}
              </button>
            );
          })}
        </div>
      }
    >
      <main
        id={`${tabsId}-panel`}
        role="tabpanel"
        aria-labelledby={`${tabsId}-${activeTab}`}
        className="mx-auto w-full max-w-4xl flex-1 p-4 md:p-8"
      >
        <h1 className="sr-only">Dashboard</h1>
        {tabs[activeTab].panel()}
      </main>
    </DashboardShell>
  );
}
