/**
 * The two Supabase calls the functions need, over plain fetch (no SDK, so the same module runs
 * under Deno and in Vitest): who the caller is (their access token verified against the project's
 * JWKS, then Auth `GET /user` confirming the user still exists) and a remote procedure with the
 * secret key (PostgREST `POST /rpc/<name>`).
 */
import { type SessionVerifier, SessionTokenRejected } from '../platform/session-jwt.ts';

export type SupabaseRestConfig = {
  url: string;
  publishableKey: string;
  secretKey: string;
  sessions: SessionVerifier;
};

export function createSupabaseRest(config: SupabaseRestConfig, fetchFn: typeof fetch = fetch) {
  return {
    /** The user id behind a bearer token, or null when it is missing, invalid or not a user. */
    async userIdFromAuthorization(authorization: string | null): Promise<string | null> {
      const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
      if (!token) return null;
      let userId: string;
      try {
        userId = (await config.sessions.verify(token)).sub;
      } catch (error) {
        if (error instanceof SessionTokenRejected) return null;
        throw error;
      }
      // Onboarding writes rows for the user: a deleted user's unexpired token must not.
      const response = await fetchFn(`${config.url}/auth/v1/user`, {
        headers: { apikey: config.publishableKey, Authorization: `Bearer ${token}` },
      });
      if (!response.ok) {
        await response.body?.cancel();
        return null;
      }
      const user = (await response.json()) as { id?: unknown };
      return user.id === userId ? userId : null;
    },

    /** Calls a remote procedure as the service role and returns its JSON result. */
    async rpc<T>(name: string, args: Record<string, unknown>): Promise<T> {
      const response = await fetchFn(`${config.url}/rest/v1/rpc/${name}`, {
        method: 'POST',
        headers: { apikey: config.secretKey, 'Content-Type': 'application/json' },
        body: JSON.stringify(args),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`rpc ${name} failed with ${response.status}: ${text}`);
      return JSON.parse(text) as T;
    },
  };
}
export type SupabaseRest = ReturnType<typeof createSupabaseRest>;
