import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbUrlAs, loadConfig, projectRoot, type StackConfig } from '../config';
import { migrate, migrationFiles, preparePlatform } from '../database';
import { adminDbUrl, dbUrl } from './support';

// Every migration and the seed applied as on a hosted project: in a new database of the
// integration stack's server, set up with Supabase's roles and ownership (bootstrap.sql, as the
// superuser supabase_admin), then the migrations as `postgres`, which is not a superuser and not
// a member of supabase_auth_admin, one transaction per file, stopping at the first error with the
// file and the statement named. A second part proves the stack refuses what hosted refuses.

const database = `hosted_check_${process.pid}_${Date.now()}`;
const inDatabase = (url: string) => {
  const target = new URL(url);
  target.pathname = `/${database}`;
  return target.toString();
};
const hosted: StackConfig = {
  ...loadConfig(),
  adminDbUrl: inDatabase(adminDbUrl),
  dbUrl: dbUrlAs(inDatabase(adminDbUrl), 'postgres'),
  authDbUrl: dbUrlAs(inDatabase(adminDbUrl), 'supabase_auth_admin'),
};

const admin = new pg.Client({ connectionString: adminDbUrl });
let checked: pg.Client | null = null;

async function query<T extends pg.QueryResultRow>(client: pg.Client, sql: string) {
  return (await client.query<T>(sql)).rows;
}

beforeAll(async () => {
  await admin.connect();
  await admin.query(`create database ${database} template template0`);
});

afterAll(async () => {
  await checked?.end();
  await admin.query(`drop database if exists ${database} with (force)`);
  await admin.end();
});

describe('the migrations applied the hosted way', () => {
  it('apply, with the seed, as the non-superuser postgres on Supabase’s roles and ownership', async () => {
    const applied: string[] = [];
    // Throws a StackError naming the file, the statement and its line at the first failure.
    await migrate(hosted, (line) => applied.push(line), true);
    const files = migrationFiles(hosted.migrationsDir);
    expect(applied).toEqual([
      ...files.map((file) => `Applied migration ${file}`),
      'Seeded the database from supabase/seed.sql',
    ]);

    checked = new pg.Client({ connectionString: hosted.dbUrl });
    await checked.connect();
    expect(
      await query(
        checked,
        `select version from supabase_migrations.schema_migrations order by version`,
      ),
    ).toEqual(files.map((file) => ({ version: file.split('_')[0] })));

    // The role the migrations ran as, and the platform around it, as on Supabase.
    expect(
      await query(
        checked,
        `select rolname, rolsuper, rolinherit, rolcreaterole, rolbypassrls
           from pg_roles
          where rolname in ('postgres', 'anon', 'authenticated', 'service_role', 'authenticator', 'supabase_auth_admin')
          order by rolname`,
      ),
    ).toEqual([
      {
        rolname: 'anon',
        rolsuper: false,
        rolinherit: true,
        rolcreaterole: false,
        rolbypassrls: false,
      },
      {
        rolname: 'authenticated',
        rolsuper: false,
        rolinherit: true,
        rolcreaterole: false,
        rolbypassrls: false,
      },
      {
        rolname: 'authenticator',
        rolsuper: false,
        rolinherit: false,
        rolcreaterole: false,
        rolbypassrls: false,
      },
      {
        rolname: 'postgres',
        rolsuper: false,
        rolinherit: true,
        rolcreaterole: true,
        rolbypassrls: true,
      },
      {
        rolname: 'service_role',
        rolsuper: false,
        rolinherit: true,
        rolcreaterole: false,
        rolbypassrls: true,
      },
      {
        rolname: 'supabase_auth_admin',
        rolsuper: false,
        rolinherit: false,
        rolcreaterole: false,
        rolbypassrls: false,
      },
    ]);
    expect(
      await query(
        checked,
        `select pg_has_role('postgres', 'supabase_auth_admin', 'member') as auth_admin,
                pg_has_role('postgres', 'anon', 'member') as anon,
                pg_has_role('postgres', 'authenticated', 'member') as authenticated,
                pg_has_role('postgres', 'service_role', 'member') as service_role,
                pg_get_userbyid(d.datdba) as database_owner,
                pg_get_userbyid(n.nspowner) as public_owner
           from pg_database d, pg_namespace n
          where d.datname = current_database() and n.nspname = 'public'`,
      ),
    ).toEqual([
      {
        auth_admin: false,
        anon: true,
        authenticated: true,
        service_role: true,
        database_owner: 'postgres',
        public_owner: 'pg_database_owner',
      },
    ]);
    expect(
      await query(
        checked,
        `select c.relname, pg_get_userbyid(c.relowner) as owner from pg_class c
          where c.relnamespace = 'auth'::regnamespace and c.relkind = 'r' order by c.relname`,
      ),
    ).toEqual(
      ['identities', 'refresh_tokens', 'sessions', 'users'].map((relname) => ({
        relname,
        owner: 'supabase_auth_admin',
      })),
    );
    expect(
      await query(
        checked,
        `select unnest(rolconfig) as setting from pg_roles where rolname = 'authenticator' order by 1`,
      ),
    ).toEqual([{ setting: 'lock_timeout=8s' }, { setting: 'statement_timeout=8s' }]);

    // The seed's demo user, as GoTrue needs it: no NULL in a column it reads into a Go string.
    expect(
      await query(
        checked,
        `select confirmation_token, recovery_token, email_change_token_new, email_change,
                email_change_token_current, phone_change, phone_change_token, reauthentication_token,
                (select count(*)::int from public.profiles p where p.id = u.id) as profiles,
                (select count(*)::int from public.webhook_secrets w where w.user_id = u.id) as secrets
           from auth.users u where email = 'demo@dialwise.dev'`,
      ),
    ).toEqual([
      {
        confirmation_token: '',
        recovery_token: '',
        email_change_token_new: '',
        email_change: '',
        email_change_token_current: '',
        phone_change: '',
        phone_change_token: '',
        reauthentication_token: '',
        profiles: 1,
        secrets: 1,
      },
    ]);
  }, 60_000);
});

describe('the platform set-up', () => {
  it('refuses to run as postgres, which it makes a non-superuser', async () => {
    await expect(preparePlatform(dbUrl)).rejects.toThrow(
      "The database set-up connects as postgres, which is not a superuser: it needs another superuser (Supabase's is supabase_admin). Point SUPABASE_DB_URL at one.",
    );
  });
});

describe('what the local stack refuses, as hosted does', () => {
  const stackDb = new pg.Client({ connectionString: dbUrl });
  let dir = '';
  beforeAll(async () => {
    await stackDb.connect();
    dir = await mkdtemp(path.join(tmpdir(), 'dialwise-migrations-'));
  });
  afterAll(async () => {
    await stackDb.end();
    await rm(dir, { recursive: true, force: true });
  });

  it('a migration that comments on a trigger on auth.users: 42501, the whole file rolled back', async () => {
    const file = path.join(dir, '20990101000000_describe_auth_trigger.sql');
    await writeFile(
      file,
      [
        'create function public.throwaway_noop() returns trigger language plpgsql as $$ begin return new; end $$;',
        '-- Creating a trigger on auth.users is allowed (postgres has TRIGGER on it)…',
        'create trigger throwaway_noop after insert on auth.users',
        '  for each row execute function public.throwaway_noop();',
        "comment on trigger throwaway_noop on auth.users is 'refused: auth.users is not postgres''s';",
        '',
      ].join('\n'),
    );
    // Against the stack's own database, with the stack's own migration runner.
    const failure = migrate({ ...loadConfig(), dbUrl, adminDbUrl, migrationsDir: dir }, () => {});
    await expect(failure).rejects.toThrow(
      `${path.relative(projectRoot, file)} failed at statement 3 (line 5: comment on trigger throwaway_noop on auth.users is 'refused: auth.users is not postgres''s'): must be owner of relation users (SQLSTATE 42501)`,
    );
    expect(
      await query(
        stackDb,
        `select (select count(*)::int from pg_trigger where tgname = 'throwaway_noop') as triggers,
                (select count(*)::int from pg_proc where proname = 'throwaway_noop') as functions,
                (select count(*)::int from supabase_migrations.schema_migrations where version = '20990101000000') as recorded`,
      ),
    ).toEqual([{ triggers: 0, functions: 0, recorded: 0 }]);
  });

  it('altering, commenting on or dropping what supabase_auth_admin owns, as postgres', async () => {
    const refusals: Record<string, string | undefined> = {};
    for (const sql of [
      `comment on table auth.users is 'x'`,
      'alter table auth.users add column nickname text',
      'drop trigger on_auth_user_created on auth.users',
      'alter table auth.identities disable row level security',
      'create index users_nickname on auth.users (email)',
      'create table auth.extra (id int)',
    ]) {
      await stackDb.query('begin');
      refusals[sql] = await stackDb.query(sql).then(
        () => undefined,
        (error: { code?: string }) => error.code,
      );
      await stackDb.query('rollback');
    }
    expect(refusals).toEqual({
      [`comment on table auth.users is 'x'`]: '42501',
      'alter table auth.users add column nickname text': '42501',
      'drop trigger on_auth_user_created on auth.users': '42501',
      'alter table auth.identities disable row level security': '42501',
      'create index users_nickname on auth.users (email)': '42501',
      'create table auth.extra (id int)': '42501',
    });
  });
});
