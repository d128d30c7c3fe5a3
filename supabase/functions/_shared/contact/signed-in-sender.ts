import { userFromToken } from '../db.ts';
import { bearerToken } from '../http/auth.ts';

/**
 * The account whose session sent a contact request: the bearer token, when it is a user's access
 * token verified against the project's JWKS (supabase-js sends the signed-in user's token, or the
 * publishable key when nobody is signed in). Anything else is an anonymous request.
 */
export function signedInSender() {
  return async function signedInUserOf(request: Request): Promise<string | null> {
    const token = bearerToken(request);
    if (!token || token.startsWith('sb_')) return null;
    return (await userFromToken(token))?.id ?? null;
  };
}
