import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { paths, useCasePath, useCaseSlugs } from '../src/config/paths';
import { scrollThroughPage } from '../scripts/scroll-through-page';

/**
 * Every public route, checked with axe-core in real Chromium: no 'serious' or 'critical'
 * violations of WCAG 2.x A/AA. Failures print each violation with its selectors.
 */
const publicRoutes = [
  paths.home.href,
  paths.auth.href,
  paths.pricing.href,
  paths.terms.href,
  paths.privacy.href,
  paths.contact.href,
  paths.docs.href,
  paths.docsPhoneAgent.href,
  paths.status.href,
  paths.help.href,
  ...useCaseSlugs.map(useCasePath),
];

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
