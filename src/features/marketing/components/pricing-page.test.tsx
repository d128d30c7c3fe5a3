import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithSession, stubBrowserApis } from '@/components/layout/test-utils';
import { PricingPage } from './pricing-page';
import { LazyFooter } from '@/components/layout/public-layout';

// Public pages load their footer's code lazily; load it first, as a browser would on the way down.
beforeAll(() => LazyFooter.preload());

beforeEach(() => stubBrowserApis({ reducedMotion: true }));
afterEach(() => vi.unstubAllGlobals());

describe('PricingPage', () => {
  it('frames the pricing section with the navigation bar and footer', () => {
    renderWithSession(<PricingPage />, { route: '/pricing' });
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    const h1 = screen.getByRole('heading', { level: 1 });
    expect(h1).toHaveTextContent('Pay for minutes, not seats');
    expect(screen.getByRole('heading', { level: 2, name: 'Developer' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Enterprise' })).toBeVisible();
    expect(
      within(screen.getByTestId('plan-developer')).getByRole('link', { name: 'Get Started' }),
    ).toHaveAttribute('href', '/auth');
    expect(document.title).toBe('Pricing · Dialwise');
  });
});
