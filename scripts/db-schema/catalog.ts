/**
 * What a database's schema is, read from PostgreSQL's catalog as one text per object, so two
 * databases (one built by the migrations, one by the schema files) can be compared object by
 * object: columns and their defaults, constraints, indexes, function definitions, triggers,
 * policies, row-level security, grants, owners, comments, types, extensions, default privileges,
 * cron jobs, and the rows of every table (reference data such as area codes and limits).
 */
import pg from 'pg';

/** Object key (kind and qualified name) → its definition. */
export type Catalog = Map<string, string>;

/** Schemas left out: PostgreSQL's own, and the migration history (different by design). */
const SKIPPED = `('pg_catalog', 'information_schema', 'pg_toast', 'supabase_migrations')`;
const inScope = (column: string) =>
  `${column} not in ${SKIPPED} and ${column} not like 'pg_temp%' and ${column} not like 'pg_toast%'`;

/** Tables whose rows each database draws at random (a secret key): only their count must match. */
const RANDOM_ROWS = new Set(['private.identity_hash_key']);

/** An ACL as text, its entries sorted: the order grants were given in does not matter. */
const acl = (column: string) =>
  `(select string_agg(item::text, ',' order by item::text) from unnest(${column}) item)`;

const QUERIES: Record<string, string> = {
  schema: `
    select n.nspname as key,
           concat_ws(' | ', pg_get_userbyid(n.nspowner), ${acl('n.nspacl')},
                     obj_description(n.oid, 'pg_namespace')) as def
      from pg_namespace n where ${inScope('n.nspname')}`,
  relation: `
    select n.nspname || '.' || c.relname as key,
           concat_ws(' | ', c.relkind::text, pg_get_userbyid(c.relowner),
                     'rls=' || c.relrowsecurity, 'force=' || c.relforcerowsecurity,
                     ${acl('c.relacl')}, c.reloptions::text, c.relpersistence::text,
                     obj_description(c.oid, 'pg_class'),
                     case when c.relkind in ('v', 'm') then pg_get_viewdef(c.oid) end) as def
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where ${inScope('n.nspname')} and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')`,
  column: `
    select n.nspname || '.' || c.relname || '.' || a.attname as key,
           concat_ws(' | ', '#' || a.attnum, format_type(a.atttypid, a.atttypmod),
                     case when a.attnotnull then 'not null' end,
                     'default ' || pg_get_expr(d.adbin, d.adrelid),
                     nullif(a.attidentity::text, ''), nullif(a.attgenerated::text, ''),
                     case when a.attcollation <> t.typcollation then a.attcollation::regcollation::text end,
                     ${acl('a.attacl')}, col_description(c.oid, a.attnum)) as def
      from pg_attribute a
      join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
      join pg_type t on t.oid = a.atttypid
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
     where ${inScope('n.nspname')} and c.relkind in ('r', 'p', 'v', 'm', 'f')
       and a.attnum > 0 and not a.attisdropped`,
  constraint: `
    select n.nspname || '.' || coalesce(c.relname, t.typname) || '.' || k.conname as key,
           concat_ws(' | ', pg_get_constraintdef(k.oid, true),
                     case when k.condeferrable then 'deferrable' end,
                     case when k.condeferred then 'initially deferred' end,
                     case when not k.convalidated then 'not valid' end,
                     obj_description(k.oid, 'pg_constraint')) as def
      from pg_constraint k
      join pg_namespace n on n.oid = k.connamespace
      left join pg_class c on c.oid = k.conrelid
      left join pg_type t on t.oid = k.contypid
     where ${inScope('n.nspname')}`,
  index: `
    select n.nspname || '.' || c.relname as key,
           concat_ws(' | ', pg_get_indexdef(c.oid), obj_description(c.oid, 'pg_class')) as def
      from pg_index i join pg_class c on c.oid = i.indexrelid
      join pg_namespace n on n.oid = c.relnamespace
     where ${inScope('n.nspname')}`,
  function: `
    select n.nspname || '.' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as key,
           concat_ws(' | ', case when p.prokind in ('f', 'p', 'w') then pg_get_functiondef(p.oid) else p.prokind::text end,
                     pg_get_userbyid(p.proowner), ${acl('p.proacl')},
                     obj_description(p.oid, 'pg_proc')) as def
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where ${inScope('n.nspname')}`,
  trigger: `
    select n.nspname || '.' || c.relname || '.' || t.tgname as key,
           concat_ws(' | ', pg_get_triggerdef(t.oid, true), t.tgenabled::text,
                     obj_description(t.oid, 'pg_trigger')) as def
      from pg_trigger t join pg_class c on c.oid = t.tgrelid
      join pg_namespace n on n.oid = c.relnamespace
     where ${inScope('n.nspname')} and not t.tgisinternal`,
  policy: `
    select p.schemaname || '.' || p.tablename || '.' || p.policyname as key,
           concat_ws(' | ', p.permissive, p.cmd, p.roles::text, 'using ' || p.qual,
                     'check ' || p.with_check,
                     (select obj_description(pol.oid, 'pg_policy') from pg_policy pol
                        join pg_class c on c.oid = pol.polrelid
                        join pg_namespace n on n.oid = c.relnamespace
                       where n.nspname = p.schemaname and c.relname = p.tablename
                         and pol.polname = p.policyname)) as def
      from pg_policies p where ${inScope('p.schemaname')}`,
  type: `
    select n.nspname || '.' || t.typname as key,
           concat_ws(' | ', t.typtype::text, pg_get_userbyid(t.typowner), ${acl('t.typacl')},
                     (select string_agg(e.enumlabel, ',' order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid),
                     case when t.typtype = 'd' then format_type(t.typbasetype, t.typtypmod) end,
                     obj_description(t.oid, 'pg_type')) as def
      from pg_type t join pg_namespace n on n.oid = t.typnamespace
     where ${inScope('n.nspname')} and t.typtype in ('e', 'd', 'r', 'm')
        or (${inScope('n.nspname')} and t.typtype = 'c'
            and (select c.relkind from pg_class c where c.oid = t.typrelid) = 'c')`,
  extension: `
    select e.extname as key, concat_ws(' | ', e.extversion, n.nspname) as def
      from pg_extension e join pg_namespace n on n.oid = e.extnamespace`,
  'default privilege': `
    select pg_get_userbyid(d.defaclrole) || '.' || coalesce(n.nspname, '*') || '.' || d.defaclobjtype::text as key,
           ${acl('d.defaclacl')} as def
      from pg_default_acl d left join pg_namespace n on n.oid = d.defaclnamespace`,
  'event trigger': `
    select evtname as key, concat_ws(' | ', evtevent, evtfoid::regproc::text, evtenabled::text, evttags::text) as def
      from pg_event_trigger`,
  publication: `
    select p.pubname || '.' || coalesce(r.prrelid::regclass::text, '') as key,
           concat_ws(' | ', p.puballtables, p.pubinsert, p.pubupdate, p.pubdelete) as def
      from pg_publication p left join pg_publication_rel r on r.prpubid = p.oid`,
};

/** Reads the catalog of the database `url` connects to (as a role that can read every table). */
export async function readCatalog(url: string): Promise<Catalog> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const catalog: Catalog = new Map();
  try {
    for (const [kind, sql] of Object.entries(QUERIES)) {
      const { rows } = await client.query<{ key: string; def: string | null }>(sql);
      for (const row of rows) catalog.set(`${kind} ${row.key}`, row.def ?? '');
    }
    // Rows: reference data written by the schema (area codes, limits) must match as well.
    // Timestamps are left out of the digest: a row written by the schema (a Storage bucket) is
    // stamped with the moment each database was built. pg_cron's and pg_net's own tables hold
    // the database's name and queued requests: cron jobs are compared by name below.
    const { rows: tables } = await client.query<{ name: string; stamps: string[] }>(`
      select format('%I.%I', n.nspname, c.relname) as name,
             array(select a.attname::text from pg_attribute a
                    where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
                      and a.atttypid in ('timestamptz'::regtype, 'timestamp'::regtype)) as stamps
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p') and ${inScope('n.nspname')}
         and n.nspname not in ('cron', 'net')`);
    for (const { name, stamps } of tables) {
      const row = `(to_jsonb(t) - $1::text[])::text`;
      const { rows } = await client.query<{ rows: number; digest: string | null }>(
        `select count(*)::int as rows, md5(string_agg(${row}, E'\\n' order by ${row})) as digest from ${name} t`,
        [stamps],
      );
      const digest = RANDOM_ROWS.has(name) ? 'random' : (rows[0]!.digest ?? '');
      catalog.set(`rows ${name}`, `${rows[0]!.rows} | ${digest}`);
    }
    const cron = await client.query<{ exists: boolean }>(
      `select exists (select 1 from pg_extension where extname = 'pg_cron') as exists`,
    );
    if (cron.rows[0]!.exists) {
      const { rows } = await client.query<{ key: string; def: string }>(
        `select jobname as key, concat_ws(' | ', schedule, command, username, active) as def from cron.job`,
      );
      for (const row of rows) catalog.set(`cron job ${row.key}`, row.def);
    }
  } finally {
    await client.end();
  }
  return catalog;
}

/** One line per object that differs: only in a, only in b, or defined differently. */
export type CatalogDifference = { key: string; a?: string; b?: string };

export function compareCatalogs(a: Catalog, b: Catalog): CatalogDifference[] {
  const differences: CatalogDifference[] = [];
  for (const key of [...new Set([...a.keys(), ...b.keys()])].sort()) {
    if (a.get(key) !== b.get(key)) differences.push({ key, a: a.get(key), b: b.get(key) });
  }
  return differences;
}

/** The differences as a reader wants them: the object, then each side's definition. */
export function describeDifferences(
  differences: CatalogDifference[],
  [nameA, nameB]: [string, string],
): string {
  return differences
    .map(({ key, a, b }) =>
      a === undefined
        ? `${key}: only in ${nameB}\n    ${b}`
        : b === undefined
          ? `${key}: only in ${nameA}\n    ${a}`
          : `${key} differs\n  ${nameA}: ${a}\n  ${nameB}: ${b}`,
    )
    .join('\n');
}
