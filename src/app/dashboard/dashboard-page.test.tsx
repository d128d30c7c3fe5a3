import { agentSettingsQueryKey } from '@/lib/agent-settings';
import { apiKeyQueryKey } from '@/lib/api-key';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { renderWithProviders } from '@/testing/render';
import { sessionState, testUser } from '@/testing/session';
import { balanceKeys } from '@/lib/balance';
import { apiKeyKeys } from '@/features/api-keys/api/query-keys';
import { callsKeys } from '@/features/calls/api/query-keys';
import { onboardingKeys } from '@/features/onboarding/api/query-keys';
import { DashboardPage } from './dashboard-page';

const user = testUser('ada@example.com');
const API_KEYS = [
  {
    id: 'k1',
    name: 'Production',
    key_prefix: 'dw_live_',
    key_last4: 'a1a1',
    livemode: true,
    created_at: '2026-11-01T10:00:00Z',
    last_used_at: null,
    revoked: false,
    revoked_at: null,
  },
];

const TEST_KEY = { id: 'k2', name: 'Default test key', key: `dw_test_${'b2'.repeat(32)}` };

/** A query client that already knows the balance, so nothing is fetched. */
function withBalance(credits: number | null, held = 0) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(
    balanceKeys.ofUser(user.id),
    credits === null ? null : { available: credits, held },
  );
  queryClient.setQueryData(apiKeyKeys.list(user.id), API_KEYS);
  queryClient.setQueryData(onboardingKeys.kyc(user.id), null);
  queryClient.setQueryData(onboardingKeys.gettingStarted(user.id), {
    placedCall: false,
    webhookSet: false,
  });
  queryClient.setQueryData(apiKeyKeys.testKey(user.id), TEST_KEY);
  return queryClient;
}

describe('DashboardPage', () => {
  it('shows the balance and opens Getting started by default', () => {
    renderWithProviders(<DashboardPage />, {
      initialEntry: '/dashboard',
      session: sessionState({ user }),
      queryClient: withBalance(25),
    });
    expect(screen.getByText('Balance')).toBeInTheDocument();
    expect(screen.getByText('$25.00')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Getting started' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tabpanel')).toHaveTextContent('4 of 5 steps left.');
    // A new account is in test mode, and every page says so.
    expect(screen.getByRole('button', { name: 'Test' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText(/^Test mode: calls go to the simulated network/)).toBeInTheDocument();
  });

  it('opens the API keys tab from the URL, showing the keys of the mode', () => {
    localStorage.setItem('dialwise.dashboard-mode', 'live');
    renderWithProviders(<DashboardPage />, {
      initialEntry: '/dashboard?tab=apikey',
      session: sessionState({ user }),
      queryClient: withBalance(25),
    });
    localStorage.removeItem('dialwise.dashboard-mode');
    expect(screen.getByRole('tab', { name: 'API Keys' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('dw_live_…a1a1');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Not verified');
  });

  it('says what calls in progress hold beside the balance, and nothing when nothing is held', () => {
    const { unmount } = renderWithProviders(<DashboardPage />, {
      initialEntry: '/dashboard',
      session: sessionState({ user }),
      queryClient: withBalance(24.8, 0.1),
    });
    expect(screen.getByTestId('balance-amount')).toHaveTextContent('$24.80');
    expect(screen.getByTestId('balance-held')).toHaveTextContent(
      '· $0.10 held for calls in progress',
    );
    unmount();
    renderWithProviders(<DashboardPage />, {
      initialEntry: '/dashboard',
      session: sessionState({ user }),
      queryClient: withBalance(25),
    });
    expect(screen.queryByTestId('balance-held')).not.toBeInTheDocument();
  });

  it('shows a placeholder while the balance is unknown', () => {
    renderWithProviders(<DashboardPage />, {
      initialEntry: '/dashboard',
      session: sessionState({ user }),
      queryClient: withBalance(null),
    });
    expect(screen.getByText('Balance unavailable')).toBeInTheDocument();
    expect(screen.queryByTestId('balance-amount')).not.toBeInTheDocument();
  });

  it('opens the tab named in navigation state, then replaces the history entry', async () => {
    const { router } = renderWithProviders(<DashboardPage />, {
      initialEntry: { pathname: '/dashboard', state: { activeTab: 'profile' } },
      session: sessionState({ user }),
      queryClient: withBalance(25),
    });
    expect(screen.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('ada@example.com');
    await waitFor(() => expect(router.state.historyAction).toBe('REPLACE'));
    expect(router.state.location.state).toEqual({});
    expect(router.state.location.search).toBe('?tab=profile');
    expect(screen.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  });

  it('keeps the open tab in the URL: a reload opens it again, Back returns to the previous one', async () => {
    const events = userEvent.setup();
    const { router } = renderWithProviders(<DashboardPage />, {
      initialEntry: '/dashboard?tab=profile',
      session: sessionState({ user }),
      queryClient: withBalance(25),
    });
    expect(screen.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');

    await events.click(screen.getByRole('tab', { name: 'Billing' }));
    expect(router.state.location.search).toBe('?tab=billing');
    expect(router.state.historyAction).toBe('PUSH');
    expect(screen.getByRole('tab', { name: 'Billing' })).toHaveAttribute('aria-selected', 'true');

    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?tab=profile');
    expect(screen.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  });

  it('on a phone, folds the sections into a Menu that names the open one and closes once one is chosen', async () => {
    const events = userEvent.setup();
    const { router } = renderWithProviders(<DashboardPage />, {
      initialEntry: '/dashboard?tab=profile',
      session: sessionState({ user }),
      queryClient: withBalance(25),
    });
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu.parentElement).toHaveTextContent('Profile');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    const sections = document.getElementById(menu.getAttribute('aria-controls')!)!;
    expect(sections).toContainElement(screen.getByRole('tablist', { name: 'Dashboard sections' }));
    expect(sections).toContainElement(screen.getByRole('button', { name: 'Log Out' }));

    await events.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    await events.click(within(sections).getByRole('tab', { name: 'Billing' }));
    expect(router.state.location.search).toBe('?tab=billing');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu.parentElement).toHaveTextContent('Billing');
  });

  it('opens Getting started for an unknown tab in the URL', () => {
    renderWithProviders(<DashboardPage />, {
      initialEntry: '/dashboard?tab=nope',
      session: sessionState({ user }),
      queryClient: withBalance(25),
    });
    expect(screen.getByRole('tab', { name: 'Getting started' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('has a Calls tab that leads with the calls list, and a button opening the test call form', async () => {
    const events = userEvent.setup();
    const queryClient = withBalance(25);
    queryClient.setQueryData(apiKeyQueryKey(user.id), null);
    queryClient.setQueryData(agentSettingsQueryKey(user.id), null);
    queryClient.setQueryData(callsKeys.list(user.id), {
      pages: [{ calls: [], nextCursor: null }],
      pageParams: [null],
    });
    renderWithProviders(<DashboardPage />, {
      initialEntry: '/dashboard',
      session: sessionState({ user }),
      queryClient,
    });
    await events.click(screen.getByRole('tab', { name: 'Calls' }));
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveTextContent('No calls yet.');
    await events.click(within(panel).getByRole('button', { name: 'Place a test call' }));
    const dialog = screen.getByRole('dialog', { name: 'Place a test call' });
    expect(dialog).toHaveTextContent('Free: it goes to the simulated phone network');
    // The test call goes through the call API with the session: no API key needed.
    expect(dialog).not.toHaveTextContent('Generate an API key first.');
    expect(within(dialog).getByRole('form', { name: 'Place a test call' })).toBeInTheDocument();
  });

  it("the balance bar's button opens the billing tab", async () => {
    const events = userEvent.setup();
    renderWithProviders(<DashboardPage />, {
      initialEntry: '/dashboard',
      session: sessionState({ user }),
      queryClient: withBalance(25),
    });
    await events.click(screen.getByRole('button', { name: 'Add Credits' }));
    expect(screen.getByRole('tab', { name: 'Billing' })).toHaveAttribute('aria-selected', 'true');
  });

  it("reads 'Logging out...' while logging out and goes to / on success", async () => {
    const events = userEvent.setup();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    renderWithProviders(<DashboardPage />, {
      initialEntry: '/dashboard',
      session: sessionState({
        user,
        signOut: async () => {
          await gate;
          return { error: null };
        },
      }),
      queryClient: withBalance(25),
    });
    await events.click(screen.getByRole('button', { name: 'Log Out' }));
    expect(screen.getByRole('button', { name: 'Logging out...' })).toBeDisabled();
    release();
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent(/^\/$/),
    );
  });

  it("re-enables Log Out with 'Logout failed' and the server's message on failure", async () => {
    const events = userEvent.setup();
    renderWithProviders(<DashboardPage />, {
      initialEntry: '/dashboard',
      session: sessionState({ user, signOut: async () => ({ error: 'Server unavailable' }) }),
      queryClient: withBalance(25),
    });
    await events.click(screen.getByRole('button', { name: 'Log Out' }));
    expect(await screen.findByText('Logout failed')).toBeInTheDocument();
    expect(screen.getByText('Server unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeEnabled();
  });

  it("falls back to 'An unexpected error occurred' when the failure has no message", async () => {
    const events = userEvent.setup();
    renderWithProviders(<DashboardPage />, {
      initialEntry: '/dashboard',
      session: sessionState({ user, signOut: async () => ({ error: '' }) }),
      queryClient: withBalance(25),
    });
    await events.click(screen.getByRole('button', { name: 'Log Out' }));
    expect(await screen.findByText('An unexpected error occurred')).toBeInTheDocument();
  });

  it("shows 'Logout error' with the exception's message when the sign-out throws", async () => {
    const events = userEvent.setup();
    renderWithProviders(<DashboardPage />, {
      initialEntry: '/dashboard',
      session: sessionState({
        user,
        signOut: async () => {
          throw new TypeError('Failed to fetch');
        },
      }),
      queryClient: withBalance(25),
    });
    await events.click(screen.getByRole('button', { name: 'Log Out' }));
    expect(await screen.findByText('Logout error')).toBeInTheDocument();
    expect(screen.getByText('Failed to fetch')).toBeInTheDocument();
    expect(screen.queryByText('Logout failed')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeEnabled();
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/dashboard');
  });

  it("falls back to 'An unexpected error occurred' when the exception has no message", async () => {
    const events = userEvent.setup();
    renderWithProviders(<DashboardPage />, {
      initialEntry: '/dashboard',
      session: sessionState({
        user,
        signOut: async () => {
          throw new Error('');
        },
      }),
      queryClient: withBalance(25),
    });
    await events.click(screen.getByRole('button', { name: 'Log Out' }));
    expect(await screen.findByText('Logout error')).toBeInTheDocument();
    expect(screen.getByText('An unexpected error occurred')).toBeInTheDocument();
  });
});
