import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { sessionState } from '@/testing/session';
import { authStorageKey } from '@/lib/auth/storage-key';
import { ProtectedRoute } from './protected-route';

const routes = [
  {
    element: <ProtectedRoute />,
    children: [{ path: '/billing', element: <h1>Billing page</h1> }],
  },
];

describe('ProtectedRoute', () => {
  it("shows 'Loading authentication...' while the session layer starts", () => {
    renderWithProviders(<></>, {
      path: '/unused',
      routes,
      initialEntry: '/billing',
      session: sessionState({ loading: true }),
    });
    expect(screen.getByRole('status')).toHaveTextContent('Loading authentication...');
  });

  it('renders the page for a signed-in user', () => {
    renderWithProviders(<></>, {
      path: '/unused',
      routes,
      initialEntry: '/billing',
      session: sessionState({ signedIn: true }),
    });
    expect(screen.getByRole('heading', { name: 'Billing page' })).toBeInTheDocument();
  });

  it('replaces the entry with /auth and remembers where the user was going', () => {
    const { router } = renderWithProviders(<></>, {
      path: '/unused',
      routes,
      initialEntry: '/billing?tab=history',
    });
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/auth');
    expect(router.state.historyAction).toBe('REPLACE');
    const state = router.state.location.state as { from: { pathname: string; search: string } };
    expect(state.from).toMatchObject({ pathname: '/billing', search: '?tab=history' });
  });

  it("announces 'Session recovery' when a stored session exists", async () => {
    localStorage.setItem(authStorageKey, JSON.stringify({ access_token: 'a', refresh_token: 'r' }));
    renderWithProviders(<></>, { path: '/unused', routes, initialEntry: '/billing' });
    expect(await screen.findByText('Session recovery')).toBeInTheDocument();
    expect(screen.getByText('Recovering your session...', { selector: 'div' })).toBeInTheDocument();
  });
});
