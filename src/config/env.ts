// Plain checks rather than zod: this module is in every page's first script, and four strings do
// not justify the 15 kB (gzipped) that even zod/mini brings there
// (docs/decisions/0003-prerendered-public-pages.md).

/** Local-stack defaults (the Supabase CLI's well-known demo values), so the app runs with no .env. */
const LOCAL_SUPABASE_URL = 'http://127.0.0.1:54321';
const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
const DEFAULT_POSTHOG_HOST = 'https://us.i.posthog.com';

export type Env = {
  supabaseUrl: string;
  supabaseAnonKey: string;
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
    supabaseAnonKey: read('VITE_SUPABASE_ANON_KEY', LOCAL_ANON_KEY)!,
    posthogKey: read('VITE_POSTHOG_KEY'),
    posthogHost: url('VITE_POSTHOG_HOST', DEFAULT_POSTHOG_HOST),
  };
  if (env.supabaseAnonKey.length < 20)
    problems.push('VITE_SUPABASE_ANON_KEY: expected at least 20 characters');
  if (problems.length) throw new Error(`Invalid environment:\n  ${problems.join('\n  ')}`);
  return env;
}

export const env: Readonly<Env> = parseEnv(import.meta.env);
