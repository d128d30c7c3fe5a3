/** Reading the client build's Vite manifest (dist/.vite/manifest.json): which chunk imports what. */

type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
};

export type Manifest = Record<string, ManifestChunk>;

/** The chunk's file plus everything it statically imports, recursively. */
export function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, seen);
  return seen;
}

/** What src/main.tsx imports as it starts: the renderer and the app, run one after the other. */
const bootImports = ['node_modules/react-dom/client.js', 'src/app/app.tsx'];

/**
 * The files (relative to dist/) of the scripts src/main.tsx imports as it starts, with everything
 * they import: every page needs them, and the prerendered pages fetch them with the entry.
 */
export function bootScripts(manifest: Manifest): string[] {
  const entry = Object.values(manifest).find(
    (chunk) => chunk.isEntry && chunk.src === 'index.html',
  );
  const files = new Set<string>();
  for (const key of bootImports) {
    if (!entry?.dynamicImports?.includes(key))
      throw new Error(`the entry no longer imports ${key} as it starts: update bootImports`);
    closure(manifest, key, files);
  }
  return [...files];
}
