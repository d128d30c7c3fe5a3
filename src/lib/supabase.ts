import { createClient } from '@supabase/supabase-js';
import { env } from '@/config/env';

/** The one supabase client of the browser app. */
export const supabase = createClient(env.supabaseUrl, env.supabaseAnonKey, {
  auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
});

/** Where supabase-js keeps the session in localStorage (`sb-<project ref>-auth-token`). */
export const authStorageKey = `sb-${new URL(env.supabaseUrl).hostname.split('.')[0]}-auth-token`;
