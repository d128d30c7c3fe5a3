import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { LazyFooter } from '@/components/layout/public-layout';
import { renderWithProviders } from '@/testing/render';
import { sessionState } from '@/testing/session';
import { NotFoundPage } from './not-found-page';

// The footer's code loads lazily; load it first, as a browser would on the way down.
beforeAll(() => LazyFooter.preload());

describe('NotFoundPage', () => {
  it('has the navigation bar, the footer and a title of its own', () => {
    renderWithProviders(<NotFoundPage />, { path: '*', initialEntry: '/nowhere' });
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(document.title).toBe('Page not found | Dialwise');
  });

  it("shows the attempted path and query and 'Go Back Home' when signed out", () => {
    renderWithProviders(<NotFoundPage />, { path: '*', initialEntry: '/nowhere?x=1' });
    expect(screen.getByRole('heading', { name: '404 Page not found' })).toBeInTheDocument();
    expect(screen.getByText('/nowhere?x=1', { selector: 'code' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Back Home' })).toHaveAttribute('href', '/');
  });

  it("offers 'Go to Dashboard' when signed in", () => {
    renderWithProviders(<NotFoundPage />, {
      path: '*',
      initialEntry: '/nowhere',
      session: sessionState({ signedIn: true }),
    });
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });
});
