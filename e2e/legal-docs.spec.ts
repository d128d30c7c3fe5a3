import { expect, test } from './support/app-test';
import { paths } from '../src/config/paths';

/** Legal and developer docs pages: they render, their anchors and code tools work. */

const pages = [
  {
    path: paths.terms.href,
    h1: 'Terms of Service',
    title: /Terms of Service/,
    description: /terms that govern/,
  },
  {
    path: paths.privacy.href,
    h1: 'Privacy Policy',
    title: /Privacy Policy/,
    description: /personal information/,
  },
  { path: paths.docs.href, h1: 'API reference', title: /API reference/, description: /task API/ },
  {
    path: paths.docsPhoneAgent.href,
    h1: 'Phone agent settings',
    title: /Phone agent settings/,
    description: /speaking style/,
  },
];

for (const { path, h1, title, description } of pages) {
  test(`${path} renders its own page`, async ({ page }) => {
    await page.goto(path);

    await expect(page.getByRole('heading', { level: 1, name: h1 })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByText('404 Page not found')).toHaveCount(0);
    await expect(page).toHaveTitle(title);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', description);
  });
}

test('terms show 18 sections and their dates; contents links scroll to sections', async ({
  page,
}) => {
  await page.goto(paths.terms.href);

  await expect(page.getByText('Last updated November 27, 2026')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^\d+\. / })).toHaveCount(18);

  const section = page.getByRole('heading', { level: 2, name: '14. Limitation of liability' });
  await expect(section).not.toBeInViewport();
  await page
    .getByRole('navigation', { name: 'Contents' })
    .getByRole('link', { name: '14. Limitation of liability' })
    .click();

  await expect(section).toBeInViewport();
  await expect(page).toHaveURL(/\/terms#limitation-of-liability$/);
  // Clear of the sticky navigation bar, not hidden under it.
  await expect.poll(async () => (await section.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(60);
});

test('privacy shows 10 sections; contents links scroll to sections', async ({ page }) => {
  await page.goto(paths.privacy.href);

  await expect(page.getByText('Effective November 27, 2026')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^\d+\. / })).toHaveCount(10);

  const section = page.getByRole('heading', { level: 2, name: '9. Children' });
  await page
    .getByRole('navigation', { name: 'Contents' })
    .getByRole('link', { name: '9. Children' })
    .click();
  await expect(section).toBeInViewport();
});

test('a shared link to a legal section opens at that section', async ({ page }) => {
  await page.goto(`${paths.privacy.href}#data-retention`);

  await expect(page.getByRole('heading', { level: 2, name: '6. Data retention' })).toBeInViewport();
});

test('docs sidebar links scroll to their sections', async ({ page }) => {
  await page.goto(paths.docs.href);

  const errors = page.getByRole('heading', { level: 2, name: 'Errors' });
  await expect(errors).not.toBeInViewport();
  await page
    .getByRole('navigation', { name: 'On this page' })
    .getByRole('link', { name: 'Errors' })
    .click();

  await expect(errors).toBeInViewport();
  await expect(page).toHaveURL(/\/docs#errors$/);
});

test('docs code blocks switch language and copy the visible code', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(paths.docs.href);

  const quickStart = page.getByRole('region', { name: 'Quick start' });
  await quickStart.getByRole('tab', { name: 'Python' }).click();
  await expect(quickStart.getByRole('tab', { name: 'Python' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(quickStart.getByRole('tabpanel')).toContainText('import requests');

  await quickStart.getByRole('button', { name: 'Copy Python code' }).click();

  await expect(page.getByText('Copied to clipboard')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('import requests');
  expect(copied).toContain('print(task["transcription"])');
});

test('docs code blocks can be used from the keyboard', async ({ page }) => {
  await page.goto(paths.docs.href);

  const quickStart = page.getByRole('region', { name: 'Quick start' });
  await quickStart.getByRole('tab', { name: 'curl' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(quickStart.getByRole('tab', { name: 'JavaScript' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(quickStart.getByRole('button', { name: 'Copy JavaScript code' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(quickStart.getByRole('tabpanel')).toBeFocused();
});

test('the API key button leads to sign-in; phone agent docs are one click away', async ({
  page,
}) => {
  await page.goto(paths.docs.href);
  await page
    .getByRole('navigation', { name: 'Documentation' })
    .getByRole('link', { name: 'Phone agent' })
    .click();

  await expect(page.getByRole('heading', { level: 1, name: 'Phone agent settings' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Voices' })).toContainText('Warm, friendly');

  await page.getByRole('link', { name: 'Get an API key' }).click();
  await expect(page).toHaveURL(/\/auth$/);
});
