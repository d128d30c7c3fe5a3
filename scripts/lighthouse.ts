/**
 * Lighthouse scores of the production build: `npm run lighthouse [-- --no-build] [-- --desktop-only|--mobile-only]`.
 *
 * Builds with `npm run build` (unless --no-build), serves dist with Vite's preview server on a free
 * port, launches Debian's Chromium headless (CHROMIUM_PATH or `chromium` on PATH), audits each page
 * for the mobile (Lighthouse default) and desktop form factors, prints a score table and writes the
 * JSON reports to .lighthouse/. Not a test: it prints numbers. Everything it starts, it stops.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Flags } from 'lighthouse';
import { preview, type PreviewServer } from 'vite';
import { chromiumArgs, chromiumPath } from './chromium';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reportDir = path.join(root, '.lighthouse');
const pagesToAudit = ['/', '/use-cases/healthcare'];
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const chromeFlags = ['--headless=new', ...chromiumArgs];

type FormFactor = 'mobile' | 'desktop';
type Row = { page: string; formFactor: FormFactor } & Record<(typeof categories)[number], string>;

const args = new Set(process.argv.slice(2));
const formFactors: FormFactor[] = args.has('--desktop-only')
  ? ['desktop']
  : args.has('--mobile-only')
    ? ['mobile']
    : ['mobile', 'desktop'];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function build() {
  console.log('Building (npm run build: vite build, then prerendering the public pages)…');
  const result = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0)
    throw new Error(`npm run build failed (exit ${result.status ?? 'signal'})`);
}

const score = (value: number | null | undefined) =>
  value == null ? 'n/a' : String(Math.round(value * 100));

async function main() {
  if (!args.has('--no-build')) build();
  await mkdir(reportDir, { recursive: true });

  let server: PreviewServer | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  const stop = async () => {
    await chrome?.kill();
    chrome = undefined;
    await server?.close();
    server = undefined;
  };
  const onSignal = () => void stop().finally(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    const port = await freePort();
    server = await preview({
      root,
      logLevel: 'warn',
      preview: { host: '127.0.0.1', port, strictPort: true, open: false },
    });
    const origin = `http://127.0.0.1:${port}`;
    chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags });

    const rows: Row[] = [];
    for (const page of pagesToAudit) {
      for (const formFactor of formFactors) {
        console.log(`Auditing ${page} (${formFactor})…`);
        const flags: Flags = {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...categories],
        };
        const config: Config | undefined = formFactor === 'desktop' ? desktopConfig : undefined;
        const result = await lighthouse(`${origin}${page}`, flags, config);
        if (!result) throw new Error(`Lighthouse returned no result for ${page}`);
        const lhr = result.lhr;
        if (lhr.runtimeError)
          console.warn(`  ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
        const name = `${page === '/' ? 'home' : page.replace(/^\//, '').replaceAll('/', '-')}.${formFactor}.json`;
        const report = Array.isArray(result.report) ? result.report[0] : result.report;
        await writeFile(path.join(reportDir, name), report ?? JSON.stringify(lhr));
        rows.push({
          page,
          formFactor,
          performance: score(lhr.categories.performance?.score),
          accessibility: score(lhr.categories.accessibility?.score),
          'best-practices': score(lhr.categories['best-practices']?.score),
          seo: score(lhr.categories.seo?.score),
        });
      }
    }

    console.log('');
    console.table(rows);
    console.log(`JSON reports: ${path.relative(root, reportDir)}/`);
  } finally {
    await stop();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
