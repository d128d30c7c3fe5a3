import { ChevronDown, Menu, X } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { NAVBAR_SCROLL_THRESHOLD_PX, PRODUCT_NAME } from '@/config/constants';
import { paths, sectionIds } from '@/config/paths';
import { useSession } from '@/lib/auth/session-context';
import { cn } from '@/lib/cn';
import { Logo } from './logo';
import { SectionLink } from './section-link';
import { useCaseLinks } from './use-case-links';
import { useHoverDisclosure } from './use-hover-disclosure';

const USE_CASES_PANEL_ID = 'use-cases-panel';
const MOBILE_USE_CASES_ID = 'mobile-use-cases';
const MOBILE_MENU_ID = 'mobile-menu';

const navLinkClass =
  'inline-flex h-10 items-center gap-1 rounded-md px-3 text-sm font-medium text-foreground/80 transition-colors hover:bg-accent hover:text-accent-foreground data-[state=open]:bg-accent data-[state=open]:text-accent-foreground';

function useScrolledPast(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return scrolled;
}

function AccountButton({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  const { user } = useSession();
  return (
    <Button asChild className={className}>
      {user ? (
        <Link to={paths.dashboard.href} onClick={onNavigate}>
          Dashboard
        </Link>
      ) : (
        <Link to={paths.auth.href} onClick={onNavigate}>
          Start now
        </Link>
      )}
    </Button>
  );
}

function UseCasesDropdown() {
  const { open, setOpen, toggle, hoverProps } = useHoverDisclosure();
  const item = useRef<HTMLLIElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);

  // Dismissed like any popover: Escape (focus back on the trigger), a press or focus elsewhere.
  useEffect(() => {
    if (!open) return;
    const outside = (target: EventTarget | null) =>
      !(target instanceof Node && item.current?.contains(target));
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      trigger.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (outside(event.target)) setOpen(false);
    };
    const onFocusIn = (event: FocusEvent) => {
      if (outside(event.target)) setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [open, setOpen]);

  return (
    <li ref={item} className="relative" {...hoverProps}>
      <button
        ref={trigger}
        type="button"
        aria-expanded={open}
        aria-controls={USE_CASES_PANEL_ID}
        data-state={open ? 'open' : 'closed'}
        onClick={toggle}
        className={cn(navLinkClass, 'group')}
      >
        Use Cases
        <ChevronDown
          className="size-4 transition-transform duration-200 group-data-[state=open]:rotate-180"
          aria-hidden
        />
      </button>
      {open ? (
        <div
          id={USE_CASES_PANEL_ID}
          className="absolute left-0 top-full z-50 mt-2 w-[600px] rounded-lg border bg-background p-3 shadow-xl"
          data-testid="use-cases-panel"
        >
          <ul className="grid grid-cols-2 gap-1">
            {useCaseLinks.map(({ slug, title, description, href, icon: Icon }) => (
              <li key={slug}>
                <Link
                  to={href}
                  onClick={() => setOpen(false)}
                  className="flex gap-3 rounded-md p-3 transition-colors hover:bg-accent focus-visible:bg-accent"
                >
                  <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-md bg-accent text-accent-foreground">
                    <Icon className="size-5" aria-hidden />
                  </span>
                  <span className="grid gap-0.5">
                    <span className="text-sm font-semibold text-foreground">{title}</span>
                    <span className="text-xs leading-snug text-muted-foreground">
                      {description}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </li>
  );
}

function DesktopMenu() {
  return (
    <nav aria-label="Main" className="hidden md:block">
      <ul className="flex items-center gap-1">
        <UseCasesDropdown />
        <li>
          <SectionLink section={sectionIds.features} className={navLinkClass}>
            Features
          </SectionLink>
        </li>
        <li>
          <SectionLink section={sectionIds.code} className={navLinkClass}>
            Docs
          </SectionLink>
        </li>
        <li>
          <Link to={paths.pricing.href} className={navLinkClass}>
            Pricing
          </Link>
        </li>
      </ul>
    </nav>
  );
}

function MobileItem({ children }: { children: ReactNode }) {
  return <li>{children}</li>;
}

const mobileLinkClass =
  'flex w-full items-center justify-between rounded-md px-3 py-3 text-base font-medium text-foreground hover:bg-accent';

/**
 * Rendered only while open: closed, it was half the elements a public page hydrates
 * (issue 12). The toggle's aria-controls names it either way, as a closed popover's may.
 */
function MobileMenu({ onClose }: { onClose: () => void }) {
  const [useCasesOpen, setUseCasesOpen] = useState(false);

  return (
    // Overlays the page rather than pushing it down, so closing it never moves a scroll target.
    <div
      id={MOBILE_MENU_ID}
      className="absolute inset-x-0 top-full border-y bg-background shadow-lg md:hidden"
    >
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
            <SectionLink section={sectionIds.code} onClick={onClose} className={mobileLinkClass}>
              Docs
            </SectionLink>
          </MobileItem>
          <MobileItem>
            <Link to={paths.pricing.href} onClick={onClose} className={mobileLinkClass}>
              Pricing
            </Link>
          </MobileItem>
          <li className="pt-2">
            <AccountButton className="w-full" onNavigate={onClose} />
          </li>
        </ul>
      </nav>
    </div>
  );
}

export function Navbar() {
  const scrolled = useScrolledPast(NAVBAR_SCROLL_THRESHOLD_PX);
  const [mobileOpen, setMobileOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!mobileOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMobileOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [mobileOpen]);

  return (
    <header
      data-scrolled={scrolled ? 'true' : 'false'}
      className={cn(
        'sticky top-0 z-40 w-full border-b transition-[background-color,box-shadow,border-color] duration-300',
        scrolled
          ? 'border-border bg-background/80 shadow-md backdrop-blur-md'
          : 'border-transparent bg-background',
      )}
    >
      <div className="container flex h-16 items-center justify-between gap-4">
        <Link
          to={paths.home.href}
          aria-label={`${PRODUCT_NAME} home`}
          className="rounded-md text-foreground"
        >
          <Logo />
        </Link>
        <DesktopMenu />
        <div className="flex items-center gap-2">
          <AccountButton className="max-md:hidden" />
          <Button
            ref={toggleRef}
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-expanded={mobileOpen}
            aria-controls={MOBILE_MENU_ID}
            aria-label="Menu"
            onClick={() => setMobileOpen((open) => !open)}
          >
            {mobileOpen ? <X aria-hidden /> : <Menu aria-hidden />}
          </Button>
        </div>
      </div>
      {mobileOpen ? <MobileMenu onClose={() => setMobileOpen(false)} /> : null}
    </header>
  );
}
