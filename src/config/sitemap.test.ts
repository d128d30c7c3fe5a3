import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useCasePath, useCaseSlugs } from './paths';

describe('public/sitemap.xml', () => {
  it('lists every use-case page', () => {
    const sitemap = readFileSync('public/sitemap.xml', 'utf8');
    for (const slug of useCaseSlugs)
      expect(sitemap).toContain(`https://dialwise.dev${useCasePath(slug)}<`);
  });
});
