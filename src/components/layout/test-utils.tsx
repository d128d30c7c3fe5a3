import { render } from '@testing-library/react';
import type { User } from '@supabase/supabase-js';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { SessionContext, type SessionState } from '@/lib/auth/session-context';

/** Test-only helpers for the layout and marketing tests (jsdom). */

export const fakeUser = { id: 'user-1', email: 'ada@example.com' } as User;

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.hash}</output>;
}

export function renderWithSession(
  ui: ReactElement,
  { user = null, route = '/' }: { user?: User | null; route?: string } = {},
) {
  const session: SessionState = {
    session: null,
    user,
    loading: false,
    error: null,
    signingOut: false,
    signOut: async () => ({ error: null }),
  };
  return render(
    <SessionContext.Provider value={session}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path="*" element={ui} />
          <Route path="/dashboard" element={<h1>Dashboard destination</h1>} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </SessionContext.Provider>,
  );
}

/**
 * jsdom lacks these browser APIs. It has no layout either, so the intersection stub reports every
 * observed element in full view (as on a screen tall enough for the page); no resizes.
 */
export function stubBrowserApis({ reducedMotion = false }: { reducedMotion?: boolean } = {}) {
  class StubIntersectionObserver {
    constructor(private readonly report?: IntersectionObserverCallback) {}
    observe(target: Element) {
      // Reported at once (a browser would on its next frame), so the update happens inside the
      // render's act() instead of after the test.
      const entry = { target, isIntersecting: true, intersectionRatio: 1 };
      this.report?.([entry as IntersectionObserverEntry], this as unknown as IntersectionObserver);
    }
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  class StubResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  vi.stubGlobal('IntersectionObserver', StubIntersectionObserver);
  vi.stubGlobal('ResizeObserver', StubResizeObserver);
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: reducedMotion && query.includes('prefers-reduced-motion'),
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  );
  window.scrollTo = vi.fn() as typeof window.scrollTo;
}
