import { expect, test, type Page } from './support/app-test';
import { paths, useCasePath } from '../src/config/paths';
import { scrollThroughPage } from '../scripts/scroll-through-page';

/**
 * The marketing site as a visitor meets it (the navigation bar and the landing page):
 * section order, links that lead somewhere, in-page scrolling with the 80 px offset, the Use
 * Cases menu on desktop and mobile, the carousel controls and the navigation bar's scrolled look.
 */

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

const NOT_FOUND = '404 Page not found';

async function openLanding(page: Page) {
  await page.goto(paths.home.href);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** Distance from the viewport top to the element's top (NaN while it is not on the page). */
function topOf(page: Page, id: string): Promise<number> {
  return page.evaluate(
    (sectionId) => document.getElementById(sectionId)?.getBoundingClientRect().top ?? Number.NaN,
    id,
  );
}

/** Waits for a smooth scroll to bring the section's top to 80 px (±1.6) below the viewport top. */
async function expectScrolledTo(page: Page, id: string) {
  await expect
    .poll(() => topOf(page, id), { message: `#${id} top`, timeout: 10_000 })
    .toBeCloseTo(80, -0.5);
}

test.describe('landing page', () => {
  test('shows its sections in order, then the footer', async ({ page }) => {
    await openLanding(page);
    await expect(page).toHaveTitle(/Dialwise/);
    // The lower sections sit in a `display: contents` box that loads their code later.
    const ids = await page
      .locator('main > section, main > [data-deferred] > section')
      .evaluateAll((nodes) => nodes.map((node) => node.id));
    expect(ids).toEqual(sectionOrder);
    await expect(page.locator('main + [data-deferred] > footer')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  });

  test('every internal link leads to a real page or section', async ({ page }) => {
    // Visits every linked route (over twenty lazily loaded pages).
    test.setTimeout(180_000);
    await openLanding(page);
    // The carousels render (with their links) once the visitor scrolls near them.
    await scrollThroughPage(page);
    await expect(page.getByRole('region', { name: 'Use case examples' })).toBeAttached();
    await expect(page.getByRole('region', { name: 'Testimonials' })).toBeAttached();
    const hrefs = await page
      .locator('a[href]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));

    const anchors = new Set<string>();
    const routes = new Set<string>();
    for (const href of hrefs) {
      if (href.startsWith('#')) anchors.add(href.slice(1));
      else if (href.startsWith('/')) {
        const [pathname, hash] = href.split('#');
        routes.add(pathname || '/');
        if (hash && (pathname === '/' || pathname === '')) anchors.add(hash);
      }
    }
    expect(routes.size).toBeGreaterThan(15);

    for (const id of anchors) {
      await expect(page.locator(`[id="${id}"]`), `#${id} exists`).toHaveCount(1);
    }

    for (const route of routes) {
      await page.goto(route);
      await expect(page.locator('main h1').first(), `${route} renders a page`).toBeVisible();
      await expect(page.getByText(NOT_FOUND), `${route} is not the not-found page`).toHaveCount(0);
    }
  });

  test('every button is named, and none is disabled', async ({ page }) => {
    await openLanding(page);
    await scrollThroughPage(page);
    await expect(page.getByRole('region', { name: 'Use case examples' })).toBeAttached();
    await expect(page.getByRole('region', { name: 'Testimonials' })).toBeAttached();
    const buttons = page.locator('button:visible');
    const count = await buttons.count();
    expect(count).toBeGreaterThan(5);
    for (let i = 0; i < count; i += 1) {
      await expect(buttons.nth(i), 'button has an accessible name').toHaveAccessibleName(/\S/);
    }
    // Nothing on the page waits for something that is not there yet.
    await expect(page.locator('button:disabled')).toHaveCount(0);
    await expect(page.getByText(/coming soon/i)).toHaveCount(0);
  });

  test('the hero waves and the demo level bars move, on the compositor, and stand still under reduced motion', async ({
    page,
  }) => {
    /** Per element: its scale now and how many script animations (not CSS ones) run on it. */
    const read = (selector: string) =>
      page.locator(selector).evaluateAll((elements) =>
        elements.map((element) => ({
          scale: new DOMMatrix(getComputedStyle(element).transform).d,
          running: element.getAnimations().filter((animation) => animation.playState === 'running')
            .length,
        })),
      );
    const running = async (selector: string) =>
      (await read(selector)).map((element) => element.running);
    const bars = '#demo [data-phase]';
    const waves = '#hero > [aria-hidden] > svg';

    await openLanding(page);
    await expect.poll(() => running(bars)).toEqual([1, 1, 1, 1]);
    await expect.poll(() => running(waves)).toEqual([1, 1, 1]);
    // No CSS animation on the page: each one's iterations would keep the main thread busy.
    expect(
      await page.evaluate(
        () =>
          document.getAnimations().filter((animation) => animation instanceof CSSAnimation).length,
      ),
    ).toBe(0);
    // The bars' four layers are a quarter of a bounce apart, and they move.
    const first = await read(bars);
    expect(new Set(first.map((bar) => bar.scale.toFixed(3))).size).toBeGreaterThan(1);
    await expect.poll(async () => (await read(bars))[0]!.scale).not.toBe(first[0]!.scale);

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect.poll(() => running(bars)).toEqual([0, 0, 0, 0]);
    await expect.poll(() => running(waves)).toEqual([0, 0, 0]);
    expect((await read(bars)).map((bar) => bar.scale)).toEqual([1, 1, 1, 1]);
  });

  test('hero buttons: Start now opens the Sign-up tab, View Docs opens /docs', async ({ page }) => {
    await openLanding(page);
    const hero = page.locator('#hero');
    await hero.getByRole('link', { name: 'Start now' }).click();
    await expect(page).toHaveURL(/\/auth\?mode=sign-up$/);
    await expect(page.getByRole('tab', { name: 'Sign up', selected: true })).toBeVisible();

    await openLanding(page);
    await hero.getByRole('link', { name: 'View Docs' }).click();
    await expect(page).toHaveURL(/\/docs$/);
    await expect(page.getByRole('heading', { name: 'API reference', level: 1 })).toBeVisible();
  });

  test('the call to action sends a signed-out visitor to the Sign-up tab', async ({ page }) => {
    await openLanding(page);
    await page.getByRole('link', { name: 'Sign up for Early Access' }).click();
    await expect(page).toHaveURL(/\/auth\?mode=sign-up$/);
  });

  test('the carousel buttons change the selected card', async ({ page }) => {
    await openLanding(page);
    // The carousel renders once the visitor scrolls near it.
    await page.locator('#use-case-carousel').scrollIntoViewIfNeeded();
    const carousel = page.getByRole('region', { name: 'Use case examples' });
    const selected = carousel.locator('[data-selected="true"]');
    await expect(selected).toHaveCount(1);
    await expect(carousel).not.toHaveAttribute('aria-busy');

    await carousel.getByRole('button', { name: 'Next use case' }).click();
    // Autoplay stops on interaction, so the selection now moves only with the buttons.
    await expect(selected).toHaveAttribute('aria-label', /^2 of 6/);
    await carousel.getByRole('button', { name: 'Next use case' }).click();
    await expect(selected).toHaveAttribute('aria-label', /^3 of 6/);
    await carousel.getByRole('button', { name: 'Previous use case' }).click();
    await expect(selected).toHaveAttribute('aria-label', /^2 of 6/);

    const link = selected.getByRole('link');
    await expect(link).toHaveAttribute('href', useCasePath('healthcare'));
    await link.click();
    await expect(page).toHaveURL(/\/use-cases\/healthcare$/);
  });
});

test.describe('navigation bar', () => {
  test('Features scrolls its section to 80 px below the top; Docs opens /docs', async ({
    page,
  }) => {
    await openLanding(page);
    const nav = page.getByRole('navigation', { name: 'Main' });

    await nav.getByRole('link', { name: 'Features' }).click();
    await expectScrolledTo(page, 'features');

    await expect(page).toHaveURL(/\/$/);
    await nav.getByRole('link', { name: 'Docs' }).click();
    await expect(page).toHaveURL(/\/docs$/);
    await expect(page.getByRole('heading', { name: 'API reference', level: 1 })).toBeVisible();
  });

  test('Features from another page returns to the landing page and scrolls', async ({ page }) => {
    await page.goto(paths.pricing.href);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Features' })
      .click();
    await expect(page).toHaveURL(/\/#features$/);
    await expectScrolledTo(page, 'features');
  });

  test('the Use Cases menu lists the ten pages and its items navigate', async ({ page }) => {
    await openLanding(page);
    const trigger = page.getByRole('button', { name: 'Use Cases' });
    await trigger.hover();
    const panel = page.getByTestId('use-cases-panel');
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('link')).toHaveCount(10);
    const box = await panel.boundingBox();
    expect(Math.round(box!.width)).toBe(600);

    await panel.getByRole('link', { name: /Shift Fill/ }).click();
    await expect(page).toHaveURL(/\/use-cases\/shift-fill$/);
    await expect(page.locator('main h1').first()).toBeVisible();
    await expect(page.getByText(NOT_FOUND)).toHaveCount(0);
  });

  test('the Use Cases menu works from the keyboard', async ({ page }) => {
    await openLanding(page);
    const trigger = page.getByRole('button', { name: 'Use Cases' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const panel = page.getByTestId('use-cases-panel');
    // As a keyboard user does: Tab once the panel is there (its code may still be arriving).
    await expect(panel).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(panel.getByRole('link').first()).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/use-cases\/healthcare$/);
  });

  test('signed out, the bar offers "Sign in" and "Start now" to the Sign-up tab', async ({
    page,
  }) => {
    await openLanding(page);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      paths.auth.href,
    );
    const start = page.getByRole('banner').getByRole('link', { name: 'Start now' });
    await expect(start).toHaveAttribute('href', paths.signUp.href);
    await start.click();
    await expect(page).toHaveURL(/\/auth\?mode=sign-up$/);
  });

  test('changes its look after 20 px of scrolling', async ({ page }) => {
    await openLanding(page);
    const header = page.getByRole('banner');
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    const before = await header.evaluate((node) => getComputedStyle(node).boxShadow);

    await page.evaluate(() => window.scrollTo({ top: 21, behavior: 'instant' }));
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    await expect
      .poll(() => header.evaluate((node) => getComputedStyle(node).boxShadow))
      .not.toBe(before);

    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await expect(header).toHaveAttribute('data-scrolled', 'false');
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the menu opens and its Use Cases group expands', async ({ page }) => {
      await openLanding(page);
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
      const toggle = page.getByRole('button', { name: 'Menu', exact: true });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');

      const menu = page.getByRole('navigation', { name: 'Mobile' });
      await expect(menu).toBeVisible();
      for (const name of ['Features', 'Docs', 'Pricing', 'Sign in', 'Start now']) {
        await expect(menu.getByRole('link', { name })).toBeVisible();
      }
      const group = menu.getByRole('button', { name: 'Use Cases' });
      await group.click();
      await expect(group).toHaveAttribute('aria-expanded', 'true');
      await expect(menu.locator('a[href^="/use-cases/"]')).toHaveCount(10);

      await menu.getByRole('link', { name: /PetCare/ }).click();
      await expect(page).toHaveURL(/\/use-cases\/petcare$/);
      await expect(page.getByText(NOT_FOUND)).toHaveCount(0);
    });

    test('Features in the menu closes it and scrolls to the section', async ({ page }) => {
      await openLanding(page);
      await page.getByRole('button', { name: 'Menu', exact: true }).click();
      await page
        .getByRole('navigation', { name: 'Mobile' })
        .getByRole('link', { name: 'Features' })
        .click();
      await expect(page.getByRole('button', { name: 'Menu', exact: true })).toHaveAttribute(
        'aria-expanded',
        'false',
      );
      await expectScrolledTo(page, 'features');
    });
  });
});
