import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SessionContext } from '@/lib/auth/session-context';
import { createQueryClient } from '@/lib/query-client';
import { sessionState } from './session';

/**
 * Renders a public page as a signed-out visitor sees it (router, query client, session), at
 * `path`. A catch-all route shows 'Home page' so tests can see where a redirect went. A test that
 * gives the page its data passes a query client that already holds it.
 */
export function renderPublicPage(
  ui: ReactElement,
  path = '/',
  queryClient: QueryClient = createQueryClient(),
) {
  return render(
    <QueryClientProvider client={queryClient}>
      <SessionContext.Provider value={sessionState()}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={path.split(/[?#]/)[0]} element={ui} />
            <Route path="*" element={<p>Home page</p>} />
          </Routes>
        </MemoryRouter>
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
}
