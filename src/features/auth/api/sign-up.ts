import { supabase } from '@/lib/supabase';
import type { AuthCallResult, Credentials } from './credentials';

export const SIGNUP_SOURCE = 'web_application';

/**
 * Sign up with `signup_source = web_application` metadata; the confirmation
 * e-mail links back to this app's origin, where the session layer picks up the tokens.
 */
export async function signUpWithPassword(
  { email, password }: Credentials,
  redirectTo: string = window.location.origin,
): Promise<AuthCallResult> {
  const { data, error } = await supabase.auth.signUp({
    email: email.trim(),
    password,
    options: { data: { signup_source: SIGNUP_SOURCE }, emailRedirectTo: redirectTo },
  });
  return {
    error: error ? { message: error.message, code: error.code } : null,
    signedIn: !!data.session,
  };
}
