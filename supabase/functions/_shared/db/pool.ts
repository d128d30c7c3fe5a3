// A small pool of direct PostgreSQL connections (SUPABASE_DB_URL, which hosted Supabase gives every
// edge function) for the call path's hot statements. Through PostgREST each statement costs an
// HTTP hop through the API gateway, a JWT check and PostgREST's own request handling, several
// times the statement's own time; over a kept connection it is one round trip
// (docs/decisions/0014-call-path-latency.md). Plain parameterised statements only, so Supavisor's
// transaction mode (port 6543) works as well as a session.
// @ts-types="npm:@types/pg@8.23.1"
import pg from 'npm:pg@8.23.1';

export type RpcResult<T> =
  { data: T; error: null } | { data: null; error: { message: string; code?: string } };

export type SqlPool = {
  /** Rows of a statement; json/jsonb columns arrive parsed. */
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  /**
   * A function of the `public` schema by named arguments, answered as PostgREST answers it: its
   * value as JSON (timestamps as PostgreSQL writes them in JSON), or an array for a set-returning
   * function. Errors come back as `{ error }` like supabase-js, so callers keep using `must`.
   */
  rpc<T = unknown>(fn: string, args: Record<string, unknown>): Promise<RpcResult<T>>;
  end(): Promise<void>;
};

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/** Objects and arrays travel as JSON text (pg would turn a JS array into a PostgreSQL array). */
const param = (value: unknown) =>
  value === undefined
    ? null
    : typeof value === 'object' && value !== null
      ? JSON.stringify(value)
      : value;

export function createSqlPool(url: string, options: { max?: number } = {}): SqlPool {
  const pool = new pg.Pool({
    connectionString: url,
    // A handful is enough: the database has as many cores, and the rest wait in the pool's queue
    // instead of holding connections the database would count against its limit.
    max: options.max ?? 4,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
    keepAlive: true,
    application_name: 'dialwise-functions',
  });
  // An idle connection that breaks is dropped by the pool; say so instead of crashing the instance.
  pool.on('error', (error: Error) => console.error(`[db pool] ${error.message}`));

  const returnsSet = new Map<string, Promise<boolean>>();
  function isSetReturning(fn: string): Promise<boolean> {
    let known = returnsSet.get(fn);
    if (!known) {
      known = pool
        .query<{ proretset: boolean }>(
          `select p.proretset from pg_catalog.pg_proc p
             join pg_catalog.pg_namespace n on n.oid = p.pronamespace
            where n.nspname = 'public' and p.proname = $1 limit 1`,
          [fn],
        )
        .then((result) => result.rows[0]?.proretset ?? false);
      returnsSet.set(fn, known);
      known.catch(() => returnsSet.delete(fn));
    }
    return known;
  }

  return {
    async query<T>(text: string, params: unknown[] = []) {
      return (await pool.query(text, params.map(param))).rows as T[];
    },

    async rpc<T>(fn: string, args: Record<string, unknown>): Promise<RpcResult<T>> {
      const names = Object.keys(args);
      if (!IDENTIFIER.test(fn) || !names.every((name) => IDENTIFIER.test(name)))
        throw new Error(`Not a plain function or argument name: ${fn}(${names.join(', ')})`);
      const call = `public.${fn}(${names.map((name, i) => `${name} => $${i + 1}`).join(', ')})`;
      try {
        const text = (await isSetReturning(fn))
          ? `select coalesce(json_agg(r), '[]'::json) as result from ${call} r`
          : `select to_json(${call}) as result`;
        const { rows } = await pool.query(
          text,
          names.map((name) => param(args[name])),
        );
        return { data: rows[0].result as T, error: null };
      } catch (error) {
        const { message, code } = error as { message: string; code?: string };
        // Connection failures are thrown (as supabase-js does for a failed fetch).
        if (!code) throw error;
        return { data: null, error: { message, code } };
      }
    },

    end: () => pool.end(),
  };
}

let shared: SqlPool | null | undefined;

/** The instance's pool over SUPABASE_DB_URL (TASK_DB_URL overrides it), or null without one. */
export function sqlPoolFromEnv(): SqlPool | null {
  if (shared !== undefined) return shared;
  const url = Deno.env.get('TASK_DB_URL') || Deno.env.get('SUPABASE_DB_URL');
  const max = Number(Deno.env.get('TASK_DB_POOL_SIZE'));
  shared = url
    ? createSqlPool(url, { max: Number.isInteger(max) && max > 0 ? max : undefined })
    : null;
  return shared;
}
