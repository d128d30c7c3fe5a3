import { gzipSync } from 'node:zlib';
import type { Browser } from '@playwright/test';

export type FetchedScript = { url: string; raw: number; gzip: number };

/**
 * Every script a visitor's browser fetches for `url` before the page is idle: the network is
 * quiet (Playwright's networkidle) and stays so for `quietMs` more, so scripts requested after the
 * first paint, on idle or by a timer are counted too. Sizes are of the bodies, gzipped at level 9.
 */
export async function scriptsFetched(
  browser: Browser,
  url: string,
  quietMs = 2000,
): Promise<FetchedScript[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const pending: Promise<FetchedScript | null>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response
        .body()
        .then((body) => ({
          url: new URL(response.url()).pathname,
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
        }))
        .catch(() => null),
    );
  });
  try {
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(quietMs);
    await page.waitForLoadState('networkidle');
    const scripts = (await Promise.all(pending)).filter((s): s is FetchedScript => s !== null);
    return scripts.sort((a, b) => b.gzip - a.gzip);
  } finally {
    await context.close();
  }
}
