import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { appPort } from './supabase/local/ports.ts';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // Edge-function modules import npm packages the Deno way (npm:zod@^4): under Vitest they
      // resolve to the same packages in node_modules.
      { find: /^npm:((?:@[^/@]+\/)?[^/@]+)(?:@[^/]*)?(\/.*)?$/, replacement: '$1$2' },
    ],
  },
  server: { host: 'localhost', port: appPort('dev'), strictPort: true },
  preview: { host: 'localhost', port: 4173, strictPort: true },
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
          include: [
            'src/**/*.test.{ts,tsx}',
            'scripts/**/*.test.ts',
            // Edge-function logic, tested without a network.
            'supabase/functions/**/*.test.ts',
          ],
          setupFiles: ['src/testing/setup-tests.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          environment: 'node',
          include: ['supabase/**/*.test.ts'],
          exclude: ['supabase/functions/**', '**/node_modules/**'],
          globalSetup: ['supabase/tests/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
