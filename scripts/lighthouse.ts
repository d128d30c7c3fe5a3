/**
 * Lighthouse scores of the production build:
 * `npm run lighthouse [-- --no-build] [-- --desktop-only|--mobile-only] [-- --runs=N]`.
 *
 * Builds with `npm run build` (unless --no-build) and always the bare React + react-router page of
 * scripts/bare-page (declarative routes, like the app), serves both with Vite's preview server on
 * free ports, launches Debian's Chromium headless (CHROMIUM_PATH or `chromium` on PATH), and audits
 * each page N times (default 5) for the mobile (Lighthouse default) and desktop form factors. Prints every run's performance score and
 * the median of the runs (scores, total blocking time, LCP), the bare page beside ours, and writes
 * the JSON reports to .lighthouse/. Not a test: it prints numbers. Everything it starts, it stops.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Flags } from 'lighthouse';
import { preview, type PreviewServer } from 'vite';
import { buildBarePage, previewBarePage } from './bare-page/build';
import { chromiumArgs, chromiumPath } from './chromium';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reportDir = path.join(root, '.lighthouse');
const pagesToAudit = ['/', '/use-cases/healthcare'];
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const chromeFlags = ['--headless=new', ...chromiumArgs];

type FormFactor = 'mobile' | 'desktop';
type Run = Record<(typeof categories)[number], number | null> & { tbt: number; lcp: number };

const args = new Set(process.argv.slice(2));
const formFactors: FormFactor[] = args.has('--desktop-only')
  ? ['desktop']
  : args.has('--mobile-only')
    ? ['mobile']
    : ['mobile', 'desktop'];
const runs = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? 5);

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
  value == null ? null : Math.round(value * 100);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function main() {
  if (!args.has('--no-build')) build();
  // Always rebuilt (seconds): a clean clone has none, and --no-build is about the app's build.
  await buildBarePage();
  await mkdir(reportDir, { recursive: true });

  let server: PreviewServer | undefined;
  let bareServer: PreviewServer | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  const stop = async () => {
    await chrome?.kill();
    chrome = undefined;
    await server?.close();
    server = undefined;
    await bareServer?.close();
    bareServer = undefined;
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
    const bare = await previewBarePage();
    bareServer = bare.server;
    chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags });

    const targets = [
      ...pagesToAudit.map((page) => ({ label: page, url: `${origin}${page}` })),
      { label: 'bare page', url: bare.url },
    ];
    const table: Record<string, string | number>[] = [];
    for (const formFactor of formFactors) {
      for (const target of targets) {
        const results: Run[] = [];
        for (let run = 1; run <= runs; run++) {
          console.log(`Auditing ${target.label} (${formFactor}, run ${run}/${runs})…`);
          const flags: Flags = {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: [...categories],
          };
          const config: Config | undefined = formFactor === 'desktop' ? desktopConfig : undefined;
          const result = await lighthouse(target.url, flags, config);
          if (!result) throw new Error(`Lighthouse returned no result for ${target.label}`);
          const lhr = result.lhr;
          if (lhr.runtimeError)
            console.warn(`  ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
          const slug =
            target.label === '/'
              ? 'home'
              : target.label.replace(/^\//, '').replace(/[ /]+/g, '-').replace(/-$/, '');
          const report = Array.isArray(result.report) ? result.report[0] : result.report;
          await writeFile(
            path.join(reportDir, `${slug}.${formFactor}.${run}.json`),
            report ?? JSON.stringify(lhr),
          );
          results.push({
            performance: score(lhr.categories.performance?.score),
            accessibility: score(lhr.categories.accessibility?.score),
            'best-practices': score(lhr.categories['best-practices']?.score),
            seo: score(lhr.categories.seo?.score),
            tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
            lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
          });
        }
        const med = (pick: (r: Run) => number | null) =>
          median(results.map(pick).filter((v): v is number => v !== null));
        table.push({
          page: target.label,
          formFactor,
          'performance runs': results.map((r) => r.performance ?? 'n/a').join(' '),
          performance: med((r) => r.performance),
          accessibility: med((r) => r.accessibility),
          'best-practices': med((r) => r['best-practices']),
          seo: med((r) => r.seo),
          'TBT ms': Math.round(med((r) => r.tbt)),
          'LCP ms': Math.round(med((r) => r.lcp)),
        });
      }
    }

    console.log(`\nMedian of ${runs} runs (every run's performance score beside it):`);
    console.table(table);
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
