import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { scrollThroughPage } from '../scripts/scroll-through-page';
import { publicRoutes } from './support/public-routes';

/**
 * Every public route, checked with axe-core in real Chromium: no 'serious' or 'critical'
 * violations of WCAG 2.x A/AA. Failures print each violation with its selectors.
 */
const blocking = new Set(['serious', 'critical']);

for (const route of publicRoutes) {
  test(`${route} has no serious or critical accessibility violations`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(route);
    // Lazy routes: wait until the page's own content (its first heading) has rendered.
    await expect(page.locator('main h1').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    // Sections that render only near the viewport (the carousels) are audited too.
    await scrollThroughPage(page);

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
    expect(problems, `Accessibility violations on ${route}`).toEqual([]);
  });
}
