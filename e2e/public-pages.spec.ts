import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './support/app-test';
import { scrollThroughPage } from '../scripts/scroll-through-page';
import { publicRoutes } from './support/public-routes';

/**
 * Every public route, read top to bottom once in real Chromium on the production build: axe-core
 * finds no 'serious' or 'critical' violations of WCAG 2.x A/AA (failures print each violation with
 * its selectors). (Class lists that fight are found on the dev server: class-names.spec.ts.)
 */
const blocking = new Set(['serious', 'critical']);

for (const route of publicRoutes) {
  test(`${route} is accessible`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(route);
    // Lazy routes: wait until the page's own content (its first heading) has rendered.
    await expect(page.locator('main h1').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    // Sections that render only near the viewport (the carousels, the deferred lower sections)
    // are audited too: scrolling brings them in, and sections the browser skips while off screen
    // (`content-visibility: auto`) are rendered for good, as an in-page link does.
    await scrollThroughPage(page);
    await page.evaluate(() => {
      document.documentElement.dataset.sectionsRendered = '';
    });
    await expect(page.locator('[data-deferred]:not([data-stage="live"])')).toHaveCount(0);

    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    // One line per offending element, so a failure reads as a short list rather than a JSON dump.
    const problems = results.violations
      .filter((violation) => blocking.has(violation.impact ?? ''))
      .flatMap((violation) =>
        violation.nodes.map(
          (node) =>
            `[${violation.impact}] ${violation.id} (${violation.help}) at ${node.target.join(' ')}: ${
              node.failureSummary?.replace(/\s+/g, ' ') ?? ''
            }`,
        ),
      );
    // axe leaves text in its background's very colour (white on white) as "needs review", not as a
    // violation: that is invisible text, and fails here.
    const invisibleText = results.incomplete
      .filter((result) => result.id === 'color-contrast')
      .flatMap((result) => result.nodes)
      .filter((node) =>
        node.any.some(
          (check) => (check.data as { messageKey?: string })?.messageKey === 'equalRatio',
        ),
      )
      .map((node) => `[serious] invisible text (1:1 contrast) at ${node.target.join(' ')}`);
    expect([...problems, ...invisibleText], `Accessibility violations on ${route}`).toEqual([]);
  });
}
