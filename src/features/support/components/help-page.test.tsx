import { beforeAll } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPublicPage } from '@/testing/render-public-page';
import { HelpPage } from './help-page';
import { searchHelpArticles } from '../content/help-articles';
import { LazyFooter } from '@/components/layout/public-layout';

// Public pages load their footer's code lazily; load it first, as a browser would on the way down.
beforeAll(() => LazyFooter.preload());

describe('HelpPage', () => {
  it('searches the help articles by title and body as one types', async () => {
    const user = userEvent.setup();
    renderPublicPage(<HelpPage />, '/help');
    const search = screen.getByRole('searchbox', { name: 'Search help articles' });
    expect(search).toBeEnabled();
    const articles = () =>
      within(screen.getByRole('region', { name: /articles/i })).getAllByRole('article');
    const all = articles().length;
    expect(all).toBeGreaterThan(5);

    // "signing" is in the webhooks article's body only.
    await user.type(search, 'signing');
    expect(await screen.findByText('1 article found.')).toBeInTheDocument();
    expect(articles().map((a) => a.querySelector('h3')?.textContent)).toEqual([
      'Receive events with webhooks',
    ]);

    await user.clear(search);
    await user.type(search, 'zq');
    expect(
      await screen.findByText('No article mentions “zq”. Write to us below.'),
    ).toBeInTheDocument();

    await user.clear(search);
    expect(articles()).toHaveLength(all);
  }, 15_000);

  it('ranks title matches first and ignores case', () => {
    const titles = searchHelpArticles('TEST').map((article) => article.title);
    expect(titles[0]).toBe('Test mode and test numbers');
    expect(titles).toContain('Place your first call');
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
