import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
// Aliased: the 'use' prefix makes the hooks lint rule mistake this plain function for a hook.
import { paths, useCasePath as hrefOf, useCaseSlugs, type UseCaseSlug } from '@/config/paths';
import { UseCasePage } from '@/features/use-cases/components/use-case-page';
import { useCaseContent } from '@/features/use-cases/content/registry';
import { renderWithProviders } from '@/testing/render';
import { LazyFooter } from '@/components/layout/public-layout';

// Public pages load their footer's code lazily; load it first, as a browser would on the way down.
beforeAll(() => LazyFooter.preload());

beforeAll(() => {
  // jsdom lacks these; the shared layout (navbar) may use them.
  if (!window.matchMedia) {
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      value: (query: string) => ({
        matches: false,
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }),
    });
  }
  if (!('IntersectionObserver' in window)) {
    class NoopObserver {
      observe() {}
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return [];
      }
    }
    Object.defineProperty(window, 'IntersectionObserver', {
      configurable: true,
      value: NoopObserver,
    });
  }
});

function renderPage(slug: UseCaseSlug) {
  return renderWithProviders(<UseCasePage slug={slug} />, {
    initialEntry: hrefOf(slug),
    routes: [{ path: paths.home.path, element: <h1>Home page</h1> }],
  });
}

const main = () => screen.getByRole('main');

describe('UseCasePage', () => {
  it.each(useCaseSlugs)('%s: one h1, title, description and a Back to home link', (slug) => {
    renderPage(slug);
    const content = useCaseContent[slug];
    const h1s = screen.getAllByRole('heading', { level: 1 });
    expect(h1s).toHaveLength(1);
    expect(h1s[0]).toHaveTextContent(content.hero.title);
    expect(document.title).toBe(content.meta.title);
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      content.meta.description,
    );
    expect(within(main()).getByRole('link', { name: 'Back to home' })).toHaveAttribute(
      'href',
      paths.home.href,
    );
  });

  it('Back to home navigates to /', async () => {
    renderPage('healthcare');
    await userEvent.click(screen.getByRole('link', { name: 'Back to home' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Home page' })).toBeInTheDocument();
  });

  it('LoadTrack: CTAs, ROI table and badges', () => {
    renderPage('loadtrack-checkins');
    const page = within(main());
    expect(page.getByRole('link', { name: 'Book a Demo' })).toHaveAttribute('href', '/contact');
    expect(page.getByRole('link', { name: 'See Pricing' })).toHaveAttribute('href', '/pricing');
    expect(page.getByRole('link', { name: 'Get Demo' })).toHaveAttribute('href', '/contact');

    const table = page.getByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [
        within(row).getByRole('rowheader').textContent,
        ...within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ]);
    expect(rows).toEqual([
      ['50', '100', '8.3', '$290'],
      ['100', '200', '16.7', '$585'],
      ['200', '400', '33.3', '$1,165'],
    ]);
    expect(within(table).getAllByRole('columnheader')).toHaveLength(4);

    for (const badge of ['FMCSA Compliant', 'SOC 2 Type II', 'End-to-end Encrypted']) {
      expect(page.getByText(badge)).toBeInTheDocument();
    }
    expect(page.getByText('Illustrative customer story')).toBeInTheDocument();
  });

  it('pet care: trial and demo CTAs, and Hear Sample Call reveals the transcript', async () => {
    const user = userEvent.setup();
    renderPage('petcare');
    const page = within(main());
    expect(page.getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute(
      'href',
      '/auth?mode=sign-up',
    );
    expect(page.getByRole('link', { name: 'Try 30 Days Free' })).toHaveAttribute(
      'href',
      '/auth?mode=sign-up',
    );
    expect(page.getByRole('link', { name: 'Schedule Demo' })).toHaveAttribute('href', '/contact');

    const toggle = page.getByRole('button', { name: 'Show full transcript' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(page.queryByText(/Your recheck is confirmed/)).not.toBeInTheDocument();

    // jsdom has no scrollIntoView; give it one for this test only.
    const scrollIntoView = vi.fn();
    Object.defineProperty(Element.prototype, 'scrollIntoView', {
      configurable: true,
      value: scrollIntoView,
    });
    try {
      await user.click(page.getByRole('button', { name: 'Hear Sample Call' }));
    } finally {
      Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
    }

    expect(page.getByText(/Your recheck is confirmed/)).toBeVisible();
    expect(page.getByRole('button', { name: 'Show less' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(scrollIntoView).toHaveBeenCalled();
    expect(page.getByRole('heading', { level: 2, name: /sample post-surgery/i })).toHaveFocus();
  });

  it('pre-authorisation: early access CTAs and See Live Demo opens the demo transcript', async () => {
    const user = userEvent.setup();
    renderPage('pre-auth-assistant');
    const page = within(main());
    expect(page.getByRole('link', { name: 'Request Early Access' })).toHaveAttribute(
      'href',
      '/auth?mode=sign-up',
    );
    expect(page.getByRole('link', { name: 'Get Early Access' })).toHaveAttribute(
      'href',
      '/auth?mode=sign-up',
    );
    expect(page.getByRole('link', { name: 'Schedule a Demo' })).toHaveAttribute('href', '/contact');
    expect(page.getByRole('heading', { level: 2, name: 'Our HIPAA guarantee' })).toBeVisible();

    await user.click(page.getByRole('button', { name: 'See Live Demo' }));
    expect(page.getByText(/Ref PA-20931-77/)).toBeVisible();
  });

  it('prescription clarification: demo booking and sample call link', () => {
    renderPage('rx-clarification');
    const page = within(main());
    for (const link of page.getAllByRole('link', { name: 'Book a 15-Minute Demo' })) {
      expect(link).toHaveAttribute('href', '/contact');
    }
    for (const link of page.getAllByRole('link', { name: 'Listen to Sample Call' })) {
      expect(link).toHaveAttribute('href', '/docs');
    }
  });

  it('FAQ answers are disclosed from their question', async () => {
    const user = userEvent.setup();
    renderPage('rx-clarification');
    const question = screen.getByText(/does not answer\?$/);
    const details = question.closest('details');
    expect(details).not.toHaveAttribute('open');
    await user.click(question);
    expect(details).toHaveAttribute('open');
  });

  it.each(useCaseSlugs)('%s: headings never skip a level', (slug) => {
    renderPage(slug);
    const levels = Array.from(main().querySelectorAll('h1, h2, h3, h4')).map((h) =>
      Number(h.tagName[1]),
    );
    expect(levels[0]).toBe(1);
    expect(levels.length).toBeGreaterThan(2);
    const steps = levels.slice(1).map((level, i) => level - levels[i]!);
    expect(Math.max(...steps)).toBeLessThanOrEqual(1);
  });
});
