import { supabase } from '@/lib/supabase';
import type { AuthCallResult, Credentials } from './credentials';

/** Sign in with e-mail and password. */
export async function signInWithPassword({
  email,
  password,
}: Credentials): Promise<AuthCallResult> {
  const { data, error } = await supabase.auth.signInWithPassword({ email: email.trim(), password });
  return {
    error: error ? { message: error.message, code: error.code } : null,
    signedIn: !!data.session,
  };
}
