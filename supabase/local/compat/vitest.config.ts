import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vitest/config';

/**
 * Runs the pinned supabase-js and auth-js tests (upstream/) with Vitest in place of Jest. Their
 * `../src/…` imports (the packages' sources in their monorepo) resolve to the published
 * 2.112.2 packages installed in supabase/local/compat/node_modules: auth-js's build keeps its source
 * layout under dist/module, supabase-js is imported through its package exports.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const upstream = path.join(here, 'upstream');
const modules = path.join(here, 'node_modules');

function publishedSources(): Plugin {
  return {
    name: 'compat-published-sources',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !source.startsWith('.') || !source.includes('/src')) return null;
      const target = path.resolve(path.dirname(importer), source);
      const authSrc = path.join(upstream, 'auth-js', 'src');
      if (target === authSrc || target.startsWith(`${authSrc}/`)) {
        const rest = path.relative(authSrc, target) || 'index';
        return path.join(modules, '@supabase/auth-js/dist/module', `${rest}.js`);
      }
      const supabaseSrc = path.join(upstream, 'supabase-js', 'src');
      if (target === path.join(supabaseSrc, 'index')) {
        return this.resolve('@supabase/supabase-js', path.join(here, 'package.json'));
      }
      if (target === path.join(supabaseSrc, 'tracing')) {
        return this.resolve('@supabase/supabase-js/tracing', path.join(here, 'package.json'));
      }
      return null;
    },
  };
}

export default defineConfig({
  root: here,
  plugins: [publishedSources()],
  test: {
    globals: true,
    environment: 'node',
    include: ['upstream/**/*.test.ts'],
    exclude: ['upstream/**/deno/**', '**/node_modules/**'],
    setupFiles: [path.join(here, 'vitest-setup.ts')],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The tests share one stack and, like Jest's --runInBand, run one file at a time.
    fileParallelism: false,
    server: { deps: { inline: [/@supabase\//] } },
  },
});
