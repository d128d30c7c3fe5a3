import type { ReactNode } from 'react';
import { lazyComponent } from '@/lib/lazy-component';
import { DeferredUntilNearViewport } from './deferred-until-near-viewport';
import { Navbar } from './navbar';

/**
 * Below every page's content, so its code loads as the visitor nears it
 * (docs/decisions/0003-prerendered-public-pages.md).
 */
export const LazyFooter = lazyComponent(() => import('./footer').then((m) => m.Footer));

/** Frame of every public page: navigation bar, the page's own <main>, footer. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-background px-4 py-2 text-sm font-semibold focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <Navbar />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <DeferredUntilNearViewport name="footer" component={LazyFooter} />
    </div>
  );
}
