import { env } from '@/config/env';
import { loadSupabase } from '@/lib/load-supabase';

/** This app's project's functions: the call API (`/task`) and the app's own functions. */
export const FUNCTIONS_URL = `${env.supabaseUrl.replace(/\/+$/, '')}/functions/v1`;

/**
 * Signs a request as the signed-in user: the session's access token from the app's one supabase
 * client (which refreshes it when due), so no caller handles tokens. Signed out, the request
 * goes unsigned and the function answers for itself (401, or a visitor's answer).
 */
export async function signRequest(request: Request): Promise<Request> {
  const supabase = await loadSupabase();
  const { data } = await supabase.auth.getSession();
  const token = data.session?.access_token;
  if (token) request.headers.set('Authorization', `Bearer ${token}`);
  return request;
}
