import { ChevronDown } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths, sectionIds } from '@/config/paths';
import { cn } from '@/lib/cn';
import { SectionLink } from './section-link';
import { useCaseLinks } from './use-case-links';

/**
 * What the navigation bar shows only while a menu is open: the Use Cases panel and the mobile
 * menu. Their own chunk, with the ten use-case links and their icons, loaded when a visitor
 * reaches for the bar (src/components/layout/navbar.tsx), so a page's first load does without it
 * (docs/decisions/0003-prerendered-public-pages.md).
 */

export function UseCasesPanel({ id, onNavigate }: { id: string; onNavigate: () => void }) {
  return (
    <div
      id={id}
      className="absolute left-0 top-full z-50 mt-2 w-[600px] rounded-lg border bg-background p-3 shadow-xl"
      data-testid="use-cases-panel"
    >
      <ul className="grid grid-cols-2 gap-1">
        {useCaseLinks.map(({ slug, title, description, href, icon: Icon }) => (
          <li key={slug}>
            <Link
              to={href}
              onClick={onNavigate}
              className="flex gap-3 rounded-md p-3 transition-colors hover:bg-accent focus-visible:bg-accent"
            >
              <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-md bg-accent text-accent-foreground">
                <Icon className="size-5" aria-hidden />
              </span>
              <span className="grid gap-0.5">
                <span className="text-sm font-semibold text-foreground">{title}</span>
                <span className="text-xs leading-snug text-muted-foreground">{description}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

const MOBILE_USE_CASES_ID = 'mobile-use-cases';

const mobileLinkClass =
  'flex w-full items-center justify-between rounded-md px-3 py-3 text-base font-medium text-foreground hover:bg-accent';

function MobileItem({ children }: { children: ReactNode }) {
  return <li>{children}</li>;
}

/**
 * Rendered only while open: closed, it was half the elements a public page hydrates. The
 * toggle's aria-controls names it either way, as a closed popover's may. `accountButton` is the
 * bar's own (it knows the session).
 */
export function MobileMenu({
  id,
  onClose,
  accountButton,
}: {
  id: string;
  onClose: () => void;
  accountButton: ReactNode;
}) {
  const [useCasesOpen, setUseCasesOpen] = useState(false);

  return (
    // Overlays the page rather than pushing it down, so closing it never moves a scroll target.
    <div id={id} className="absolute inset-x-0 top-full border-y bg-background shadow-lg md:hidden">
      <nav aria-label="Mobile" className="container max-h-[calc(100vh-4rem)] overflow-y-auto py-3">
        <ul className="grid gap-1">
          <MobileItem>
            <button
              type="button"
              aria-expanded={useCasesOpen}
              aria-controls={MOBILE_USE_CASES_ID}
              data-state={useCasesOpen ? 'open' : 'closed'}
              onClick={() => setUseCasesOpen((isOpen) => !isOpen)}
              className={cn(mobileLinkClass, 'group')}
            >
              Use Cases
              <ChevronDown
                className="size-5 transition-transform duration-200 group-data-[state=open]:rotate-180"
                aria-hidden
              />
            </button>
            {/* The hidden attribute sits on a wrapper: the list's grid display would override it. */}
            <div id={MOBILE_USE_CASES_ID} hidden={!useCasesOpen}>
              <ul className="grid gap-1 py-1 pl-3">
                {useCaseLinks.map(({ slug, title, description, href, icon: Icon }) => (
                  <li key={slug}>
                    <Link
                      to={href}
                      onClick={onClose}
                      className="flex gap-3 rounded-md px-3 py-2 hover:bg-accent"
                    >
                      <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
                      <span className="grid">
                        <span className="text-sm font-semibold">{title}</span>
                        <span className="text-xs text-muted-foreground">{description}</span>
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          </MobileItem>
          <MobileItem>
            <SectionLink
              section={sectionIds.features}
              onClick={onClose}
              className={mobileLinkClass}
            >
              Features
            </SectionLink>
          </MobileItem>
          <MobileItem>
            <Link to={paths.docs.href} onClick={onClose} className={mobileLinkClass}>
              Docs
            </Link>
          </MobileItem>
          <MobileItem>
            <Link to={paths.pricing.href} onClick={onClose} className={mobileLinkClass}>
              Pricing
            </Link>
          </MobileItem>
          <li className="grid gap-2 pt-2">{accountButton}</li>
        </ul>
      </nav>
    </div>
  );
}
