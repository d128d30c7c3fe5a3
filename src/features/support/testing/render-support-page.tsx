import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SessionContext, type SessionState } from '@/lib/auth/session-context';
import { createQueryClient } from '@/lib/query-client';

/** A signed-out visitor: what every public support page sees. */
const signedOut: SessionState = {
  session: null,
  user: null,
  loading: false,
  error: null,
  signingOut: false,
  signOut: async () => ({ error: null }),
};

/**
 * Renders a support page the way the app does (router, query client, session), at `path`.
 * A catch-all route shows 'Home page' so tests can see where a redirect went.
 */
export function renderSupportPage(ui: ReactElement, path = '/') {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionContext.Provider value={signedOut}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={path} element={ui} />
            <Route path="*" element={<p>Home page</p>} />
          </Routes>
        </MemoryRouter>
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
}
