import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { DashboardShell, sidebarItemClass } from './dashboard-shell';

const links = [
  { href: paths.profile.href, label: 'Profile' },
  { href: paths.apiKey.href, label: 'API Keys' },
  { href: paths.calls.href, label: 'Calls' },
  { href: paths.batches.href, label: 'Batches' },
  { href: paths.requestLogs.href, label: 'Request logs' },
  { href: paths.doNotCall.href, label: 'Do Not Call' },
  { href: paths.numbers.href, label: 'Numbers' },
  { href: paths.webhooks.href, label: 'Webhooks' },
  { href: paths.usage.href, label: 'Usage' },
  { href: paths.phoneAgentSettings.href, label: 'Phone Agent' },
  { href: paths.agents.href, label: 'Agents' },
  { href: paths.billing.href, label: 'Billing' },
  { href: paths.dashboard.href, label: 'Dashboard' },
] as const;

/**
 * Frame of the standalone account pages (/profile, /apikey, /calls, /phone-agent-settings,
 * /billing): the dashboard's frame (balance bar, sidebar, Log Out), whose side navigation leads
 * to the other pages and the dashboard, hiding the current page.
 */
export function StandalonePage({ title, children }: { title: string; children: ReactNode }) {
  // '/billing/' is the billing page too.
  const current = useLocation().pathname.replace(/(.)\/+$/, '$1');
  return (
    <DashboardShell
      current={title}
      navigation={
        <nav aria-label="Account">
          <ul className="flex flex-col gap-1">
            {links
              .filter((link) => link.href !== current)
              .map((link) => (
                <li key={link.href}>
                  <Link to={link.href} className={sidebarItemClass(false)}>
                    {link.label}
                  </Link>
                </li>
              ))}
          </ul>
        </nav>
      }
    >
      <main
        id="main"
        className="mx-auto grid w-full max-w-4xl flex-1 content-start gap-6 p-4 md:p-8"
      >
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        {children}
      </main>
    </DashboardShell>
  );
}
