/**
 * What `/` costs to download: `npm run size [-- --no-build]`.
 *
 * Builds the app with `npm run build` (its Vite manifest included; unless --no-build), and always
 * the bare React + react-router page of scripts/bare-page, in the same run. Then:
 * - from the app shell (dist/app-shell.html) and the manifest (dist/.vite/manifest.json): the
 *   initial JS every route pays and the landing route's lazily loaded chunks;
 * - as a visitor's browser loads them (Chromium): every script fetched for `/` of the app and of
 *   the bare page before the page is idle, and the ratios (the yardstick of decision 0003; the bare page
 *   is measured twice: with a data router, and with declarative routes as the app has).
 * Sizes are raw and gzipped (node:zlib, level 9).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { preview } from 'vite';
import { buildBarePage, previewBarePage } from './bare-page/build';
import { chromiumArgs, chromiumPath } from './chromium';
import { bootScripts, closure, type Manifest } from './vite-manifest';
import { scriptsFetched, type FetchedScript } from './visitor-js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const landingSource = 'src/features/marketing/components/landing-page.tsx';

type Sized = { file: string; raw: number; gzip: number };
/** A visit's scripts: bodies gzipped at level 9, and as sent (compressed, headers included). */
type VisitBytes = { gzip: number; transfer: number };

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status ?? 'signal'})`);
}

function buildApp() {
  console.log('Building (npm run build: vite build with its manifest, then the prerender)…');
  run('npm', ['run', 'build']);
}

/** The scripts a visitor fetches for `/` of the built app and of the bare page, side by side. */
async function measureVisits() {
  const app = await preview({
    root,
    logLevel: 'warn',
    preview: { host: '127.0.0.1', port: 0, open: false },
  });
  const bare = await previewBarePage('data-router');
  const declarative = await previewBarePage('declarative');
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  try {
    const appOrigin = app.resolvedUrls?.local[0]?.replace(/\/$/, '');
    if (!appOrigin) throw new Error('the app preview server has no address');
    const printVisit = (title: string, scripts: FetchedScript[]): VisitBytes => {
      console.log(`\n${title}`);
      const row = (name: string, raw: number, gzip: number, transfer: number) =>
        console.log(
          `  ${name.padEnd(48)} ${kb(raw).padStart(10)}  ${kb(gzip).padStart(10)} gz  ${kb(transfer).padStart(10)} sent`,
        );
      for (const s of scripts) row(s.url, s.raw, s.gzip, s.transfer);
      const sum = (key: 'raw' | 'gzip' | 'transfer') => scripts.reduce((n, s) => n + s[key], 0);
      row('total', sum('raw'), sum('gzip'), sum('transfer'));
      return { gzip: sum('gzip'), transfer: sum('transfer') };
    };
    const appBytes = printVisit(
      'A visitor on / (every script fetched before idle)',
      await scriptsFetched(browser, `${appOrigin}/`),
    );
    const bareBytes = printVisit(
      'The bare React + react-router page with a data router (scripts/bare-page)',
      await scriptsFetched(browser, bare.url),
    );
    const declarativeBytes = printVisit(
      'The bare page with declarative routes, like the app (scripts/bare-page/declarative.html)',
      await scriptsFetched(browser, declarative.url),
    );
    return { appBytes, bareBytes, declarativeBytes };
  } finally {
    await browser.close();
    await app.close();
    await bare.server.close();
    await declarative.server.close();
  }
}

async function sizeOf(file: string): Promise<Sized> {
  const bytes = await readFile(path.join(dist, file));
  return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const total = (files: Sized[]) => ({
  raw: files.reduce((sum, f) => sum + f.raw, 0),
  gzip: files.reduce((sum, f) => sum + f.gzip, 0),
});

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
}

/** Entry script, modulepreloads and stylesheets referenced by dist/index.html. */
function initialAssets(html: string) {
  const scripts: string[] = [];
  const preloads: string[] = [];
  const styles: string[] = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
    const src = attribute(tag, 'src');
    if (src && attribute(tag, 'type') === 'module') scripts.push(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const rel = attribute(tag, 'rel');
    const href = attribute(tag, 'href');
    if (!href) continue;
    if (rel === 'modulepreload') preloads.push(href);
    if (rel === 'stylesheet') styles.push(href);
  }
  const local = (url: string) => url.replace(/^\//, '');
  return { js: [...scripts, ...preloads].map(local), css: styles.map(local) };
}

function printGroup(title: string, files: Sized[]) {
  console.log(`\n${title}`);
  for (const f of [...files].sort((a, b) => b.gzip - a.gzip)) {
    console.log(`  ${f.file.padEnd(48)} ${kb(f.raw).padStart(10)}  ${kb(f.gzip).padStart(10)} gz`);
  }
  const sum = total(files);
  console.log(
    `  ${'total'.padEnd(48)} ${kb(sum.raw).padStart(10)}  ${kb(sum.gzip).padStart(10)} gz`,
  );
  return sum;
}

async function main() {
  const manifestPath = path.join(dist, '.vite', 'manifest.json');
  if (!process.argv.includes('--no-build')) buildApp();
  // Always rebuilt (seconds): a clean clone has none, and it must come from this run's packages.
  await buildBarePage();
  if (!existsSync(manifestPath)) {
    throw new Error(
      'dist/.vite/manifest.json is missing: run without --no-build (or npm run build first).',
    );
  }

  // The plain shell: dist/index.html of a prerendered build loads its scripts after first paint.
  const shellFile = existsSync(path.join(dist, 'app-shell.html')) ? 'app-shell.html' : 'index.html';
  const html = await readFile(path.join(dist, shellFile), 'utf8');
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Manifest;
  const initial = initialAssets(html);
  initial.js = [...new Set([...initial.js, ...bootScripts(manifest)])];

  const initialJs = await Promise.all(initial.js.map(sizeOf));
  const initialCss = await Promise.all(initial.css.map(sizeOf));
  const jsTotal = printGroup(
    'Initial JS of every page (entry, modulepreload, and what the entry imports as it starts)',
    initialJs,
  );
  const cssTotal = printGroup('Initial CSS', initialCss);

  const landingKey = Object.keys(manifest).find((key) => manifest[key]?.src === landingSource);
  if (!landingKey) throw new Error(`${landingSource} is not in the Vite manifest`);
  const already = new Set(initial.js);
  const landingFiles = [...closure(manifest, landingKey)].filter((file) => !already.has(file));
  const landingTotal = printGroup(
    'Landing route (/) lazily loaded JS (route chunk + its imports not in the initial set)',
    await Promise.all(landingFiles.map(sizeOf)),
  );

  console.log('\nSummary for /');
  console.log(`  initial JS      ${kb(jsTotal.gzip)} gz (${kb(jsTotal.raw)} raw)`);
  console.log(`  landing route   ${kb(landingTotal.gzip)} gz (${kb(landingTotal.raw)} raw)`);
  console.log(`  JS to render /  ${kb(jsTotal.gzip + landingTotal.gzip)} gz`);
  console.log(`  initial CSS     ${kb(cssTotal.gzip)} gz (${kb(cssTotal.raw)} raw)`);

  const { appBytes, bareBytes, declarativeBytes } = await measureVisits();
  const line = (name: string, bytes: VisitBytes, yardstick?: VisitBytes) => {
    const ratio = (key: keyof VisitBytes) =>
      yardstick ? `  ratio ${(appBytes[key] / yardstick[key]).toFixed(3)}x` : '';
    console.log(
      `  ${name.padEnd(32)}${kb(bytes.gzip).padStart(10)}${ratio('gzip').padEnd(16)}${kb(bytes.transfer).padStart(10)}${ratio('transfer')}`,
    );
  };
  console.log('\nFetched by a visitor on / (goal: at most 1.30x)');
  console.log(
    `  ${''.padEnd(32)}${'gzip -9'.padStart(10)}${''.padEnd(16)}${'as sent'.padStart(10)}`,
  );
  line('Dialwise', appBytes);
  line('bare page, data router', bareBytes, bareBytes);
  line('bare page, declarative routes', declarativeBytes, declarativeBytes);
  console.log(
    '  (as sent: compressed by the preview server, response headers included, as Lighthouse counts a transfer)',
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
