import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, preview, type PreviewServer } from 'vite';

const barePageRoot = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.resolve(barePageRoot, '../../.bench/bare-page');

/** Builds the bare React page (scripts/bare-page) into .bench/bare-page with Vite's defaults. */
export async function buildBarePage(): Promise<void> {
  await build({
    configFile: false,
    root: barePageRoot,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  });
}

/** Serves the built bare page on a free port of 127.0.0.1. */
export async function previewBarePage(): Promise<{ origin: string; server: PreviewServer }> {
  const server = await preview({
    configFile: false,
    root: barePageRoot,
    logLevel: 'warn',
    build: { outDir },
    preview: { host: '127.0.0.1', port: 0, open: false },
  });
  const origin = server.resolvedUrls?.local[0]?.replace(/\/$/, '');
  if (!origin) throw new Error('the bare page preview server has no address');
  return { origin, server };
}
