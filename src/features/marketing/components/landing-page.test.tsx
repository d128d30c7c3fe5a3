import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeUser, renderWithSession, stubBrowserApis } from '@/components/layout/test-utils';
import { LandingLowerSections, LandingPage } from './landing-page';
import { LazyFooter } from '@/components/layout/public-layout';

// Public pages load their footer's code lazily; load it first, as a browser would on the way down.
beforeAll(() => LazyFooter.preload());

// Rendered outside a prerendered page, the lower sections render at once: their code is loaded
// first so every test sees the whole page.
beforeAll(() => LandingLowerSections.preload());
beforeEach(() => stubBrowserApis({ reducedMotion: true }));
afterEach(() => vi.unstubAllGlobals());

const sectionOrder = [
  'hero',
  'demo',
  'features',
  'code',
  'use-cases',
  'use-case-carousel',
  'testimonials',
  'pricing',
  'waitlist',
];

// The first render pays for loading the lazy carousels; a busy machine needs the margin.
describe('LandingPage', { timeout: 20_000 }, () => {
  it('renders the sections in page order with one h1, then the footer', async () => {
    const { container } = renderWithSession(<LandingPage />);
    await screen.findByRole('region', { name: 'Use case examples' }, { timeout: 15_000 });
    const ids = [
      ...container.querySelectorAll('main > section, main > [data-deferred] > section'),
    ].map((section) => section.id);
    expect(ids).toEqual(sectionOrder);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    // The footer follows in its own box (its code loads as the visitor nears it).
    expect(container.querySelector('main + [data-deferred] > footer')).toBeInTheDocument();
  });

  it('sets the page title and description', () => {
    renderWithSession(<LandingPage />);
    expect(document.title).toBe('Dialwise: AI phone calls from one API request');
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      expect.stringContaining('phone number and a goal'),
    );
  });

  it('points the hero buttons at the Sign-up tab and the docs', () => {
    renderWithSession(<LandingPage />);
    const hero = document.getElementById('hero')!;
    expect(within(hero).getByRole('link', { name: 'Start now' })).toHaveAttribute(
      'href',
      '/auth?mode=sign-up',
    );
    expect(within(hero).getByRole('link', { name: 'View Docs' })).toHaveAttribute('href', '/docs');
  });

  it('shows a sample call, not a video that does not exist, and where to try one', () => {
    renderWithSession(<LandingPage />);
    const demo = document.getElementById('demo')!;
    expect(within(demo).getByRole('list', { name: 'Sample transcript' })).toBeInTheDocument();
    expect(demo).not.toHaveTextContent(/coming soon/i);
    expect(within(demo).getByRole('link', { name: 'Try a free test call' })).toHaveAttribute(
      'href',
      '/auth?mode=sign-up',
    );
  });

  it('lists the four feature cards', () => {
    renderWithSession(<LandingPage />);
    const features = document.getElementById('features')!;
    expect(
      within(features)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual([
      'Real-Time Conversations',
      'One-Line Deployment',
      'Carrier-Grade Reliability',
      'Built on MCP',
    ]);
  });

  it('shows a call to the task endpoint that reads status and transcription', async () => {
    const user = userEvent.setup();
    renderWithSession(<LandingPage />);
    const code = document.getElementById('code')!;
    expect(within(code).getByRole('heading', { name: 'Integrate in Seconds' })).toBeVisible();
    const js = within(code).getByRole('tabpanel');
    for (const text of [
      'POST',
      '/functions/v1/task',
      'phone_number: "+14155550123"',
      'goal:',
      'task.status',
      'task.transcription',
    ]) {
      expect(js).toHaveTextContent(text);
    }
    await user.click(within(code).getByRole('tab', { name: 'cURL' }));
    expect(within(code).getByRole('tabpanel')).toHaveTextContent('curl -X POST');
    expect(within(code).getByRole('link', { name: 'Start now' })).toHaveAttribute(
      'href',
      '/auth?mode=sign-up',
    );
  });

  it('asks what can be built and links every vertical page', () => {
    renderWithSession(<LandingPage />);
    const useCases = document.getElementById('use-cases')!;
    expect(
      within(useCases).getByRole('heading', { name: 'What can you build with Dialwise?' }),
    ).toBeVisible();
    expect(within(useCases).getAllByRole('link')).toHaveLength(10);
  });

  it('shows six carousel cards and makes only the selected one a link', async () => {
    renderWithSession(<LandingPage />);
    const carousel = await screen.findByRole(
      'region',
      { name: 'Use case examples' },
      { timeout: 15_000 },
    );
    const slides = within(carousel).getAllByRole('group');
    expect(slides).toHaveLength(6);
    const links = within(carousel).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', '/use-cases/ecommerce');
    expect(within(carousel).getByRole('button', { name: 'Previous use case' })).toBeEnabled();
    expect(within(carousel).getByRole('button', { name: 'Next use case' })).toBeEnabled();
  });

  it('shows three testimonials with accessible star ratings', async () => {
    renderWithSession(<LandingPage />);
    const carousel = await screen.findByRole(
      'region',
      { name: 'Testimonials' },
      { timeout: 15_000 },
    );
    const slides = carousel.querySelectorAll('[aria-roledescription="slide"]');
    expect(slides).toHaveLength(3);
    expect(within(carousel).getByRole('img', { name: 'Rated 5 out of 5 stars' })).toBeVisible();
    expect(carousel).toHaveTextContent('Northwind Dental Group');
  });

  it('prices the Developer and Enterprise plans as the pricing rules say', () => {
    renderWithSession(<LandingPage />);
    const developer = screen.getByTestId('plan-developer');
    expect(developer).toHaveTextContent('1¢ / minute');
    expect(developer).toHaveTextContent('First 100 minutes free');
    expect(developer).toHaveTextContent(/pay-as-you-go/i);
    expect(
      within(developer)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Calls to any US number',
      'Smart call routing',
      'Real-time transcripts',
      'REST API access',
      'Standard support',
    ]);
    expect(within(developer).getByRole('link', { name: 'Get Started' })).toHaveAttribute(
      'href',
      '/auth',
    );

    const enterprise = screen.getByTestId('plan-enterprise');
    expect(enterprise).toHaveTextContent('Custom');
    expect(
      within(enterprise)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'On-premises deployment',
      '24/7 priority support',
      'Dedicated account manager',
      'Custom integrations',
      'SLA guarantees',
    ]);
    expect(within(enterprise).getByRole('link', { name: 'Contact Sales' })).toHaveAttribute(
      'href',
      '/contact',
    );
  });

  it('sends a signed-out visitor from the call to action to the Sign-up tab', () => {
    renderWithSession(<LandingPage />);
    const waitlist = document.getElementById('waitlist')!;
    expect(within(waitlist).getByRole('heading', { name: 'Unlock Early Access' })).toBeVisible();
    expect(waitlist).toHaveTextContent(/^Unlock Early AccessSign up now to secure your API key/);
    expect(
      within(waitlist).getByRole('link', { name: 'Sign up for Early Access' }),
    ).toHaveAttribute('href', '/auth?mode=sign-up');
  });

  it('offers a signed-in user the dashboard from the early-access block', () => {
    renderWithSession(<LandingPage />, { user: fakeUser });
    const waitlist = document.getElementById('waitlist')!;
    expect(
      within(waitlist).getByRole('link', { name: 'Sign up for Early Access' }),
    ).toHaveAttribute('href', '/dashboard');
  });

  it('keeps a signed-out visitor on the page', async () => {
    renderWithSession(<LandingPage />);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});
