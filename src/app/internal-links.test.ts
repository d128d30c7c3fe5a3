import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { routes } from './router';

const src = path.resolve(__dirname, '..');

/** Every `href` string anywhere in a module's exports (content objects nest them). */
function hrefsIn(value: unknown, found: string[] = [], seen = new Set<unknown>()): string[] {
  if (!value || typeof value !== 'object' || seen.has(value)) return found;
  seen.add(value);
  for (const [key, inner] of Object.entries(value)) {
    if (key === 'href' && typeof inner === 'string') found.push(inner);
    else hrefsIn(inner, found, seen);
  }
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** Links written as literals in the components: to="/x" and href="/x". */
const literalLinks = sourceFiles(src).flatMap((file) =>
  [...readFileSync(file, 'utf8').matchAll(/\b(?:to|href)="(\/[^"]*)"/g)].map((m) => m[1]!),
);

/** The section ids /docs renders, so a link to /docs#x finds its section. */
const docsAnchors = new Set(
  [
    ...readFileSync(path.join(src, 'features/docs/components/docs-page.tsx'), 'utf8').matchAll(
      /\bid="([a-z0-9-]+)"/g,
    ),
  ].map((m) => m[1]),
);

/** A path the route table shows a page for: not the not-found page, not a prefix's catch-all. */
function hasPage(pathname: string): boolean {
  const matches = matchRoutes(routes, pathname) ?? [];
  const last = matches.at(-1)?.route.path;
  return !!last && last !== '*' && !last.endsWith('/*');
}

describe('every internal link', () => {
  it('leads to a page of the route table, and a /docs anchor to its section', async () => {
    const modules = await Promise.all([
      import('@/features/support/content/help-articles'),
      import('@/features/support/content/help-topics'),
      import('@/features/marketing/data/carousel-cards'),
      import('@/features/marketing/data/pricing-plans'),
      import('@/components/layout/use-case-links'),
      ...readdirSync(path.join(src, 'features/use-cases/content'))
        .filter((name) => /^[a-z-]+\.ts$/.test(name) && !['types.ts', 'registry.ts'].includes(name))
        .map((name) => import(`../features/use-cases/content/${name.replace(/\.ts$/, '')}.ts`)),
    ]);
    const links = [
      ...modules.flatMap((module) => hrefsIn(module)),
      ...Object.values(paths).map((entry) => entry.href),
      ...literalLinks,
    ].filter((href) => href.startsWith('/'));
    expect(links.length).toBeGreaterThan(50);

    const broken = [...new Set(links)].filter((href) => {
      const url = new URL(href, 'https://dialwise.test');
      if (!hasPage(url.pathname)) return true;
      const anchor = url.hash.slice(1);
      return url.pathname === paths.docs.path && anchor !== '' && !docsAnchors.has(anchor);
    });
    expect(broken).toEqual([]);
  });
});
