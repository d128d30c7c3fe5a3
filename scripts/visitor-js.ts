import { gzipSync } from 'node:zlib';
import type { Browser } from '@playwright/test';

/**
 * `transfer`: what crossed the network for it as the preview server sent it (compressed, response
 * headers included): what Lighthouse counts as a script's transfer size.
 */
export type FetchedScript = { url: string; raw: number; gzip: number; transfer: number };

/**
 * Every script a visitor's browser fetches for `url` before the page is idle: the network is
 * quiet (Playwright's networkidle) and stays so for `quietMs` more, so scripts requested after the
 * first paint, on idle or by a timer are counted too. `raw` and `gzip` are of the bodies (gzipped
 * here at level 9, whatever the server did).
 */
export async function scriptsFetched(
  browser: Browser,
  url: string,
  quietMs = 2000,
): Promise<FetchedScript[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const pending: Promise<FetchedScript | null>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    pending.push(
      Promise.all([request.response(), request.sizes()])
        .then(async ([response, sizes]) => {
          if (!response) return null;
          const body = await response.body();
          return {
            url: new URL(request.url()).pathname,
            raw: body.length,
            gzip: gzipSync(body, { level: 9 }).length,
            transfer: sizes.responseHeadersSize + sizes.responseBodySize,
          };
        })
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
