import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../config';
import { migrationFiles } from '../database';
import { buildsFor, currentPlatform, PLATFORM_BUILDS } from '../platform';
import { denoBuild } from '../processes';
import { HOSTED_DENO_VERSION } from '../runtime-version';
import { dbUrl } from './support';

// The tools an operator installs today are the ones the project is tested with: the Supabase CLI
// pinned in package.json reads config.toml and the migrations as they are, and the local edge
// runtime is the Deno version hosted runs.

const packageJson = (file: string) =>
  JSON.parse(readFileSync(path.join(projectRoot, file), 'utf8')) as {
    devDependencies?: Record<string, string>;
    optionalDependencies?: Record<string, string>;
  };

const supabaseCli = path.join(projectRoot, 'node_modules/.bin/supabase');
const cli = (...args: string[]) =>
  spawnSync(supabaseCli, args, { cwd: projectRoot, encoding: 'utf8', timeout: 60_000 });

describe('the Supabase CLI operators install', () => {
  it('is pinned at an exact 3.x version, and that is the one installed', () => {
    const pinned = packageJson('package.json').devDependencies?.supabase;
    expect(pinned).toMatch(/^3\.\d+\.\d+$/);
    expect(cli('--version').stdout.trim()).toBe(pinned);
  });

  it('reads config.toml and lists every migration as applied to the local database', () => {
    const listed = cli('migration', 'list', `--remote=${dbUrl}`);
    // Nothing refused, nothing deprecated: the file is in 3.x's own terms.
    expect(listed.stderr).not.toMatch(/config\.toml|no longer supported|deprecated/i);
    expect(listed.status).toBe(0);
    for (const file of migrationFiles(path.join(projectRoot, 'supabase/migrations'))) {
      const version = file.split('_')[0]!;
      // Local and remote columns both name the version: applied, nothing pending.
      expect(listed.stdout).toMatch(new RegExp(`${version}\\W+\\|\\W+${version}`));
    }
  });
});

describe('the local edge runtime', () => {
  it('runs the Deno version hosted runs on Linux x64, and each platform its pinned build', () => {
    const pinned = packageJson('supabase/local/package.json').optionalDependencies ?? {};
    expect(PLATFORM_BUILDS['linux-x64']!.deno.version).toBe(HOSTED_DENO_VERSION);
    for (const builds of Object.values(PLATFORM_BUILDS))
      expect(pinned[builds.deno.pkg], builds.deno.pkg).toBe(builds.deno.version);
    const here = buildsFor(currentPlatform()).deno.version;
    const reported = spawnSync(denoBuild(), ['--version'], { encoding: 'utf8' }).stdout;
    expect(reported.split('\n')[0]).toMatch(new RegExp(`^deno ${here.replace(/\./g, '\\.')} `));
  });
});
