import type { Page, Request } from '@playwright/test';

/**
 * Scrolls the page down one viewport at a time, as a reader would, then back to the top, so
 * everything that renders only near the viewport (the landing page's carousels) is on the page
 * when a snapshot or an audit is taken.
 */
export async function scrollThroughPage(page: Page) {
  const settle = settledNetwork(page);
  try {
    // Bounded, for a page that keeps growing; /docs, the longest, is about 55 screens.
    for (let step = 0; step < 200; step += 1) {
      const atBottom = await page.evaluate(() => {
        window.scrollBy({ top: window.innerHeight, behavior: 'instant' });
        return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
      });
      await settle();
      if (atBottom) break;
    }
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await settle();
  } finally {
    settle.stop();
  }
}

/**
 * Waits for the viewport observers to report (they run with the next frames) and for every
 * request started since to finish, with a quiet spell after. (`waitForLoadState('networkidle')`
 * cannot do this: it answers at once when the page went idle once already.)
 */
function settledNetwork(page: Page) {
  const pending = new Set<Request>();
  const started = (request: Request) => pending.add(request);
  const ended = (request: Request) => pending.delete(request);
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  const settle = async () => {
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    for (let quiet = 0, waited = 0; quiet < 3 && waited < 10_000; waited += 100) {
      quiet = pending.size === 0 ? quiet + 1 : 0;
      await page.waitForTimeout(100);
    }
  };
  settle.stop = () => {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  };
  return settle;
}
