// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { prerenderPage } from './entry-server';

/** The build's prerender, as scripts/prerender.ts runs it: no browser, no window. */
describe('prerenderPage', () => {
  it('renders the landing page whole, lower sections and footer included, in place', async () => {
    const page = await prerenderPage('/');
    expect(page.title).toBe('Dialwise: AI phone calls from one API request');
    expect(page.description).toMatch(/^Dialwise places AI phone calls for you/);
    expect(page.html).toMatch(/<h1[^>]*>One API request\.[\s\S]*?<\/h1>/);
    // The sections whose code loads near the viewport, and the carousel inside them.
    expect(page.html).toContain('data-deferred="landing-lower-sections"');
    expect(page.html).toContain('id="testimonials"');
    expect(page.html).toContain('The calls your team never gets to');
    expect(page.html).toMatch(/aria-roledescription="carousel"[^>]*aria-label="Use case examples"/);
    expect(page.html).toContain('href="/use-cases/shift-fill"');
    expect(page.html).toMatch(/data-deferred="footer"[\s\S]*<footer/);
    // Everything where it belongs, nothing left to a script to move into place.
    expect(page.html).not.toContain('<template');
    expect(page.html).not.toContain('<script');
  });

  it('renders the page for an anonymous visitor, with sign-in where a signed-in user would see the dashboard', async () => {
    const page = await prerenderPage('/');
    expect(page.html).toContain('href="/auth"');
    expect(page.html).not.toContain('href="/dashboard"');
  });

  it('renders a use-case page with its own title', async () => {
    const page = await prerenderPage('/use-cases/healthcare');
    expect(page.title).toBe('Patient follow-up calls and appointment scheduling | Dialwise');
    expect(page.html).toMatch(/<main[\s\S]*<h1[^>]*>[^<]*patient/i);
  });
});
