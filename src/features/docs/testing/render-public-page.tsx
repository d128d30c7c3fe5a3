import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { SessionContext, type SessionState } from '@/lib/auth/session-context';

const signedOut: SessionState = {
  session: null,
  user: null,
  loading: false,
  error: null,
  signingOut: false,
  signOut: async () => ({ error: null }),
};

/** Renders a public page as a signed-out visitor sees it: router and session, no backend. */
export function renderPublicPage(ui: ReactElement, path = '/') {
  return render(
    <SessionContext.Provider value={signedOut}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </SessionContext.Provider>,
  );
}
