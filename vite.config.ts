import { readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
// The local stack's ports (@dialwise/local-stack/ports) by path: Vite leaves a package import
// unbundled for Node, which cannot run the linked package's TypeScript.
import { appPort } from './supabase/local/ports.ts';

/**
 * A first visit to a public page fetched 13 scripts, most of them a few hundred bytes: Rolldown
 * makes a chunk of every set of modules shared by the same pages, and each costs a request, its
 * headers and its own compression (docs/decisions/0003-prerendered-public-pages.md). Two groups
 * fold them:
 * - `boot`: what src/main.tsx runs before it starts the renderer and the app (React, the analytics
 *   hook, the URL hash) and what both of those share (react-dom's small entry), so the entry stays
 *   a small script of its own and the renderer and the app still run in separate tasks;
 * - `public-frame`: the frame of every public page (navigation bar, buttons, the icons it shows;
 *   its open menus and the footer load later) with what it needs (react-router among them),
 *   fetched with the app.
 * A group takes its modules' dependencies too, unless a group of higher priority has them.
 */
const bootModules = [
  /node_modules\/react\//,
  /node_modules\/react-dom\/(index|cjs\/react-dom\.production)\.js$/,
  /src\/lib\/analytics\.ts$/,
  /src\/config\/env\.ts$/,
  /src\/lib\/auth\/initial-url-hash\.ts$/,
];
const publicFrameModules = [
  /src\/components\/layout\/(public-layout|navbar|logo|section-link|use-hover-disclosure|use-navbar-menus|deferred-until-near-viewport)\.tsx?$/,
  /src\/components\/ui\/button\.tsx$/,
  /src\/lib\/(use-document-meta|scroll-to-section)\.ts$/,
  /src\/config\/constants\.ts$/,
  /src\/features\/marketing\/components\/fade-in-section\.tsx$/,
  /src\/features\/marketing\/data\/landing-sections\.ts$/,
  /lucide-react\/dist\/esm\/(createLucideIcon|icons\/(x|menu|chevron-down|arrow-right))\.mjs$/,
];
const matchesAny = (patterns: RegExp[]) => (id: string) => patterns.some((re) => re.test(id));

/**
 * The call API's OpenAPI description at /openapi.yaml (linked from /docs): served from its one
 * copy beside the function in development, written into the build for production.
 */
function openApiDescription(): Plugin {
  const file = fileURLToPath(new URL('./supabase/functions/task/openapi.yaml', import.meta.url));
  return {
    name: 'dialwise-openapi',
    configureServer(server) {
      server.middlewares.use('/openapi.yaml', (req, res, next) => {
        if (req.method !== 'GET' && req.method !== 'HEAD') return next();
        res.setHeader('Content-Type', 'application/yaml; charset=utf-8');
        res.end(req.method === 'HEAD' ? undefined : readFileSync(file, 'utf8'));
      });
    },
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'openapi.yaml',
        source: readFileSync(file, 'utf8'),
      });
    },
  };
}
/** The integration run's shuffle seed: TEST_SEED to replay a run, else a new one each run. */
const integrationSeed = Number(process.env.TEST_SEED) || Math.floor(Math.random() * 2 ** 31);

export default defineConfig({
  plugins: [react(), openApiDescription()],
  resolve: {
    alias: [
      // Rules the app shares with the edge functions (one module, e.g. which numbers may be
      // called), imported from where the functions keep them.
      {
        find: '@contract',
        replacement: fileURLToPath(
          new URL('./supabase/functions/_shared/contract', import.meta.url),
        ),
      },
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // Edge-function modules import npm packages the Deno way (npm:zod@^4): under Vitest they
      // resolve to the same packages in node_modules.
      { find: /^npm:((?:@[^/@]+\/)?[^/@]+)(?:@[^/]*)?(\/.*)?$/, replacement: '$1$2' },
    ],
  },
  server: { host: 'localhost', port: appPort('dev'), strictPort: true },
  preview: { host: 'localhost', port: appPort('preview'), strictPort: true },
  // BUILD_OUT_DIR lets the end-to-end suite build its own copy beside a developer's dist/.
  build: {
    target: 'es2022',
    sourcemap: false,
    outDir: process.env.BUILD_OUT_DIR ?? 'dist',
    // Every browser the es2022 target runs in supports <link rel="modulepreload">; the polyfill
    // would only add bytes to each page.
    modulePreload: { polyfill: false },
    // dist/.vite/manifest.json: the prerender (scripts/prerender.ts) reads which scripts the app's
    // start imports, to fetch them with the entry.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'boot', priority: 2, test: matchesAny(bootModules) },
            { name: 'public-frame', priority: 1, test: matchesAny(publicFrameModules) },
          ],
        },
      },
    },
  },
  test: {
    globals: true,
    restoreMocks: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['**/node_modules/**'],
          setupFiles: ['src/testing/setup-tests.ts'],
        },
      },
      {
        extends: true,
        test: {
          // Code that never sees a browser, so no DOM to build per file.
          name: 'unit-node',
          environment: 'node',
          include: [
            'scripts/**/*.test.ts',
            // Edge-function logic, tested without a network.
            'supabase/functions/**/*.test.ts',
            // The SDK's pure parts (its calls against the stack: supabase/tests/sdk.test.ts).
            'packages/*/src/**/*.test.ts',
          ],
          // The benchmarks' smoke test starts stacks: it runs with the integration tests.
          exclude: ['**/node_modules/**', 'scripts/bench/**'],
          setupFiles: ['src/testing/setup-tests.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          environment: 'node',
          include: ['supabase/**/*.test.ts', 'scripts/bench/**/*.test.ts'],
          // supabase-js's and auth-js's own tests run against their own stack: npm run test:compat.
          exclude: ['supabase/functions/**', 'supabase/local/compat/**', '**/node_modules/**'],
          globalSetup: ['supabase/tests/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // Files and the tests in each run in a random order, so a test that leans on another's
          // leftovers turns a run red; global-setup.ts prints the seed, and TEST_SEED=<seed>
          // replays that order.
          sequence: { shuffle: { files: true, tests: true }, seed: integrationSeed },
        },
      },
    ],
  },
});
