import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SessionContext } from '@/lib/auth/session-context';
import { createQueryClient } from '@/lib/query-client';
import { sessionState } from './session';

/**
 * Renders a public page as a signed-out visitor sees it (router, query client, session), at
 * `path`. A catch-all route shows 'Home page' so tests can see where a redirect went.
 */
export function renderPublicPage(ui: ReactElement, path = '/') {
  return render(
    <QueryClientProvider client={createQueryClient()}>
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
