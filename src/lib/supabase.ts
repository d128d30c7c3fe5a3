import { createClient } from '@supabase/supabase-js';
import { env } from '@/config/env';
import { authStorageKey } from '@/lib/auth/storage-key';
import type { Database } from '@/lib/database.types';

/**
 * The one supabase client of the browser app. Modules in the initial bundle (the session layer,
 * the redirect rules) load it with `loadSupabase()`, so supabase-js arrives after first paint;
 * route-level code imports `supabase` directly. Typed by the tables and functions the migrations
 * made (`npm run gen:types` writes src/lib/database.types.ts from the database's catalog).
 */
export const supabase = createClient<Database>(env.supabaseUrl, env.supabasePublishableKey, {
  auth: {
    persistSession: true,
    autoRefreshToken: true,
    detectSessionInUrl: true,
    storageKey: authStorageKey,
  },
});
