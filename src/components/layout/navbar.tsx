import { ChevronDown, Menu, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { NAVBAR_SCROLL_THRESHOLD_PX, PRODUCT_NAME } from '@/config/constants';
import { paths, sectionIds } from '@/config/paths';
import { useSession } from '@/lib/auth/session-context';
import { cn } from '@/lib/cn';
import { Logo } from './logo';
import { SectionLink } from './section-link';
import { useHoverDisclosure } from './use-hover-disclosure';
import { useNavbarMenus } from './use-navbar-menus';

type NavbarMenus = ReturnType<typeof useNavbarMenus>;

const USE_CASES_PANEL_ID = 'use-cases-panel';
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

/** Dashboard for a signed-in user; Sign in and Start now for a visitor. */
function AccountButton({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  const { user } = useSession();
  if (user)
    return (
      <Button asChild className={className}>
        <Link to={paths.dashboard.href} onClick={onNavigate}>
          Dashboard
        </Link>
      </Button>
    );
  return (
    <>
      <Button asChild variant="ghost" className={className}>
        <Link to={paths.auth.href} onClick={onNavigate}>
          Sign in
        </Link>
      </Button>
      <Button asChild className={className}>
        <Link to={paths.signUp.href} onClick={onNavigate}>
          Start now
        </Link>
      </Button>
    </>
  );
}

function UseCasesDropdown({ menus, requestMenus }: NavbarMenus) {
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

  // However it was opened (the bar usually has the menus loading before that).
  useEffect(() => {
    if (open) requestMenus();
  }, [open, requestMenus]);

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
      {open && menus ? (
        <menus.UseCasesPanel id={USE_CASES_PANEL_ID} onNavigate={() => setOpen(false)} />
      ) : null}
    </li>
  );
}

function DesktopMenu(menus: NavbarMenus) {
  return (
    <nav aria-label="Main" className="hidden md:block">
      <ul className="flex items-center gap-1">
        <UseCasesDropdown {...menus} />
        <li>
          <SectionLink section={sectionIds.features} className={navLinkClass}>
            Features
          </SectionLink>
        </li>
        <li>
          <Link to={paths.docs.href} className={navLinkClass}>
            Docs
          </Link>
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

export function Navbar() {
  const scrolled = useScrolledPast(NAVBAR_SCROLL_THRESHOLD_PX);
  const [mobileOpen, setMobileOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const navbarMenus = useNavbarMenus();
  const { menus, requestMenus } = navbarMenus;

  const closeMobileMenu = () => setMobileOpen(false);

  useEffect(() => {
    if (mobileOpen) requestMenus();
  }, [mobileOpen, requestMenus]);

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
      onPointerEnter={requestMenus}
      onPointerDown={requestMenus}
      onFocus={requestMenus}
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
        <DesktopMenu {...navbarMenus} />
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
      {mobileOpen && menus ? (
        <menus.MobileMenu
          id={MOBILE_MENU_ID}
          onClose={closeMobileMenu}
          accountButton={<AccountButton className="w-full" onNavigate={closeMobileMenu} />}
        />
      ) : null}
    </header>
  );
}
