/**
 * The two Supabase calls the functions need, over plain fetch (no SDK, so the same module runs
 * under Deno and in Vitest): who the caller is (Auth `GET /user` with their JWT) and a remote
 * procedure with the service role (PostgREST `POST /rpc/<name>`).
 */
export type SupabaseRestConfig = { url: string; anonKey: string; serviceRoleKey: string };

export function createSupabaseRest(config: SupabaseRestConfig, fetchFn: typeof fetch = fetch) {
  return {
    /** The user id behind a bearer token, or null when it is missing, invalid or not a user. */
    async userIdFromAuthorization(authorization: string | null): Promise<string | null> {
      const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
      if (!token) return null;
      const response = await fetchFn(`${config.url}/auth/v1/user`, {
        headers: { apikey: config.anonKey, Authorization: `Bearer ${token}` },
      });
      if (!response.ok) {
        await response.body?.cancel();
        return null;
      }
      const user = (await response.json()) as { id?: unknown };
      return typeof user.id === 'string' && user.id ? user.id : null;
    },

    /** Calls a remote procedure as the service role and returns its JSON result. */
    async rpc<T>(name: string, args: Record<string, unknown>): Promise<T> {
      const response = await fetchFn(`${config.url}/rest/v1/rpc/${name}`, {
        method: 'POST',
        headers: {
          apikey: config.serviceRoleKey,
          Authorization: `Bearer ${config.serviceRoleKey}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify(args),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`rpc ${name} failed with ${response.status}: ${text}`);
      return JSON.parse(text) as T;
    },
  };
}
export type SupabaseRest = ReturnType<typeof createSupabaseRest>;
