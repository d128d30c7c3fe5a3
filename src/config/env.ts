import { z } from 'zod';

/** Local-stack defaults (the Supabase CLI's well-known demo values), so the app runs with no .env. */
const LOCAL_SUPABASE_URL = 'http://127.0.0.1:54321';
const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

const envSchema = z.object({
  VITE_SUPABASE_URL: z.url().default(LOCAL_SUPABASE_URL),
  VITE_SUPABASE_ANON_KEY: z.string().min(20).default(LOCAL_ANON_KEY),
  VITE_POSTHOG_KEY: z.string().optional(),
  VITE_POSTHOG_HOST: z.url().default('https://us.i.posthog.com'),
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
