import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

const storageKey = 'dialwise-scroll-positions';

function readSavedPositions(): Record<string, number> {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(storageKey) ?? '{}');
    return saved && typeof saved === 'object' ? (saved as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/** A reload or a Back/Forward into the site, rather than a fresh visit to it. */
function visitReturnsToAnEntry(): boolean {
  const [entry] = performance.getEntriesByType?.('navigation') ?? [];
  const type = (entry as PerformanceNavigationTiming | undefined)?.type;
  return type === 'reload' || type === 'back_forward';
}

function elementForHash(hash: string): HTMLElement | null {
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    // A hash that is not valid percent-encoding (e.g. an auth callback's tokens) names no section.
    return null;
  }
}

/**
 * Scroll positions across navigations, as a visitor expects of pages: a new page starts at its top
 * (or at the section its URL's #hash names), Back and Forward return where the visitor was, and so
 * does a reload (the positions outlive the page in sessionStorage). On the first render of a
 * visit the browser's position is kept: the visitor may already have scrolled the prerendered page.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Record<string, number>>(null);
  const currentKey = useRef<string>(null);

  useEffect(() => {
    positions.current ??= readSavedPositions();
    window.history.scrollRestoration = 'manual';
    // One listener for the whole visit: it records under the key of the page now on screen,
    // which the layout effect below updates before any scroll the new page causes.
    const record = () => {
      if (currentKey.current) positions.current![currentKey.current] = window.scrollY;
    };
    const save = () => {
      try {
        sessionStorage.setItem(storageKey, JSON.stringify(positions.current));
      } catch {
        // Storage full or disabled: positions last for this page load only.
      }
    };
    window.addEventListener('scroll', record, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('scroll', record);
      window.removeEventListener('pagehide', save);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    positions.current ??= readSavedPositions();
    const firstRender = currentKey.current === null;
    currentKey.current = location.key;
    const saved = positions.current[location.key];
    // A fresh visit's first entry has the key 'default', like every earlier visit's in this tab:
    // only a reload or a return restores it.
    const restore = navigationType === 'POP' && (!firstRender || visitReturnsToAnEntry());
    if (restore && saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    const target = location.hash ? elementForHash(location.hash) : null;
    if (target) target.scrollIntoView();
    else if (!firstRender) window.scrollTo(0, 0);
  }, [location.key, location.hash, navigationType]);

  return null;
}
