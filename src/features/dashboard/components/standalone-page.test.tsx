import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { sessionState } from '@/testing/session';
import { StandalonePage } from './standalone-page';

const everyPage = ['Profile', 'API Keys', 'Phone Agent', 'Billing', 'Dashboard'];

function renderAt(path: string, title: string) {
  return renderWithProviders(<StandalonePage title={title}>content</StandalonePage>, {
    initialEntry: path,
    path: path.replace(/(.)\/+$/, '$1'),
    session: sessionState({ signedIn: true }),
  });
}

function sideNavLinks() {
  return within(screen.getByRole('navigation', { name: 'Account' }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('StandalonePage side navigation (spec §2)', () => {
  it('on /billing links to Profile, API Keys, Phone Agent and Dashboard, hiding Billing', () => {
    renderAt('/billing', 'Billing');
    expect(sideNavLinks()).toEqual([
      ['Dialwise', '/'],
      ['Profile', '/profile'],
      ['API Keys', '/apikey'],
      ['Phone Agent', '/phone-agent-settings'],
      ['Dashboard', '/dashboard'],
    ]);
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
  ])('on %s hides %s and offers the others, Billing included', (path, hidden) => {
    renderAt(path, hidden);
    const names = sideNavLinks().map(([name]) => name);
    expect(names).toEqual(['Dialwise', ...everyPage.filter((name) => name !== hidden)]);
  });

  it('a side navigation link opens that page', async () => {
    const events = userEvent.setup();
    renderAt('/billing', 'Billing');
    await events.click(screen.getByRole('link', { name: 'Profile' }));
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent(/^\/profile$/);
  });
});
