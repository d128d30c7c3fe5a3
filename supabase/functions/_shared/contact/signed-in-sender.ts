import { jwtRole } from '../http/auth.ts';
import { sessionTokenFrom } from '../http/caller-auth.ts';
import type { Db } from '../db.ts';

/**
 * The account whose session sent a contact request: the bearer token, when it is a session JWT
 * the auth server still accepts (supabase-js sends the signed-in user's token, or the project's
 * public key when nobody is signed in). Anything else is an anonymous request.
 */
export function signedInSender(db: Db) {
  return async function signedInUserOf(request: Request): Promise<string | null> {
    const token = sessionTokenFrom(request);
    // The project's public key (or no token) is nobody: only a user's token is worth asking about.
    if (!token || jwtRole(request.headers.get('authorization')) !== 'authenticated') return null;
    const { data, error } = await db.auth.getUser(token);
    return error || !data.user ? null : data.user.id;
  };
}
