/**
 * What `/` costs to download: `npm run size [-- --no-build]`.
 *
 * Builds with `vite build --manifest` (unless --no-build), then reads dist/index.html for the entry
 * script and its modulepreload links (the initial JS every route pays), and the Vite manifest
 * (dist/.vite/manifest.json) for the landing page's lazily loaded route chunk and the chunks it
 * imports beyond the initial ones. Prints raw and gzipped sizes (node:zlib, level 9).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const landingSource = 'src/features/marketing/components/landing-page.tsx';

type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
type Manifest = Record<string, ManifestChunk>;
type Sized = { file: string; raw: number; gzip: number };

function build() {
  console.log('Building (vite build --manifest)…');
  const result = spawnSync(path.join(root, 'node_modules/.bin/vite'), ['build', '--manifest'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`vite build failed (exit ${result.status ?? 'signal'})`);
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

/** The chunk's file plus everything it statically imports, recursively. */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, seen);
  return seen;
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
  if (!process.argv.includes('--no-build')) build();
  if (!existsSync(manifestPath)) {
    throw new Error(
      'dist/.vite/manifest.json is missing: run without --no-build (vite build --manifest).',
    );
  }

  const html = await readFile(path.join(dist, 'index.html'), 'utf8');
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Manifest;
  const initial = initialAssets(html);

  const initialJs = await Promise.all(initial.js.map(sizeOf));
  const initialCss = await Promise.all(initial.css.map(sizeOf));
  const jsTotal = printGroup('Initial JS of every page (entry + modulepreload)', initialJs);
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
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
