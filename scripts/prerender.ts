/**
 * Prerenders the public pages after `vite build`: each is opened in Debian's Chromium from the
 * built app and its rendered HTML saved as dist/<path>.html, so a visitor sees the page
 * before any JavaScript runs (and crawlers read it). dist/index.html stays the SPA shell for every
 * other path; `/` is saved as dist/index.html with a guard that empties it on any other path.
 * Without Chromium the build still works: it prints why and leaves the plain SPA.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { preview } from 'vite';
import { publicPagePaths } from '../src/config/paths';
import { chromiumArgs, chromiumPath } from './chromium';
import { scrollThroughPage } from './scroll-through-page';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, process.env.BUILD_OUT_DIR ?? 'dist');

async function main() {
  let executablePath: string;
  try {
    executablePath = chromiumPath();
  } catch (error) {
    console.warn(`Prerender skipped: ${(error as Error).message}`);
    return;
  }
  const shell = await readFile(path.join(dist, 'index.html'), 'utf8');
  const server = await preview({
    root,
    logLevel: 'silent',
    preview: { host: '127.0.0.1', port: 4199, strictPort: false, open: false },
  });
  const origin = server.resolvedUrls?.local[0]?.replace(/\/$/, '') ?? 'http://127.0.0.1:4199';
  const browser = await chromium.launch({
    executablePath,
    args: chromiumArgs,
  });
  try {
    const page = await browser.newPage({ reducedMotion: 'reduce' });
    for (const route of publicPagePaths) {
      await page.goto(`${origin}${route}`, { waitUntil: 'networkidle' });
      const heading = await page.locator('main h1').first().textContent();
      if (!heading || heading.includes('404'))
        throw new Error(`${route} did not render its page (h1: ${heading})`);
      // The static page holds everything, also what the app renders only near the viewport.
      await scrollThroughPage(page);
      const rendered = await page.evaluate(() => {
        const rootElement = document.getElementById('root')!;
        // Toasts and other transient UI do not belong in a static page.
        rootElement
          .querySelectorAll('[aria-label="Notifications alt+T"], section[aria-live]')
          .forEach((n) => n.remove());
        // What the prerendering browser saw of the viewport (FadeInSection hides sections below
        // its fold) must not hide them from a visitor, least of all one without JavaScript.
        rootElement.querySelectorAll('[data-fade]').forEach((n) => n.removeAttribute('data-fade'));
        return {
          html: rootElement.innerHTML,
          title: document.title,
          description:
            document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '',
        };
      });
      // The saved page is only right for its own path: on any other path (the SPA fallback
      // serves index.html for every unknown URL) it is emptied before the first paint.
      const guard = `<script>if(location.pathname!==${JSON.stringify(route)})document.getElementById('root').replaceChildren()</script>`;
      const html = paintBeforeBoot(shell)
        .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(rendered.title)}</title>`)
        .replace(
          /(<meta\s+name="description"\s+content=")[^"]*(")/,
          `$1${escapeAttr(rendered.description)}$2`,
        )
        .replace(
          '<div id="root"></div>',
          `<div id="root" data-prerendered="${route}">${rendered.html}</div>${guard}`,
        );
      // `/pricing` → dist/pricing.html: what Vite's preview and most static hosts serve for it.
      const file =
        route === '/' ? path.join(dist, 'index.html') : path.join(dist, `${route.slice(1)}.html`);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, html);
    }
    // The untouched shell for hosts that can name their SPA fallback explicitly.
    await writeFile(path.join(dist, 'app-shell.html'), shell);
    console.log(`Prerendered ${publicPagePaths.length} public pages.`);
  } finally {
    await browser.close();
    await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
  }
}

/**
 * A prerendered page is complete without JavaScript, so its scripts wait for the first paint
 * instead of competing with the stylesheet for a slow connection: the entry module and its
 * preloads (Vite's modulepreload links) are requested after the first frame. A hidden tab, which
 * gets no animation frames, boots after 200 ms instead.
 */
function paintBeforeBoot(shell: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(shell);
  if (!entry) throw new Error('the built index.html has no module entry script');
  const preloadTag = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;
  const preloads = [...shell.matchAll(preloadTag)].map((match) => match[1]);
  const loader =
    `<script type="module">let booted=false;const boot=()=>{if(booted)return;booted=true;` +
    `for(const href of ${JSON.stringify(preloads)}){const link=document.createElement('link');` +
    `link.rel='modulepreload';link.crossOrigin='';link.href=href;document.head.append(link)}` +
    `import(${JSON.stringify(entry[1])})};` +
    `requestAnimationFrame(()=>setTimeout(boot));setTimeout(boot,200)</script>`;
  return shell.replace(preloadTag, '').replace(entry[0], loader);
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const escapeAttr = (s: string) => escapeHtml(s).replace(/"/g, '&quot;');

main().catch((error: unknown) => {
  console.error(`Prerender failed: ${(error as Error).message}`);
  process.exit(1);
});
