import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { PRODUCT_NAME } from '@/config/constants';
import { paths } from '@/config/paths';

const links = [
  { href: paths.profile.href, label: 'Profile' },
  { href: paths.apiKey.href, label: 'API Keys' },
  { href: paths.phoneAgentSettings.href, label: 'Phone Agent' },
  { href: paths.billing.href, label: 'Billing' },
  { href: paths.dashboard.href, label: 'Dashboard' },
] as const;

/**
 * Frame of the standalone account pages (/profile, /apikey, /phone-agent-settings, /billing): a
 * side navigation to the others and the dashboard, hiding the current page (spec §2).
 */
export function StandalonePage({ title, children }: { title: string; children: ReactNode }) {
  // '/billing/' is the billing page too.
  const current = useLocation().pathname.replace(/(.)\/+$/, '$1');
  return (
    <div className="min-h-screen bg-muted/30">
      <div className="container flex flex-col gap-6 py-8 md:flex-row md:py-12">
        <nav aria-label="Account" className="md:w-56 md:shrink-0">
          <Link to={paths.home.href} className="mb-4 block text-lg font-bold tracking-tight">
            {PRODUCT_NAME}
          </Link>
          <ul className="flex flex-wrap gap-1 md:flex-col">
            {links
              .filter((link) => link.href !== current)
              .map((link) => (
                <li key={link.href}>
                  <Link
                    to={link.href}
                    className="block rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:bg-accent hover:text-accent-foreground"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
          </ul>
        </nav>
        <main id="main" className="grid flex-1 content-start gap-6">
          <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
          {children}
        </main>
      </div>
    </div>
  );
}
