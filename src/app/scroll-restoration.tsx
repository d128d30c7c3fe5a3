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

/** How long a #hash target may take to arrive: the first page's later chunks (its footer). */
const HASH_TARGET_WAIT_MS = 5_000;

/**
 * Scrolls to the element the hash names, now or, if the page has not rendered it yet, as soon as
 * it appears. Returns a cleanup that stops waiting.
 */
function scrollToHashTarget(hash: string): (() => void) | undefined {
  const target = elementForHash(hash);
  if (target) {
    target.scrollIntoView();
    return undefined;
  }
  const observer = new MutationObserver(() => {
    const arrived = elementForHash(hash);
    if (!arrived) return;
    stop();
    arrived.scrollIntoView();
  });
  const timer = window.setTimeout(() => stop(), HASH_TARGET_WAIT_MS);
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
  };
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
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
    if (location.hash) return scrollToHashTarget(location.hash);
    if (!firstRender) window.scrollTo(0, 0);
  }, [location.key, location.hash, navigationType]);

  return null;
}
