/**
 * Scratch databases for comparing the schema files with the migrations: each one is a new
 * database on a running server, set up as a hosted project is (bootstrap.sql as the superuser),
 * then built either from the migrations (as the stack applies them) or from the schema files.
 */
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  applySqlFile,
  dbUrlAs,
  loadConfig,
  migrate,
  preparePlatform,
  stackPorts,
  startDatabase,
  supabaseDir,
} from '@dialwise/local-stack/schema-tools';

const projectRoot = path.resolve(import.meta.dirname, '../..');

export const schemasDir = path.join(supabaseDir, 'schemas');
export const migrationsDir = path.join(supabaseDir, 'migrations');

/** The schema files in the order they apply: their names start with a two-digit number. */
export function schemaFiles(dir = schemasDir): string[] {
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => /^\d\d-.+\.sql$/.test(f))
        .sort()
    : [];
}

/** The URL of another database on the same server, as the same user. */
export function inDatabase(url: string, database: string): string {
  const target = new URL(url);
  target.pathname = `/${database}`;
  return target.toString();
}

/**
 * Starts a throwaway PostgreSQL (its own ports, DIALWISE_PORT_OFFSET applies) with Supabase's
 * roles, for building scratch databases; stop() removes its data folder.
 */
export async function startScratchServer(log: (line: string) => void = () => {}) {
  const dataRoot = await mkdtemp(path.join(tmpdir(), 'dialwise-schema-'));
  const emptyMigrations = path.join(dataRoot, 'no-migrations');
  const base = loadConfig();
  const dbPort = stackPorts('schema').db;
  const adminDbUrl = `postgresql://supabase_admin:postgres@127.0.0.1:${dbPort}/postgres`;
  const database = await startDatabase(
    {
      ...base,
      dbPort,
      adminDbUrl,
      dbUrl: dbUrlAs(adminDbUrl, 'postgres'),
      authDbUrl: dbUrlAs(adminDbUrl, 'supabase_auth_admin'),
      externalDbUrl: null,
      dataDir: path.join(dataRoot, 'data'),
      fresh: true,
      migrationsDir: emptyMigrations,
      seedFile: path.join(emptyMigrations, 'seed.sql'),
    },
    log,
  );
  return {
    adminDbUrl,
    stop: async () => {
      await database.stop();
      await rm(dataRoot, { recursive: true, force: true });
    },
  };
}

/** Creates a database with the platform's roles, schemas and privileges; returns its URLs. */
export async function createPlatformDatabase(adminDbUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: adminDbUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name} template template0`);
  } finally {
    await admin.end();
  }
  const urls = {
    adminDbUrl: inDatabase(adminDbUrl, name),
    dbUrl: dbUrlAs(inDatabase(adminDbUrl, name), 'postgres'),
    authDbUrl: dbUrlAs(inDatabase(adminDbUrl, name), 'supabase_auth_admin'),
  };
  await preparePlatform(urls.adminDbUrl);
  return urls;
}

export async function dropDatabase(adminDbUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: adminDbUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}

/** A new database built by the migrations of `dir`, as the stack applies them (no seed). */
export async function buildFromMigrations(adminDbUrl: string, name: string, dir = migrationsDir) {
  const urls = await createPlatformDatabase(adminDbUrl, name);
  await migrate({ ...loadConfig(), ...urls, migrationsDir: dir }, () => {}, false);
  return urls.dbUrl;
}

/** A new database built by the schema files of `dir`, in order, each in one transaction. */
export async function buildFromSchemaFiles(adminDbUrl: string, name: string, dir = schemasDir) {
  const urls = await createPlatformDatabase(adminDbUrl, name);
  const client = new pg.Client({ connectionString: urls.dbUrl });
  await client.connect();
  try {
    for (const file of schemaFiles(dir)) {
      const full = path.join(dir, file);
      await applySqlFile(client, path.relative(projectRoot, full), await readFile(full, 'utf8'));
    }
  } finally {
    await client.end();
  }
  return urls.dbUrl;
}
