import { beforeAll } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderPublicPage } from '@/testing/render-public-page';
import { HelpPage } from './help-page';
import { LazyFooter } from '@/components/layout/public-layout';

// Public pages load their footer's code lazily; load it first, as a browser would on the way down.
beforeAll(() => LazyFooter.preload());

describe('HelpPage', () => {
  it('shows a labelled search box that is disabled until search ships', () => {
    renderPublicPage(<HelpPage />, '/help');
    const search = screen.getByRole('searchbox', { name: 'Search help articles' });
    expect(search).toBeDisabled();
    expect(search).toHaveAccessibleDescription('Coming Soon');
  });

  it('offers three topics whose links all lead somewhere real', () => {
    renderPublicPage(<HelpPage />, '/help');
    for (const title of ['Getting Started', 'Account & Billing', 'Troubleshooting']) {
      const heading = screen.getByRole('heading', { name: title });
      const card = heading.closest('li');
      if (!card) throw new Error(`no card for ${title}`);
      const links = within(card).getAllByRole('link');
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) expect(link.getAttribute('href')).toMatch(/^\/[a-z]/);
    }
    expect(screen.getByRole('link', { name: 'See the system status' })).toHaveAttribute(
      'href',
      '/status',
    );
  });

  it('links Email Support to the support mailbox', () => {
    renderPublicPage(<HelpPage />, '/help');
    expect(screen.getByRole('link', { name: 'Email Support' })).toHaveAttribute(
      'href',
      'mailto:support@dialwise.dev',
    );
  });
});
