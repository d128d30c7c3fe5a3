import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Navbar } from './navbar';
import { fakeUser, renderWithSession, stubBrowserApis } from './test-utils';

const expectedUseCaseHrefs = [
  '/use-cases/healthcare',
  '/use-cases/shift-fill',
  '/use-cases/after-service',
  '/use-cases/tenant-notice',
  '/use-cases/rent-due-calls',
  '/use-cases/safecheck-attendance',
  '/use-cases/loadtrack-checkins',
  '/use-cases/petcare',
  '/use-cases/pre-auth-assistant',
  '/use-cases/rx-clarification',
];

beforeEach(() => stubBrowserApis());
afterEach(() => {
  vi.unstubAllGlobals();
  window.scrollY = 0;
});

describe('Navbar', () => {
  it('offers "Start now" to the Sign-up tab to a signed-out visitor', () => {
    renderWithSession(<Navbar />);
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(main).toBeInTheDocument();
    const start = screen.getAllByRole('link', { name: 'Start now' })[0];
    expect(start).toHaveAttribute('href', '/auth?mode=sign-up');
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('offers "Dashboard" to /dashboard to a signed-in user', () => {
    renderWithSession(<Navbar />, { user: fakeUser });
    expect(screen.getAllByRole('link', { name: 'Dashboard' })[0]).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(screen.queryByRole('link', { name: 'Start now' })).not.toBeInTheDocument();
  });

  it('links the logo home and Pricing to /pricing', () => {
    renderWithSession(<Navbar />);
    expect(screen.getByRole('link', { name: 'Dialwise home' })).toHaveAttribute('href', '/');
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
  });

  // The open menus are their own chunk (use-navbar-menus.ts): the first one opened here waits for
  // it, as a visitor's would.
  it('opens the Use Cases panel with the ten use-case pages', async () => {
    const user = userEvent.setup();
    renderWithSession(<Navbar />);
    const trigger = screen.getByRole('button', { name: 'Use Cases' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const panel = await screen.findByTestId('use-cases-panel');
    const links = within(panel).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(expectedUseCaseHrefs);
    expect(within(panel).getByRole('link', { name: /Healthcare/ })).toHaveTextContent(
      'Patient follow-ups',
    );
  });

  it('points Features at its landing section, scrolling in place on /, and Docs at /docs', async () => {
    const user = userEvent.setup();
    const section = document.createElement('section');
    section.id = 'features';
    document.body.append(section);
    renderWithSession(<Navbar />);
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('link', { name: 'Docs' })).toHaveAttribute('href', '/docs');
    await user.click(within(main).getByRole('link', { name: 'Features' }));
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    section.remove();
  });

  it('navigates to /#features when Features is chosen on another page', async () => {
    const user = userEvent.setup();
    renderWithSession(<Navbar />, { route: '/pricing' });
    const main = screen.getByRole('navigation', { name: 'Main' });
    const features = within(main).getByRole('link', { name: 'Features' });
    expect(features).toHaveAttribute('href', '/#features');
    await user.click(features);
    expect(screen.getByTestId('location')).toHaveTextContent('/#features');
  });

  it('opens the mobile menu and expands its Use Cases group', async () => {
    const user = userEvent.setup();
    renderWithSession(<Navbar />);
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const menuId = toggle.getAttribute('aria-controls') ?? '';
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const mobileNav = await screen.findByRole('navigation', { name: 'Mobile' });
    expect(document.getElementById(menuId)).toBeVisible();

    const group = within(mobileNav).getByRole('button', { name: 'Use Cases' });
    expect(group).toHaveAttribute('aria-expanded', 'false');
    await user.click(group);
    expect(group).toHaveAttribute('aria-expanded', 'true');
    expect(
      within(mobileNav)
        .getAllByRole('link')
        .filter((link) => link.getAttribute('href')?.startsWith('/use-cases/')),
    ).toHaveLength(10);

    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('changes its look once the page is scrolled past 20 px', () => {
    renderWithSession(<Navbar />);
    const header = screen.getByRole('banner');
    expect(header).toHaveAttribute('data-scrolled', 'false');
    act(() => {
      window.scrollY = 20;
      fireEvent.scroll(window);
    });
    expect(header).toHaveAttribute('data-scrolled', 'false');
    act(() => {
      window.scrollY = 21;
      fireEvent.scroll(window);
    });
    expect(header).toHaveAttribute('data-scrolled', 'true');
    expect(header).toHaveClass('backdrop-blur-md');
  });
});
