import { expect, test, type Page } from '@playwright/test';
import { paths, publicPagePaths, useCasePath } from '../src/config/paths';

/**
 * The production build as visitors get it (docs/decisions/0003): public pages prerendered into
 * HTML, scripts requested only after the first paint, and the SPA fallback for every other path.
 * The other journeys run against the dev server; these are the parts only a build has.
 */

const LANDING_HEADING = 'One API request. One finished phone call.';

/**
 * The page is on screen before the app has taken it over; like a person whose first hover did
 * nothing yet, move away and hover again until the Use Cases menu answers. Returns its panel.
 */
async function openUseCasesMenu(page: Page) {
  const trigger = page.getByRole('button', { name: 'Use Cases' }).first();
  const panel = page.getByTestId('use-cases-panel');
  await expect(async () => {
    await page.mouse.move(0, 400);
    await trigger.hover();
    await expect(panel).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  return panel;
}

test('public pages arrive as finished pages, readable with JavaScript off', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(paths.home.href);
  await expect(page.getByRole('heading', { level: 1, name: LANDING_HEADING })).toBeVisible();
  await page.goto(useCasePath('healthcare'));
  await expect(page.locator('main h1')).toHaveText(/patient/i);
  await page.goto(paths.pricing.href);
  await expect(page.getByText('1¢').first()).toBeVisible();
  await context.close();
});

test('a prerendered page names no script to fetch before it is painted', async ({ request }) => {
  const html = await (await request.get(paths.home.href)).text();
  expect(html).toContain('data-prerendered="/"');
  expect(html).toContain('One API request.');
  expect(html).not.toMatch(/<script[^>]+\bsrc=/);
  expect(html).not.toContain('rel="modulepreload"');
  // No section is saved hidden by the prerendering browser's fade-in.
  expect(html).not.toContain('data-fade');
  // The loader that adds them after the first frame is there instead.
  expect(html).toMatch(/requestAnimationFrame\(/);
});

test('the landing page comes alive after its first paint: the Use Cases menu opens', async ({
  page,
}) => {
  await page.goto(paths.home.href);
  await expect(page.getByRole('heading', { level: 1, name: LANDING_HEADING })).toBeVisible();
  const panel = await openUseCasesMenu(page);
  await expect(panel.getByRole('link')).toHaveCount(10);
  await panel.getByRole('link', { name: /Shift Fill/ }).click();
  await expect(page).toHaveURL(/\/use-cases\/shift-fill$/);
});

test('a protected deep link shows sign-in, never the landing page it was served with', async ({
  page,
}) => {
  await page.goto(paths.dashboard.href);
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(page.getByText(LANDING_HEADING)).toHaveCount(0);
});

test('an unknown path shows the not-found page, not the prerendered landing page', async ({
  page,
}) => {
  await page.goto('/no-such-page?ref=build');
  await expect(page.getByRole('heading', { name: '404 Page not found' })).toBeVisible();
  await expect(page.getByText('/no-such-page?ref=build')).toBeVisible();
  await expect(page.getByText(LANDING_HEADING)).toHaveCount(0);
});

for (const reducedMotion of ['no-preference', 'reduce'] as const) {
  test(`every public page boots without a console error, its prerendered HTML adopted as it stands (${reducedMotion} motion)`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ reducedMotion });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    // The heading element of the HTML as it arrived, before any script ran; and whether the
    // first frame came only once the whole saved page was parsed (half a page painted first is
    // a layout shift when the rest arrives).
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        Object.assign(window, { prerenderedHeading: document.querySelector('main h1') });
      });
      requestAnimationFrame(() => {
        Object.assign(window, {
          firstFrameHadWholePage: !!document.getElementById('prerendered-end'),
        });
      });
    });
    for (const path of publicPagePaths) {
      await page.goto(path);
      // Booted: the app answers (the Use Cases menu opens).
      await openUseCasesMenu(page);
      await page.keyboard.press('Escape');
      // Hydrated, not rendered again: the heading on screen is the one that arrived.
      const adopted = await page.evaluate(() => {
        const heading = (window as { prerenderedHeading?: Element | null }).prerenderedHeading;
        return !!heading && heading === document.querySelector('main h1');
      });
      expect(adopted, `${path}: the prerendered heading is still the one on screen`).toBe(true);
      const wholePageFirst = await page.evaluate(
        () => (window as { firstFrameHadWholePage?: boolean }).firstFrameHadWholePage,
      );
      expect(wholePageFirst, `${path}: the first frame waited for the whole saved page`).toBe(true);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
}

test('an anonymous visitor on public pages never loads the auth client; /auth does', async ({
  page,
}) => {
  const authCalls: string[] = [];
  const supabaseScripts: string[] = [];
  const redirectRuleScripts: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/auth/v1/')) authCalls.push(request.url());
    if (request.url().includes('/redirect-rules-')) redirectRuleScripts.push(request.url());
  });
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.text().catch(() => '');
    if (body.includes('supabase-js')) supabaseScripts.push(new URL(response.url()).pathname);
  });
  await page.goto(paths.home.href);
  const panel = await openUseCasesMenu(page);
  await panel.getByRole('link', { name: /Shift Fill/ }).click();
  await expect(page).toHaveURL(/\/use-cases\/shift-fill$/);
  await page.waitForLoadState('networkidle');
  expect(supabaseScripts).toEqual([]);
  expect(authCalls).toEqual([]);
  // The redirect rules load with the auth client: with nobody signed in, none can apply.
  expect(redirectRuleScripts).toEqual([]);

  await page.goto(paths.auth.href);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expect.poll(() => supabaseScripts.length).toBeGreaterThan(0);
  await expect.poll(() => redirectRuleScripts.length).toBe(1);
});

test('the landing page loads the code of its lower sections only as the visitor nears them', async ({
  page,
}) => {
  const lowerSectionScripts: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('landing-lower-sections')) lowerSectionScripts.push(request.url());
  });
  await page.goto(paths.home.href);
  await openUseCasesMenu(page);
  await page.keyboard.press('Escape');
  await page.waitForLoadState('networkidle');
  // Booted, yet the sections below the fold are still the prerendered HTML, with no script.
  expect(lowerSectionScripts).toEqual([]);
  await expect(page.locator('#pricing')).toContainText('Developer');
  await expect(page.locator('#code [role="tab"]')).toHaveCount(2);

  // A click in that HTML, far below the viewport (no scroll), loads the code and is passed on.
  const curl = page.getByRole('tab', { name: 'cURL' });
  await expect(curl).toHaveAttribute('aria-selected', 'false');
  await curl.dispatchEvent('click');
  await expect(curl).toHaveAttribute('aria-selected', 'true');
  expect(lowerSectionScripts).toHaveLength(1);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('the navigation bar loads its open menus when the visitor reaches for it, not with the page', async ({
  page,
}) => {
  const menuScripts: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('navbar-menus')) menuScripts.push(request.url());
  });
  await page.goto(paths.home.href);
  await page.waitForLoadState('networkidle');
  expect(menuScripts).toEqual([]);

  const panel = await openUseCasesMenu(page);
  await expect(panel.getByRole('link')).toHaveCount(10);
  expect(menuScripts).toHaveLength(1);
});

test('Back returns to where the visitor was on the previous page; a new page starts at its top', async ({
  page,
}) => {
  await page.goto(paths.pricing.href);
  await openUseCasesMenu(page);
  await page.keyboard.press('Escape');
  const terms = page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' });
  await terms.scrollIntoViewIfNeeded();
  const leftAt = await page.evaluate(() => window.scrollY);
  expect(leftAt).toBeGreaterThan(300);
  await terms.click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(leftAt);
});
