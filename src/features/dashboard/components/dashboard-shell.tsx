import { LogOut, Menu, X } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { PRODUCT_NAME } from '@/config/constants';
import { cn } from '@/lib/cn';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session-context';
import { BalanceBar } from './balance-bar';
import { useLogOut } from './use-log-out';

/** The look of an entry of the sidebar, a tab or a link. */
export function sidebarItemClass(selected: boolean) {
  return [
    'flex shrink-0 items-center gap-2 whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
    selected
      ? 'bg-primary/10 text-primary'
      : 'text-muted-foreground hover:bg-accent hover:text-accent-foreground',
  ].join(' ');
}

/**
 * The frame of every signed-in account page (the dashboard and the standalone pages): the sticky
 * balance bar, a sidebar with the page's navigation and Log Out, and the content. On small screens
 * the sidebar folds into a Menu button above the content that opens every entry, one per line, and
 * closes again once one is chosen.
 */
export function DashboardShell({
  current,
  navigation,
  children,
  after,
}: {
  /** The name of the page or section shown, beside the Menu button on small screens. */
  current: string;
  navigation: ReactNode;
  /** The content, in its own landmark (the dashboard's is its tab panel). */
  children: ReactNode;
  /** Rendered after the frame unless a logout is in progress (the onboarding dialogs). */
  after?: ReactNode;
}) {
  const { signingOut } = useSession();
  const { logOut, loggingOut } = useLogOut();
  const busy = loggingOut || signingOut;
  const menuId = useId();
  // The small screens' menu stays open on the page (and dashboard tab) it was opened on, whatever
  // else that page writes into its URL (the calls list keeps its filters there): choosing another
  // entry navigates there, which closes it.
  const { pathname, search } = useLocation();
  const place = `${pathname}?tab=${new URLSearchParams(search).get('tab') ?? ''}`;
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === place;

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
          <div className="flex items-center justify-between gap-2 px-4 py-2 md:hidden">
            <span className="truncate text-sm font-semibold">{current}</span>
            <Button
              variant="outline"
              size="sm"
              aria-expanded={menuOpen}
              aria-controls={menuId}
              onClick={() => setOpenOn(menuOpen ? null : place)}
            >
              {menuOpen ? <X aria-hidden /> : <Menu aria-hidden />}
              Menu
            </Button>
          </div>
          <div
            id={menuId}
            className={cn(
              menuOpen ? 'flex' : 'hidden',
              'flex-col items-stretch gap-1 border-t p-2 md:flex md:flex-1 md:border-t-0 md:p-4',
            )}
          >
            {navigation}
            <Button
              variant="ghost"
              align="start"
              className="shrink-0 text-muted-foreground md:mt-auto"
              disabled={busy}
              onClick={() => void logOut()}
            >
              <LogOut aria-hidden />
              {busy ? 'Logging out...' : 'Log Out'}
            </Button>
          </div>
        </aside>
        {children}
      </div>
      {busy ? null : after}
    </div>
  );
}
