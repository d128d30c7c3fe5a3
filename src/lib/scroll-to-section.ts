import { useCallback, useEffect, type MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { SCROLL_OFFSET_PX } from '@/config/constants';
import { paths } from '@/config/paths';

export function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * Scrolls so the element's top sits `offset` px below the viewport top (clear of the sticky
 * navigation bar). Smooth, or instant under prefers-reduced-motion. Returns false when the
 * element is not on the page.
 */
export function scrollToSection(id: string, offset: number = SCROLL_OFFSET_PX): boolean {
  const element = document.getElementById(id);
  if (!element) return false;
  // Sections skipped by `content-visibility: auto` have placeholder heights; render them all
  // first, or the target would move while the page scrolls towards it.
  document.documentElement.dataset.sectionsRendered = '';
  const top = element.getBoundingClientRect().top + window.scrollY - offset;
  window.scrollTo({
    top: Math.max(0, top),
    behavior: prefersReducedMotion() ? 'instant' : 'smooth',
  });
  // Move keyboard focus along with the view, so Tab continues from the section reached.
  if (element.hasAttribute('tabindex')) element.focus({ preventScroll: true });
  return true;
}

/** A plain left click; modified clicks (new tab, new window) keep the browser's own behaviour. */
export function isPlainClick(event: MouseEvent): boolean {
  return !(event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey);
}

/**
 * Click handler of a link to a section of the same page. Scrolls in place (clear of the sticky
 * navbar) instead of letting the browser change the hash: a native hash change is a POP
 * navigation for the router, whose scroll restoration can cut the smooth scroll short. The hash
 * is still written so the address can be shared.
 */
export function scrollToAnchorOnClick(event: MouseEvent<HTMLAnchorElement>, id: string): void {
  if (!isPlainClick(event)) return;
  if (!scrollToSection(id)) return;
  event.preventDefault();
  window.history.replaceState(window.history.state, '', `#${id}`);
}

/**
 * Returns a function that scrolls to a landing-page section: in place on `/`, otherwise by
 * navigating to `/#id`, where `useScrollToHash` on the landing page finishes the job.
 */
export function useScrollToSection(): (id: string) => void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(
    (id: string) => {
      if (pathname === paths.home.path && scrollToSection(id)) return;
      navigate(`${paths.home.href}#${id}`);
    },
    [navigate, pathname],
  );
}

/** On the page that owns the sections: scroll to the URL's `#id` (with the offset) on arrival. */
export function useScrollToHash(): void {
  const { hash } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.replace(/^#/, ''));
    if (!id) return;
    const frame = window.requestAnimationFrame(() => scrollToSection(id));
    return () => window.cancelAnimationFrame(frame);
  }, [hash]);
}
