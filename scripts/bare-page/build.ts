import { rename } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, preview, type PreviewServer } from 'vite';

const barePageRoot = path.dirname(fileURLToPath(import.meta.url));

/** The two yardsticks: declarative routes, as the app has (declarative.html), and a data router. */
export type BarePage = 'data-router' | 'declarative';
const entries: Record<BarePage, string> = {
  'data-router': 'index.html',
  declarative: 'declarative.html',
};
const outDirOf = (page: BarePage) => path.resolve(barePageRoot, '../../.bench/bare-page', page);

/**
 * Builds the bare React pages (scripts/bare-page) into .bench/bare-page/<page> with Vite's
 * defaults, each on its own so neither shares a chunk with the other.
 */
export async function buildBarePage(): Promise<void> {
  for (const page of Object.keys(entries) as BarePage[]) {
    await build({
      configFile: false,
      root: barePageRoot,
      logLevel: 'warn',
      plugins: [react()],
      build: {
        outDir: outDirOf(page),
        emptyOutDir: true,
        target: 'es2022',
        rollupOptions: { input: path.join(barePageRoot, entries[page]) },
      },
    });
    // Served at `/`, where its routes match: at /declarative.html the page would render nothing.
    if (entries[page] !== 'index.html')
      await rename(
        path.join(outDirOf(page), entries[page]),
        path.join(outDirOf(page), 'index.html'),
      );
  }
}

/** Serves a built bare page on a free port of 127.0.0.1; `url` is the page itself, its `/`. */
export async function previewBarePage(
  page: BarePage = 'declarative',
): Promise<{ origin: string; url: string; server: PreviewServer }> {
  const server = await preview({
    configFile: false,
    root: barePageRoot,
    logLevel: 'warn',
    build: { outDir: outDirOf(page) },
    preview: { host: '127.0.0.1', port: 0, open: false },
  });
  const origin = server.resolvedUrls?.local[0]?.replace(/\/$/, '');
  if (!origin) throw new Error('the bare page preview server has no address');
  return { origin, url: `${origin}/`, server };
}
