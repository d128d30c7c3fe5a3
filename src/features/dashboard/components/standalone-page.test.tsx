import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { createQueryClient } from '@/lib/query-client';
import { sessionState, testUser } from '@/testing/session';
import { balanceKeys } from '@/lib/balance';
import { StandalonePage } from './standalone-page';

const everyPage = [
  'Profile',
  'API Keys',
  'Calls',
  'Batches',
  'Request logs',
  'Do Not Call',
  'Numbers',
  'Webhooks',
  'Usage',
  'Phone Agent',
  'Agents',
  'Billing',
  'Dashboard',
];
const user = testUser();

function renderAt(path: string, title: string) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(balanceKeys.ofUser(user.id), { available: 12.5, held: 0 });
  return renderWithProviders(<StandalonePage title={title}>content</StandalonePage>, {
    initialEntry: path,
    path: path.replace(/(.)\/+$/, '$1'),
    session: sessionState({ user }),
    queryClient,
  });
}

function sideNavLinks() {
  return within(screen.getByRole('navigation', { name: 'Account' }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('StandalonePage side navigation', () => {
  it('on /billing links to every other account page and the dashboard, hiding Billing', () => {
    renderAt('/billing', 'Billing');
    expect(sideNavLinks()).toEqual([
      ['Profile', '/profile'],
      ['API Keys', '/apikey'],
      ['Calls', '/calls'],
      ['Batches', '/batches'],
      ['Request logs', '/request-logs'],
      ['Do Not Call', '/do-not-call'],
      ['Numbers', '/numbers'],
      ['Webhooks', '/webhooks'],
      ['Usage', '/usage'],
      ['Phone Agent', '/phone-agent-settings'],
      ['Agents', '/agents'],
      ['Dashboard', '/dashboard'],
    ]);
  });

  it("has the dashboard's frame: the balance and Log Out", () => {
    renderAt('/calls', 'Calls');
    expect(screen.getByText('$12.50')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeEnabled();
    expect(screen.getByRole('heading', { level: 1, name: 'Calls' })).toBeInTheDocument();
  });

  it('hides Billing on /billing/ (trailing slash) too', () => {
    renderAt('/billing/', 'Billing');
    const names = sideNavLinks().map(([name]) => name);
    expect(names).not.toContain('Billing');
    expect(names).toContain('Profile');
  });

  it.each([
    ['/profile', 'Profile'],
    ['/apikey', 'API Keys'],
    ['/phone-agent-settings', 'Phone Agent'],
    ['/calls', 'Calls'],
  ])('on %s hides %s and offers the others, Billing included', (path, hidden) => {
    renderAt(path, hidden);
    const names = sideNavLinks().map(([name]) => name);
    expect(names).toEqual(everyPage.filter((name) => name !== hidden));
  });

  it('a side navigation link opens that page', async () => {
    const events = userEvent.setup();
    renderAt('/billing', 'Billing');
    await events.click(screen.getByRole('link', { name: 'Profile' }));
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent(/^\/profile$/);
  });
});
