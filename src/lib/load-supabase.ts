/** The supabase client, loaded on demand: keeps supabase-js out of the initial bundle. */
export function loadSupabase() {
  return import('@/lib/supabase').then((module) => module.supabase);
}
