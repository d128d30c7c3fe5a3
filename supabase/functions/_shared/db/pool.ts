// A small pool of PostgreSQL connections through the transaction pooler (DB_POOLER_URL; hosted:
// Supavisor, port 6543) for the call path's hot statements. Through PostgREST each statement costs an
// HTTP hop through the API gateway, a JWT check and PostgREST's own request handling, several
// times the statement's own time; over a kept connection it is one round trip
// (docs/decisions/0014-call-path-latency.md). Plain parameterised statements only (unnamed, so no
// prepared statement outlives its transaction) and no session state: the pooler may hand every
// transaction to another server connection.
// @ts-types="npm:@types/pg@8.23.1"
import pg from 'npm:pg@8.23.1';
import { pgConnection } from './connection.ts';

/** An error as PostgREST gives it: the message, SQLSTATE code, and the raise's hint and detail. */
export type RpcError = {
  message: string;
  code?: string;
  hint?: string | null;
  details?: string | null;
};

export type RpcResult<T> = { data: T; error: null } | { data: null; error: RpcError };

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

export function createSqlPool(
  url: string,
  options: { max?: number; applicationName?: string; caCert?: string } = {},
): SqlPool {
  const pool = new pg.Pool({
    ...pgConnection(url, options.caCert),
    // One or two per instance: behind the pooler each is a client slot, not a server connection,
    // and statements are short, so more would only hold slots the pooler counts against its limit.
    max: options.max ?? 2,
    idleTimeoutMillis: 30_000,
    // pg-pool applies this to a statement's wait in the pool's queue too: with 2 connections a burst
    // on a busy instance queues for seconds, which must not fail requests (the cancels of 300 live
    // calls at once answered 500 at 5 s). A database that does not answer at all still fails.
    connectionTimeoutMillis: 15_000,
    keepAlive: true,
    application_name: options.applicationName ?? 'dialwise-functions',
  });
  // An idle connection that breaks is dropped by the pool; say so instead of crashing the instance.
  pool.on('error', (error: Error) => console.error(`[db pool] ${error.message}`));

  // How each function answers (a set of rows → a JSON array, void → null, else one value) and
  // the types of its arguments, so JSON and arrays are passed as PostgREST passes them.
  type Signature = { shape: 'set' | 'void' | 'value'; types: Map<string, string> };
  const signatures = new Map<string, Promise<Signature>>();
  function signatureOf(fn: string) {
    let known = signatures.get(fn);
    if (!known) {
      known = pool
        .query<{ proretset: boolean; void: boolean; names: string[] | null; types: string[] }>(
          `select p.proretset, p.prorettype = 'pg_catalog.void'::pg_catalog.regtype as void,
                  (select array_agg(a.name order by a.i) from unnest(p.proargnames, p.proargmodes)
                      with ordinality as a(name, mode, i) where coalesce(a.mode, 'i') in ('i', 'b')) as names,
                  (select array_agg(pg_catalog.format_type(t.oid, null) order by t.i)
                     from unnest(p.proargtypes::pg_catalog.oid[]) with ordinality as t(oid, i)) as types
             from pg_catalog.pg_proc p
             join pg_catalog.pg_namespace n on n.oid = p.pronamespace
            where n.nspname = 'public' and p.proname = $1 limit 1`,
          [fn],
        )
        .then(({ rows: [found] }) => ({
          shape: found?.proretset ? 'set' : found?.void ? 'void' : 'value',
          types: new Map((found?.names ?? []).map((name, i) => [name, found!.types[i]!])),
        }));
      signatures.set(fn, known);
      known.catch(() => signatures.delete(fn));
    }
    return known;
  }

  /** A value for an argument of `type`: JSON as text, arrays as arrays, the rest as they are. */
  const argument = (value: unknown, type: string | undefined) =>
    value === undefined || value === null
      ? null
      : type === 'json' || type === 'jsonb'
        ? JSON.stringify(value)
        : Array.isArray(value) && type?.endsWith('[]')
          ? value
          : param(value);

  return {
    async query<T>(text: string, params: unknown[] = []) {
      return (await pool.query(text, params.map(param))).rows as T[];
    },

    async rpc<T>(fn: string, args: Record<string, unknown>): Promise<RpcResult<T>> {
      const names = Object.keys(args);
      if (!IDENTIFIER.test(fn) || !names.every((name) => IDENTIFIER.test(name)))
        throw new Error(`Not a plain function or argument name: ${fn}(${names.join(', ')})`);
      try {
        const { shape, types } = await signatureOf(fn);
        const call = `public.${fn}(${names
          .map((name, i) => `${name} => $${i + 1}${types.has(name) ? `::${types.get(name)}` : ''}`)
          .join(', ')})`;
        const text =
          shape === 'set'
            ? `select coalesce(json_agg(r), '[]'::json) as result from ${call} r`
            : shape === 'void'
              ? `select null::json as result from ${call}`
              : `select to_json(${call}) as result`;
        const { rows } = await pool.query(
          text,
          names.map((name) => argument(args[name], types.get(name))),
        );
        return { data: rows[0].result as T, error: null };
      } catch (error) {
        const { message, code, hint, detail } = error as {
          message: string;
          code?: string;
          hint?: string;
          detail?: string;
        };
        // Connection failures are thrown (as supabase-js does for a failed fetch).
        if (!code) throw error;
        // A raise's hint names the refusal callers branch on (too_many_endpoints, say).
        return {
          data: null,
          error: { message, code, hint: hint ?? null, details: detail ?? null },
        };
      }
    },

    end: () => pool.end(),
  };
}
