import type { ReactNode } from 'react';

/**
 * Frame of every public page: navigation bar, the page's own <main>, footer.
 * (Navbar and footer arrive with the marketing work.)
 */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <main id="main" className="flex-1">
        {children}
      </main>
    </div>
  );
}
