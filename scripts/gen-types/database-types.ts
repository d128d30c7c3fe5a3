// The browser's table types, read from the local database's catalog (information_schema and
// pg_catalog) and written in supabase-js's `Database` shape, so `createClient<Database>` types
// every `.from()` and `.rpc()` by what the migrations made. A test regenerates and compares.
import path from 'node:path';
import type pg from 'pg';
import { format, resolveConfig } from 'prettier';

export const DATABASE_TYPES_FILE = 'src/lib/database.types.ts';

type Column = {
  table_name: string;
  column_name: string;
  udt_name: string;
  data_type: string;
  is_nullable: 'YES' | 'NO';
  column_default: string | null;
  is_identity: 'YES' | 'NO';
  is_generated: 'ALWAYS' | 'NEVER';
  is_updatable: 'YES' | 'NO';
};

type Routine = {
  name: string;
  arg_names: string[] | null;
  arg_types: string[];
  arg_modes: string[] | null;
  arg_defaults: number;
  returns: string;
  /** 'c' when the function returns a table's row type. */
  returns_kind: string;
  returns_set: boolean;
  table_columns: { name: string; type: string }[] | null;
};

/** A Postgres type (its udt name) as TypeScript. */
function tsType(udt: string): string {
  if (udt.startsWith('_')) return `${tsType(udt.slice(1))}[]`;
  switch (udt) {
    case 'bool':
      return 'boolean';
    case 'int2':
    case 'int4':
    case 'int8':
    case 'float4':
    case 'float8':
    case 'numeric':
      return 'number';
    case 'json':
    case 'jsonb':
      return 'Json';
    case 'void':
      return 'undefined';
    case 'record':
      return 'Record<string, unknown>';
    default:
      // text, varchar, uuid, citext, timestamps, dates, times, intervals, inet, bytea, enums
      return 'string';
  }
}

const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));

/**
 * The words a one-column check allows, e.g. `status in ('pending', 'failed')`, which Postgres
 * prints as `CHECK ((status = ANY (ARRAY['pending'::text, 'failed'::text])))`; null for any other
 * check. Such a column is typed as the union of its words.
 */
export function wordsOfCheck(def: string): { column: string; words: string[] } | null {
  const match =
    /^CHECK \(+(?:\(?(\w+) IS NULL\)? OR \(+)?(\w+) = ANY \(ARRAY\[((?:'[^']*'::text(?:, )?)+)\]\)\)+$/.exec(
      def,
    );
  if (!match || (match[1] && match[1] !== match[2])) return null;
  const words = [...match[3]!.matchAll(/'([^']*)'::text/g)].map((m) => m[1]!);
  return { column: match[2]!, words };
}

function tableType(columns: Column[], view: boolean, words: Map<string, string[]>): string {
  const typeOf = (c: Column) =>
    words.has(c.column_name)
      ? words
          .get(c.column_name)!
          .map((w) => JSON.stringify(w))
          .join(' | ')
      : tsType(c.udt_name);
  const row = columns.map(
    (c) => `${key(c.column_name)}: ${typeOf(c)}${c.is_nullable === 'YES' ? ' | null' : ''}`,
  );
  const insert = columns.map((c) => {
    const type = `${typeOf(c)}${c.is_nullable === 'YES' ? ' | null' : ''}`;
    if (c.is_generated === 'ALWAYS') return `${key(c.column_name)}?: never`;
    const optional =
      c.is_nullable === 'YES' || c.column_default !== null || c.is_identity === 'YES';
    return `${key(c.column_name)}${optional ? '?' : ''}: ${type}`;
  });
  const update = columns.map((c) =>
    c.is_generated === 'ALWAYS'
      ? `${key(c.column_name)}?: never`
      : `${key(c.column_name)}?: ${typeOf(c)}${c.is_nullable === 'YES' ? ' | null' : ''}`,
  );
  const body = [`Row: { ${row.join('; ')} }`];
  if (!view || columns.some((c) => c.is_updatable === 'YES')) {
    body.push(`Insert: { ${insert.join('; ')} }`, `Update: { ${update.join('; ')} }`);
  }
  body.push('Relationships: []');
  return `{ ${body.join('; ')} }`;
}

function routineType(routines: Routine[]): string {
  // Overloads become a union, as supabase-js reads them.
  return routines
    .map((r) => {
      const names = r.arg_names ?? [];
      const modes = r.arg_modes ?? r.arg_types.map(() => 'i');
      const inputs = r.arg_types
        .map((type, i) => ({ type, name: names[i] ?? `arg${i}`, mode: modes[i] ?? 'i' }))
        .filter((a) => a.mode === 'i' || a.mode === 'b' || a.mode === 'v');
      const firstDefault = inputs.length - r.arg_defaults;
      const args = inputs.length
        ? `{ ${inputs.map((a, i) => `${key(a.name)}${i >= firstDefault ? '?' : ''}: ${tsType(a.type)}`).join('; ')} }`
        : 'never';
      let returns: string;
      if (r.table_columns) {
        returns = `{ ${r.table_columns.map((c) => `${key(c.name)}: ${tsType(c.type)}`).join('; ')} }[]`;
      } else if (r.returns_kind === 'c') {
        const row = `Database['public']['Tables'][${JSON.stringify(r.returns)}]['Row']`;
        returns = row + (r.returns_set ? '[]' : '');
      } else {
        returns = tsType(r.returns) + (r.returns_set ? '[]' : '');
      }
      return `{ Args: ${args}; Returns: ${returns} }`;
    })
    .join(' | ');
}

export async function renderDatabaseTypes(client: pg.Client, root: string): Promise<string> {
  const { rows: columns } = await client.query<Column>(
    `select c.table_name, c.column_name, c.udt_name, c.data_type, c.is_nullable, c.column_default,
            c.is_identity, c.is_generated, c.is_updatable
       from information_schema.columns c
      where c.table_schema = 'public'
      order by c.table_name, c.ordinal_position`,
  );
  const { rows: relations } = await client.query<{ name: string; kind: string }>(
    `select c.relname as name, c.relkind::text as kind
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm')
      order by c.relname`,
  );
  // The functions the browser may call: those in `public` that `authenticated` may execute.
  const { rows: routines } = await client.query<Routine>(
    `select p.proname as name,
            p.proargnames::text[] as arg_names,
            (select array_agg(t.typname::text order by o.n)
               from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality o(oid, n)
               join pg_type t on t.oid = o.oid) as arg_types,
            p.proargmodes::text[] as arg_modes,
            p.pronargdefaults as arg_defaults,
            rt.typname::text as returns,
            rt.typtype::text as returns_kind,
            p.proretset as returns_set,
            case when p.proargmodes is not null and 't' = any(p.proargmodes) then
              (select json_agg(json_build_object('name', p.proargnames[o.n], 'type', t.typname) order by o.n)
                 from unnest(p.proallargtypes) with ordinality o(oid, n)
                 join pg_type t on t.oid = o.oid
                where p.proargmodes[o.n] = 't')
            end as table_columns
       from pg_proc p
       join pg_namespace n on n.oid = p.pronamespace
       join pg_type rt on rt.oid = p.prorettype
      where n.nspname = 'public' and p.prokind = 'f'
        and has_function_privilege('authenticated', p.oid, 'execute')
        and rt.typname <> 'trigger'
      order by p.proname, p.oid`,
  );
  for (const r of routines) r.arg_types ??= [];
  const { rows: checks } = await client.query<{ table_name: string; def: string }>(
    `select t.relname::text as table_name, pg_get_constraintdef(c.oid) as def
       from pg_constraint c
       join pg_class t on t.oid = c.conrelid
       join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = 'public' and c.contype = 'c' and array_length(c.conkey, 1) = 1
      order by t.relname, c.conname`,
  );
  const wordsByTable = new Map<string, Map<string, string[]>>();
  for (const check of checks) {
    const found = wordsOfCheck(check.def);
    if (!found) continue;
    const table = wordsByTable.get(check.table_name) ?? new Map<string, string[]>();
    table.set(found.column, found.words);
    wordsByTable.set(check.table_name, table);
  }

  const byTable = new Map<string, Column[]>();
  for (const c of columns) byTable.set(c.table_name, [...(byTable.get(c.table_name) ?? []), c]);
  const tables = relations.filter((r) => r.kind === 'r' || r.kind === 'p');
  const views = relations.filter((r) => r.kind === 'v' || r.kind === 'm');
  const byRoutine = new Map<string, Routine[]>();
  for (const r of routines) byRoutine.set(r.name, [...(byRoutine.get(r.name) ?? []), r]);

  const section = (entries: string[]) =>
    entries.length ? `{ ${entries.join('; ')} }` : '{ [_ in never]: never }';
  const source = `// Generated by \`npm run gen:types\` from the local database's catalog: do not edit by hand.

export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];

export type Database = {
  public: {
    Tables: ${section(tables.map((t) => `${key(t.name)}: ${tableType(byTable.get(t.name) ?? [], false, wordsByTable.get(t.name) ?? new Map())}`))};
    Views: ${section(views.map((v) => `${key(v.name)}: ${tableType(byTable.get(v.name) ?? [], true, new Map())}`))};
    Functions: ${section([...byRoutine].map(([name, rs]) => `${key(name)}: ${routineType(rs)}`))};
    Enums: { [_ in never]: never };
    CompositeTypes: { [_ in never]: never };
  };
};

type PublicSchema = Database['public'];
/** A table's row, e.g. \`Tables<'tasks'>\`. */
export type Tables<T extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][T]['Row'];
export type TablesInsert<T extends keyof PublicSchema['Tables']> =
  PublicSchema['Tables'][T]['Insert'];
export type TablesUpdate<T extends keyof PublicSchema['Tables']> =
  PublicSchema['Tables'][T]['Update'];
`;
  const target = path.join(root, DATABASE_TYPES_FILE);
  const options = (await resolveConfig(target)) ?? {};
  return format(source, { ...options, filepath: target });
}
