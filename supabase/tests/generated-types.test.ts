import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_TYPES_FILE, renderDatabaseTypes } from '../../scripts/gen-types/database-types';
import { dbUrl } from './support/stack';

const projectRoot = path.resolve(import.meta.dirname, '../..');

// The app's table types come from the database the migrations make: a migration that changes a
// table the browser reads fails here until `npm run gen:types` is run again.
const client = new pg.Client({ connectionString: dbUrl });
beforeAll(() => client.connect());
afterAll(() => client.end());

describe('src/lib/database.types.ts', () => {
  it('is what the migrated database’s catalog generates (run npm run gen:types)', async () => {
    const written = readFileSync(path.join(projectRoot, DATABASE_TYPES_FILE), 'utf8');
    expect(written).toBe(await renderDatabaseTypes(client, projectRoot));
  });
});
