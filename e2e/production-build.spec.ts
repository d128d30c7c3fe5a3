import { expect, test } from '@playwright/test';
import { paths, useCasePath } from '../src/config/paths';

/**
 * The production build as visitors get it (docs/decisions/0003): public pages prerendered into
 * HTML, scripts requested only after the first paint, and the SPA fallback for every other path.
 * The other journeys run against the dev server; these are the parts only a build has.
 */

const LANDING_HEADING = 'One API request. One finished phone call.';

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
  // The loader that adds them after the first frame is there instead.
  expect(html).toMatch(/requestAnimationFrame\(/);
});

test('the landing page comes alive after its first paint: the Use Cases menu opens', async ({
  page,
}) => {
  await page.goto(paths.home.href);
  await expect(page.getByRole('heading', { level: 1, name: LANDING_HEADING })).toBeVisible();
  // The page is on screen before the app has taken it over; like a person whose first hover
  // did nothing yet, move away and hover again until the menu answers.
  const trigger = page.getByRole('button', { name: 'Use Cases' });
  const panel = page.getByTestId('use-cases-panel');
  await expect(async () => {
    await page.mouse.move(0, 400);
    await trigger.hover();
    await expect(panel).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
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
