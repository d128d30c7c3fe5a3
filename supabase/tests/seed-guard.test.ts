import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDbUrl } from './support/stack';

// seed.sql creates a demo account whose password and API key are published in the README. It must
// refuse any database the local stack did not prepare, such as a hosted project reached by
// `supabase db push --include-seed`.

const database = `seed_guard_${process.pid}_${Date.now()}`;
const admin = new pg.Client({ connectionString: adminDbUrl });
let elsewhere: pg.Client;

beforeAll(async () => {
  await admin.connect();
  await admin.query(`create database ${database} template template0`);
  const url = new URL(adminDbUrl);
  url.pathname = `/${database}`;
  elsewhere = new pg.Client({ connectionString: url.toString() });
  await elsewhere.connect();
});

afterAll(async () => {
  await elsewhere?.end();
  await admin.query(`drop database if exists ${database} with (force)`);
  await admin.end();
});

describe('the demo seed', () => {
  it('refuses a database that is not the local stack’s, before writing anything', async () => {
    const seed = await readFile(path.resolve('supabase/seed.sql'), 'utf8');
    await expect(elsewhere.query(seed)).rejects.toThrow(
      /runs only on the local stack's database, not on seed_guard_/,
    );
    const { rows } = await elsewhere.query(
      `select count(*)::int as schemas from pg_namespace where nspname in ('auth', 'private')`,
    );
    expect(rows[0]?.schemas).toBe(0);
  });

  it('knows the local stack’s own database by the mark its bootstrap sets', async () => {
    const { rows } = await admin.query<{ marked: boolean }>(
      `select exists (
         select 1 from pg_db_role_setting s join pg_database d on d.oid = s.setdatabase
          where d.datname = current_database() and 'dialwise.local_stack=on' = any (s.setconfig)
       ) as marked`,
    );
    expect(rows[0]?.marked).toBe(true);
  });
});
