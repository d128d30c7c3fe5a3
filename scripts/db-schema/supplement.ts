/**
 * What @pgkit/migra leaves out of a generated migration, written from the catalogs: privileges
 * (its privilege diff misses revokes, e.g. of the privileges Supabase's default ACL gives anon and
 * authenticated on every new table, and grants on functions) and comments. Given a database that
 * has migra's statements applied and the schema files' database, it returns the statements that
 * make the first one's privileges and comments those of the second.
 */
import pg from 'pg';

const SCOPE = `not in ('pg_catalog', 'information_schema', 'pg_toast', 'supabase_migrations')`;

/** (object as GRANT names it) → sorted "grantee privilege" entries, owners left out. */
const ACLS = `
  with objects as (
    select format('schema %I', n.nspname) as target, n.nspacl as acl, n.nspowner as owner
      from pg_namespace n where n.nspname ${SCOPE} and n.nspname not like 'pg_%'
    union all
    select format('%s %I.%I', case c.relkind when 'S' then 'sequence' else 'table' end, n.nspname, c.relname),
           c.relacl, c.relowner
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname ${SCOPE} and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
    union all
    select format('(%I) on table %I.%I', a.attname, n.nspname, c.relname), a.attacl, c.relowner
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname ${SCOPE} and c.relkind in ('r', 'p', 'v', 'm', 'f') and a.attnum > 0 and not a.attisdropped
    union all
    select format('function %I.%I(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)),
           p.proacl, p.proowner
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname ${SCOPE}
  )
  select o.target,
         coalesce((select array_agg(entry order by entry) from (
           select case when e.grantee = 0 then 'public' else quote_ident(pg_get_userbyid(e.grantee)) end
                    || ' ' || lower(e.privilege_type)
                    || case when e.is_grantable then ' grantable' else '' end as entry
             from aclexplode(o.acl) e where e.grantee <> o.owner) entries), '{}') as entries,
         o.acl is null as defaults
    from objects o`;

/** (COMMENT ON target) → comment. */
const COMMENTS = `
  select format('schema %I', n.nspname) as target, obj_description(n.oid, 'pg_namespace') as comment
    from pg_namespace n where n.nspname ${SCOPE} and n.nspname not like 'pg_%'
  union all
  select format('%s %I.%I', case c.relkind when 'S' then 'sequence' when 'i' then 'index' when 'v' then 'view'
                                         when 'm' then 'materialized view' else 'table' end, n.nspname, c.relname),
         obj_description(c.oid, 'pg_class')
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where n.nspname ${SCOPE} and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f', 'i')
  union all
  select format('column %I.%I.%I', n.nspname, c.relname, a.attname), col_description(c.oid, a.attnum)
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
   where n.nspname ${SCOPE} and c.relkind in ('r', 'p', 'v', 'm', 'f') and a.attnum > 0 and not a.attisdropped
  union all
  select format('function %I.%I(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)),
         obj_description(p.oid, 'pg_proc')
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname ${SCOPE}
  union all
  select format('constraint %I on %I.%I', k.conname, n.nspname, c.relname), obj_description(k.oid, 'pg_constraint')
    from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
   where n.nspname ${SCOPE}
  union all
  select format('trigger %I on %I.%I', t.tgname, n.nspname, c.relname), obj_description(t.oid, 'pg_trigger')
    from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
   where n.nspname ${SCOPE} and not t.tgisinternal
  union all
  select format('policy %I on %I.%I', p.polname, n.nspname, c.relname), obj_description(p.oid, 'pg_policy')
    from pg_policy p join pg_class c on c.oid = p.polrelid join pg_namespace n on n.oid = c.relnamespace
   where n.nspname ${SCOPE}`;

async function rows<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

/** What `grant all on table` gives on every PostgreSQL version this runs on. */
const TABLE_PRIVILEGES = [
  'select',
  'insert',
  'update',
  'delete',
  'truncate',
  'references',
  'trigger',
];

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** GRANT/REVOKE and COMMENT statements that bring `current` to `target`'s privileges and comments. */
export async function supplementSql(currentUrl: string, targetUrl: string): Promise<string> {
  type Acl = { target: string; entries: string[]; defaults: boolean };
  const [currentAcls, targetAcls] = await Promise.all([
    rows<Acl>(currentUrl, ACLS),
    rows<Acl>(targetUrl, ACLS),
  ]);
  const current = new Map(currentAcls.map((row) => [row.target, row]));
  const statements: string[] = [];
  for (const wanted of targetAcls) {
    const now = current.get(wanted.target);
    if (!now || (now.entries.join() === wanted.entries.join() && now.defaults === wanted.defaults))
      continue;
    // A function with no ACL yet (a new one, in a schema without default privileges) may be
    // executed by PUBLIC: that is revoked like any other grantee.
    const implicit = now.defaults && wanted.target.startsWith('function ') ? ['public'] : [];
    const grantees = [
      ...new Set([...implicit, ...now.entries.map((entry) => entry.split(' ')[0]!)]),
    ];
    const column = wanted.target.startsWith('(');
    const [privileges, on] = column
      ? [
          (p: string) => `${p} ${wanted.target.split(' on ')[0]}`,
          `table ${wanted.target.split(' on table ')[1]}`,
        ]
      : [(p: string) => p, wanted.target];
    if (grantees.length)
      statements.push(
        `revoke all${column ? ` ${wanted.target.split(' on ')[0]}` : ''} on ${on} from ${grantees.join(', ')};`,
      );
    // A role holding every privilege of a table gets `grant all`, as the schema files write it
    // (and as PostgreSQL versions differ in what `all` holds: 17 added maintain).
    const byGrantee = new Map<string, string[]>();
    for (const entry of wanted.entries) {
      const [grantee, privilege, grantable] = entry.split(' ');
      const key = `${grantee}${grantable ? ' grantable' : ''}`;
      byGrantee.set(key, [...(byGrantee.get(key) ?? []), privilege!]);
    }
    for (const [key, held] of byGrantee) {
      const [grantee, grantable] = key.split(' ');
      const option = grantable ? ' with grant option' : '';
      if (!column && on.startsWith('table ') && TABLE_PRIVILEGES.every((p) => held.includes(p)))
        statements.push(`grant all on ${on} to ${grantee}${option};`);
      else
        statements.push(
          `grant ${held.map(privileges).join(', ')} on ${on} to ${grantee}${option};`,
        );
    }
  }
  type Comment = { target: string; comment: string | null };
  const [currentComments, targetComments] = await Promise.all([
    rows<Comment>(currentUrl, COMMENTS),
    rows<Comment>(targetUrl, COMMENTS),
  ]);
  const said = new Map(currentComments.map((row) => [row.target, row.comment]));
  for (const { target, comment } of targetComments) {
    if (said.has(target) && said.get(target) !== comment)
      statements.push(`comment on ${target} is ${comment === null ? 'null' : literal(comment)};`);
  }
  return statements.join('\n');
}
