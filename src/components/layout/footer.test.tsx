import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Footer } from './footer';
import { renderWithSession, stubBrowserApis } from './test-utils';

beforeEach(() => stubBrowserApis());
afterEach(() => vi.unstubAllGlobals());

describe('Footer', () => {
  it('uses in-page anchors on the landing page', () => {
    renderWithSession(<Footer />);
    const product = screen.getByRole('navigation', { name: 'Product' });
    expect(within(product).getByRole('link', { name: 'Demo' })).toHaveAttribute('href', '#demo');
    expect(within(product).getByRole('link', { name: 'Features' })).toHaveAttribute(
      'href',
      '#features',
    );
    expect(within(product).getByRole('link', { name: 'Use Cases' })).toHaveAttribute(
      'href',
      '#use-cases',
    );
    expect(within(product).getByRole('link', { name: 'Pricing' })).toHaveAttribute(
      'href',
      '#pricing',
    );
  });

  it('sends section links to the landing page from other pages', () => {
    renderWithSession(<Footer />, { route: '/terms' });
    expect(screen.getByRole('link', { name: 'Demo' })).toHaveAttribute('href', '/#demo');
    expect(screen.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/#pricing');
  });

  it('links the support and legal pages, e-mail and social profiles', () => {
    renderWithSession(<Footer />);
    const expected: Record<string, string> = {
      Contact: '/contact',
      'Privacy Policy': '/privacy',
      'Terms of Service': '/terms',
      Docs: '/docs',
      Status: '/status',
      'Help Center': '/help',
      'hello@dialwise.dev': 'mailto:hello@dialwise.dev',
      'Dialwise on GitHub': 'https://github.com/dialwise',
      'Dialwise on X': 'https://x.com/dialwise',
      'Dialwise on LinkedIn': 'https://www.linkedin.com/company/dialwise',
    };
    for (const [name, href] of Object.entries(expected)) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(screen.getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '#about');
    expect(document.getElementById('about')).toHaveTextContent('AI voice agents');
  });

  it("shows the location and this year's copyright", () => {
    renderWithSession(<Footer />);
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent('San Francisco, CA');
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Dialwise`);
  });
});
