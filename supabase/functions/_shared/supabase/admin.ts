// A service-role Supabase client for the functions (bypasses RLS: use only after checking the caller).
import { createClient, type SupabaseClient } from 'npm:@supabase/supabase-js@2.109.0';

let admin: SupabaseClient | null = null;

export function supabaseAdmin(): SupabaseClient {
  admin ??= createClient(
    Deno.env.get('SUPABASE_URL')!,
    Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')!,
    {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    },
  );
  return admin;
}

/** The signed-in user behind an access token, or null. */
export async function userFromToken(token: string) {
  const { data, error } = await supabaseAdmin().auth.getUser(token);
  if (error || !data.user) return null;
  return { id: data.user.id, email: data.user.email ?? null };
}
