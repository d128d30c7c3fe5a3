import type { Db } from '../db.ts';
import { bearerToken, jwtRole } from '../http/auth.ts';

/**
 * The account whose session sent a contact request: the bearer token, when it is a user's
 * session JWT the auth server still accepts (supabase-js sends the signed-in user's token, or the
 * project's public key when nobody is signed in). Anything else is an anonymous request.
 */
export function signedInSender(db: Db) {
  return async function signedInUserOf(request: Request): Promise<string | null> {
    const token = bearerToken(request);
    // The project's public key (or no token) is nobody: only a user's token is worth asking about.
    if (!token || jwtRole(request.headers.get('authorization')) !== 'authenticated') return null;
    const { data, error } = await db.auth.getUser(token);
    return error || !data.user ? null : data.user.id;
  };
}
