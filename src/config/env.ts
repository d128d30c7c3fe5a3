// Plain checks rather than zod: this module is in every page's first script, and four strings do
// not justify the 15 kB (gzipped) that even zod/mini brings there
// (docs/decisions/0003-prerendered-public-pages.md).

/** Local-stack defaults (the Supabase CLI's well-known local values), so the app runs with no .env. */
const LOCAL_SUPABASE_URL = 'http://127.0.0.1:54321';
const LOCAL_PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH';
const DEFAULT_POSTHOG_HOST = 'https://us.i.posthog.com';

export type Env = {
  supabaseUrl: string;
  /** The project's publishable key (`sb_publishable_…`): the only key a browser may hold. */
  supabasePublishableKey: string;
  posthogKey: string | undefined;
  posthogHost: string;
};

const isHttpUrl = (value: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** Validates the VITE_ variables (an empty value counts as unset); throws naming every bad one. */
export function parseEnv(values: Record<string, unknown>): Env {
  const problems: string[] = [];
  const read = (name: string, fallback?: string): string | undefined => {
    const value = values[name];
    if (value === undefined || value === '') return fallback;
    if (typeof value !== 'string') {
      problems.push(`${name}: expected a string`);
      return fallback;
    }
    return value;
  };
  const url = (name: string, fallback: string) => {
    const value = read(name, fallback)!;
    if (!isHttpUrl(value)) problems.push(`${name}: expected an http(s) URL, got "${value}"`);
    return value;
  };
  const env: Env = {
    supabaseUrl: url('VITE_SUPABASE_URL', LOCAL_SUPABASE_URL),
    supabasePublishableKey: read('VITE_SUPABASE_PUBLISHABLE_KEY', LOCAL_PUBLISHABLE_KEY)!,
    posthogKey: read('VITE_POSTHOG_KEY'),
    posthogHost: url('VITE_POSTHOG_HOST', DEFAULT_POSTHOG_HOST),
  };
  if (env.supabasePublishableKey.startsWith('sb_secret_'))
    problems.push('VITE_SUPABASE_PUBLISHABLE_KEY: a secret key must never reach a browser');
  else if (env.supabasePublishableKey.length < 20)
    problems.push('VITE_SUPABASE_PUBLISHABLE_KEY: expected at least 20 characters');
  if (problems.length) throw new Error(`Invalid environment:\n  ${problems.join('\n  ')}`);
  return env;
}

export const env: Readonly<Env> = parseEnv(import.meta.env);
