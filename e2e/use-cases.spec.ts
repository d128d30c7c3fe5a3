import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './support/app-test';
import { useCasePath, useCaseSlugs } from '../src/config/paths';

const NOT_FOUND = '404 Page not found';

// The pages share most targets (/auth, /contact…); one worker runs this file, so check each once.
const verifiedTargets = new Set<string>();

async function expectRealPage(page: Page, path: string) {
  const h1 = page.getByRole('heading', { level: 1 });
  await expect(h1, `${path} has one h1`).toHaveCount(1);
  await expect(h1, `${path} is not the not-found page`).not.toHaveText(NOT_FOUND);
}

/** Same-origin links inside the page's own content (navbar and footer have their own tests). */
async function internalHrefs(page: Page): Promise<string[]> {
  const hrefs = await page
    .getByRole('main')
    .locator('a[href]')
    .evaluateAll((links) =>
      links
        .map((a) => new URL((a as HTMLAnchorElement).href))
        .filter((url) => url.origin === window.location.origin)
        .map((url) => url.pathname + url.search),
    );
  return [...new Set(hrefs)];
}

test.describe('use-case pages', () => {
  for (const slug of useCaseSlugs) {
    test(`${slug}: renders, and every link and button leads somewhere real`, async ({ page }) => {
      const href = useCasePath(slug);
      await page.goto(href);
      await expectRealPage(page, href);
      await expect(page).toHaveTitle(/Dialwise/);
      await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');

      const accessibility = await new AxeBuilder({ page })
        .include('main')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      expect(accessibility.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

      const buttons = page.getByRole('main').getByRole('button');
      for (let i = 0, n = await buttons.count(); i < n; i++) {
        await buttons.nth(i).click();
        await expect(page).toHaveURL(new RegExp(`${href}(#.*)?$`));
        await expectRealPage(page, href);
      }

      const hrefs = await internalHrefs(page);
      expect(hrefs.length).toBeGreaterThan(1);
      for (const target of hrefs.filter((h) => !verifiedTargets.has(h))) {
        await page.goto(target);
        await expectRealPage(page, target);
        verifiedTargets.add(target);
      }
    });
  }

  test('petcare: Hear Sample Call shows the sample transcript', async ({ page }) => {
    await page.goto(useCasePath('petcare'));
    const lastLine = page.getByText(/Your recheck is confirmed/);
    await expect(lastLine).toHaveCount(0);

    await page.getByRole('button', { name: 'Hear Sample Call' }).click();

    await expect(lastLine).toBeVisible();
    const heading = page.getByRole('heading', { name: /sample post-surgery/i });
    await expect(heading).toBeInViewport();
    await expect(heading).toBeFocused();
    await expect(page.getByRole('list', { name: 'Call transcript' })).toBeInViewport();
  });

  test('pre-auth-assistant: See Live Demo shows the demo transcript', async ({ page }) => {
    await page.goto(useCasePath('pre-auth-assistant'));
    await page.getByRole('button', { name: 'See Live Demo' }).click();
    await expect(
      page.getByRole('heading', { name: /^Demo: one pre-authorisation/ }),
    ).toBeInViewport();
    await expect(page.getByText(/Ref PA-20931-77/)).toBeVisible();
  });

  test('loadtrack-checkins: the ROI table shows the published figures', async ({ page }) => {
    await page.goto(useCasePath('loadtrack-checkins'));
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(1)).toHaveText(/50\s*100\s*8\.3\s*\$290/);
    await expect(rows.nth(2)).toHaveText(/100\s*200\s*16\.7\s*\$585/);
    await expect(rows.nth(3)).toHaveText(/200\s*400\s*33\.3\s*\$1,165/);
  });
});
