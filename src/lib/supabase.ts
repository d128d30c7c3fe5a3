import { createClient } from '@supabase/supabase-js';
import { env } from '@/config/env';
import { authStorageKey } from '@/lib/auth/storage-key';

/**
 * The one supabase client of the browser app. Modules in the initial bundle (the session layer,
 * the redirect rules) load it with `loadSupabase()`, so supabase-js arrives after first paint;
 * route-level code imports `supabase` directly.
 */
export const supabase = createClient(env.supabaseUrl, env.supabaseAnonKey, {
  auth: {
    persistSession: true,
    autoRefreshToken: true,
    detectSessionInUrl: true,
    storageKey: authStorageKey,
  },
});
