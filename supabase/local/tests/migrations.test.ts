import { readdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { migrate } from '../database';
import { dbUrl, INTEGRATION_STACK_ENV } from './support';

// Migrations are recorded like the Supabase CLI records them, and a restart applies only new ones.
Object.assign(process.env, INTEGRATION_STACK_ENV);
const client = new pg.Client({ connectionString: dbUrl });
beforeAll(() => client.connect());
afterAll(() => client.end());

describe('migrations', () => {
  it('records every migration file once, and re-running applies nothing twice', async () => {
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

  it("seeds from the project's seed.sql", () => {
    expect(path.basename(loadConfig().seedFile)).toBe('seed.sql');
  });
});
