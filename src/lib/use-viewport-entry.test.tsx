import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useViewportEntry } from './use-viewport-entry';

/** An IntersectionObserver whose reports the test sends. */
function stubObserver() {
  const observers: IntersectionObserverCallback[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: IntersectionObserverCallback) {
        observers.push(callback);
      }
      observe() {}
      disconnect() {}
    },
  );
  return (report: { isIntersecting: boolean; top: number; bottom: number }) =>
    act(() =>
      observers.at(-1)!(
        [
          {
            isIntersecting: report.isIntersecting,
            intersectionRatio: report.isIntersecting ? 1 : 0,
            boundingClientRect: { top: report.top, bottom: report.bottom },
            rootBounds: { top: 0, bottom: 800 },
          } as unknown as IntersectionObserverEntry,
        ],
        {} as IntersectionObserver,
      ),
    );
}

function Probe() {
  const ref = useRef<HTMLDivElement>(null);
  return <div ref={ref}>{useViewportEntry(ref, 0.15)}</div>;
}

afterEach(() => vi.unstubAllGlobals());

describe('useViewportEntry', () => {
  it('waits below the fold, then reports the scroll into view', () => {
    const report = stubObserver();
    render(<Probe />);
    report({ isIntersecting: false, top: 1200, bottom: 1900 });
    expect(screen.getByText('out-of-view')).toBeInTheDocument();
    report({ isIntersecting: true, top: 500, bottom: 1200 });
    expect(screen.getByText('scrolled-into-view')).toBeInTheDocument();
  });

  it('counts a section already above the viewport as seen, so it is never hidden again', () => {
    const report = stubObserver();
    render(<Probe />);
    report({ isIntersecting: false, top: -1500, bottom: -800 });
    expect(screen.getByText('in-view')).toBeInTheDocument();
  });
});
