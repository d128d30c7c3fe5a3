// zod/mini: the same validation as zod with a fraction of the weight, since this module is part of
// every page's initial bundle.
import * as z from 'zod/mini';

/** Local-stack defaults (the Supabase CLI's well-known demo values), so the app runs with no .env. */
const LOCAL_SUPABASE_URL = 'http://127.0.0.1:54321';
const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

const envSchema = z.object({
  VITE_SUPABASE_URL: z._default(z.url(), LOCAL_SUPABASE_URL),
  VITE_SUPABASE_ANON_KEY: z._default(z.string().check(z.minLength(20)), LOCAL_ANON_KEY),
  VITE_POSTHOG_KEY: z.optional(z.string()),
  VITE_POSTHOG_HOST: z._default(z.url(), 'https://us.i.posthog.com'),
});

function emptyToUndefined(values: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === '' ? undefined : v]));
}

const parsed = envSchema.safeParse(emptyToUndefined(import.meta.env));
if (!parsed.success) {
  throw new Error(`Invalid environment: ${z.prettifyError(parsed.error)}`);
}

export const env = {
  supabaseUrl: parsed.data.VITE_SUPABASE_URL,
  supabaseAnonKey: parsed.data.VITE_SUPABASE_ANON_KEY,
  posthogKey: parsed.data.VITE_POSTHOG_KEY,
  posthogHost: parsed.data.VITE_POSTHOG_HOST,
} as const;
