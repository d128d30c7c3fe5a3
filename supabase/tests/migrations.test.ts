import pg from 'pg';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../local/config';
import { migrate } from '../local/database';
import { dbUrl } from './support/stack';

// Migrations are recorded like the Supabase CLI records them, and a restart applies only new ones.
const client = new pg.Client({ connectionString: dbUrl });
afterAll(() => client.end());

describe('migrations', () => {
  it('records every migration file once, and re-running applies nothing twice', async () => {
    await client.connect();
    const config = { ...loadConfig(), dbUrl };
    const files = readdirSync(config.migrationsDir)
      .filter((f) => f.endsWith('.sql'))
      .sort();
    const versions = async () =>
      (
        await client.query<{ version: string }>(
          'select version from supabase_migrations.schema_migrations order by version',
        )
      ).rows.map((r) => r.version);
    expect(await versions()).toEqual(files.map((f) => f.split('_')[0]));
    const applied: string[] = [];
    await migrate(config, (line) => applied.push(line));
    expect(applied).toEqual([]);
    expect(await versions()).toEqual(files.map((f) => f.split('_')[0]));
  });

  it('has row-level security on every table in the public schema', async () => {
    const { rows } = await client.query<{ relname: string; relrowsecurity: boolean }>(
      `select c.relname, c.relrowsecurity from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'r'`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(5);
    expect(rows.filter((r) => !r.relrowsecurity)).toEqual([]);
  });

  it('seeds the demo account with a complete profile, a key and credits', async () => {
    const { rows } = await client.query(
      `select p.credits::float as credits, k.kyc_status, k.phone_verified,
              (select count(*)::int from public.api_keys a where a.user_id = u.id and not a.revoked) as keys
         from auth.users u join public.profiles p on p.id = u.id join public.user_kyc k on k.user_id = u.id
        where u.email = 'demo@dialwise.dev'`,
    );
    expect(rows).toEqual([{ credits: 25, kyc_status: 'complete', phone_verified: true, keys: 1 }]);
    expect(path.basename(loadConfig().seedFile)).toBe('seed.sql');
  });
});
