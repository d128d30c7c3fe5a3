import { useEffect, useState, type RefObject } from 'react';

/**
 * Where an element stands against the viewport, watched until it has been seen:
 * - `unknown` before the first report (so the first render matches the prerendered HTML);
 * - `in-view` when at least `amount` of it was visible from the start;
 * - `out-of-view` while it waits below the fold (one above it has been passed: `in-view`);
 * - `scrolled-into-view` once it has come into view after that.
 */
export type ViewportEntry = 'unknown' | 'in-view' | 'out-of-view' | 'scrolled-into-view';

export function useViewportEntry(
  ref: RefObject<Element | null>,
  amount: number,
  /** Grows the viewport for the test, e.g. '600px' to count an element 600 px below it as in view. */
  rootMargin = '0px',
): ViewportEntry {
  const [entry, setEntry] = useState<ViewportEntry>('unknown');
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    // Without a way to watch (an old browser, a test's DOM), everything counts as in view.
    if (typeof IntersectionObserver === 'undefined') {
      setEntry('in-view');
      return;
    }
    const observer = new IntersectionObserver(
      ([report]) => {
        if (!report) return;
        if (report.isIntersecting && report.intersectionRatio >= amount) {
          setEntry((previous) => (previous === 'unknown' ? 'in-view' : 'scrolled-into-view'));
          observer.disconnect();
        } else if (
          report.rootBounds &&
          report.boundingClientRect?.bottom <= report.rootBounds.top
        ) {
          // Already above the viewport (scrolled past, or the page opened lower down): the reader
          // has been by it, so it counts as seen rather than waiting to appear again.
          setEntry('in-view');
          observer.disconnect();
        } else {
          setEntry('out-of-view');
        }
      },
      { threshold: amount, rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, amount, rootMargin]);
  return entry;
}

/** Whether the element has been in view at all. */
export const hasBeenSeen = (entry: ViewportEntry) =>
  entry === 'in-view' || entry === 'scrolled-into-view';
