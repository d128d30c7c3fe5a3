/**
 * Prerenders the public pages after `vite build`: the app's server entry (src/entry-server.tsx) is
 * built for Node and renders each page to HTML with React, saved as dist/<path>.html, so a visitor
 * sees the page before any JavaScript runs (and crawlers read it), and the browser's React hydrates
 * that same HTML instead of rendering the page again. dist/index.html stays the SPA shell for every
 * other path; `/` is saved as dist/index.html with a guard that empties it on any other path.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import WebSocket from 'ws';
import { publicPagePaths } from '../src/config/paths';
import type { PrerenderedPage } from '../src/entry-server';
import { bootScripts, type Manifest } from './vite-manifest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, process.env.BUILD_OUT_DIR ?? 'dist');
// Inside the project, so the server bundle finds its packages in node_modules; one per output
// directory, as the end-to-end suite builds beside a developer's dist/.
const serverOutDir = path.join(root, 'node_modules/.cache/prerender', path.basename(dist));

// Pages that send data (/contact) import the app's supabase client, which on Node 20 wants a
// WebSocket class at creation; the prerender never connects anywhere.
globalThis.WebSocket ??= WebSocket as unknown as typeof globalThis.WebSocket;

async function buildServerEntry(): Promise<(pathname: string) => Promise<PrerenderedPage>> {
  await build({
    root,
    logLevel: 'warn',
    build: {
      ssr: 'src/entry-server.tsx',
      outDir: serverOutDir,
      emptyOutDir: true,
      copyPublicDir: false,
    },
  });
  const entry = (await import(pathToFileURL(path.join(serverOutDir, 'entry-server.js')).href)) as {
    prerenderPage: (pathname: string) => Promise<PrerenderedPage>;
  };
  return entry.prerenderPage;
}

async function main() {
  const shell = await readFile(path.join(dist, 'index.html'), 'utf8');
  // The loading shell index.html shows in #root until the app mounts (see index.html).
  // (Vite drops HTML comments, so the shell is found by its attribute; it holds no other div.)
  const emptyRoot = /<div id="root">\s*<div\s+data-boot-shell[\s\S]*?<\/div>\s*<\/div>/;
  const bootShell = emptyRoot
    .exec(shell)?.[0]
    .slice('<div id="root">'.length, -'</div>'.length)
    .trim();
  if (!bootShell) throw new Error('the built index.html has no boot shell in #root');
  const manifest = JSON.parse(
    await readFile(path.join(dist, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
  const boot = bootScripts(manifest).map((file) => `/${file}`);
  const prerenderPage = await buildServerEntry();
  for (const route of publicPagePaths) {
    const page = await prerenderPage(route);
    const heading = /<main\b[\s\S]*?<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(page.html)?.[1] ?? '';
    if (!heading || heading.includes('404'))
      throw new Error(`${route} did not render its page (h1: ${heading})`);
    if (!page.title || !page.description) throw new Error(`${route} set no title or description`);
    // The saved page is only right for its own path: on any other path (the SPA fallback
    // serves index.html for every unknown URL) it is emptied before the first paint.
    // Emptied, it shows the loading shell again, not a blank page, until the app mounts.
    const guard = `<script id="prerendered-end">if(location.pathname!==${JSON.stringify(route)})document.getElementById('root').innerHTML=${JSON.stringify(bootShell).replace(/</g, '\\u003c')}</script>`;
    // No frame until the whole saved page is parsed (up to the guard after it): a slow parser (a
    // busy phone) otherwise paints half a header or half a hero, and what the rest of the HTML
    // adds moves it (a layout shift Lighthouse counted). Chromium 124+; others ignore it.
    const renderWhenParsed = '<link rel="expect" href="#prerendered-end" blocking="render" />';
    const html = paintBeforeBoot(shell, boot)
      .replace('</head>', `  ${renderWhenParsed}\n  </head>`)
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
      .replace(
        /(<meta\s+name="description"\s+content=")[^"]*(")/,
        `$1${escapeAttr(page.description)}$2`,
      )
      .replace(
        emptyRoot,
        () => `<div id="root" data-prerendered="${route}">${page.html}</div>${guard}`,
      );
    // `/pricing` → dist/pricing.html: what Vite's preview and most static hosts serve for it.
    const file =
      route === '/' ? path.join(dist, 'index.html') : path.join(dist, `${route.slice(1)}.html`);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, html);
  }
  // The untouched shell for hosts that can name their SPA fallback explicitly.
  await writeFile(path.join(dist, 'app-shell.html'), shell);
  await rm(serverOutDir, { recursive: true, force: true });
  console.log(`Prerendered ${publicPagePaths.length} public pages.`);
}

/**
 * A prerendered page is complete without JavaScript, so its scripts wait for the first paint
 * instead of competing with the stylesheet for a slow connection: the entry module, its
 * preloads (Vite's modulepreload links) and the scripts it imports as it starts are requested
 * after the first frame. A hidden tab, which
 * gets no animation frames, boots after 200 ms instead.
 */
function paintBeforeBoot(shell: string, startScripts: string[]): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(shell);
  if (!entry) throw new Error('the built index.html has no module entry script');
  const preloadTag = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;
  const preloads = [
    ...new Set([...shell.matchAll(preloadTag)].map((match) => match[1]).concat(startScripts)),
  ];
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
  console.error(`Prerender failed: ${(error as Error).stack ?? String(error)}`);
  process.exit(1);
});
