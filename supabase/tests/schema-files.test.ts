import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitStatements } from '@dialwise/local-stack/schema-tools';
import {
  compareCatalogs,
  describeDifferences,
  readCatalog,
  type Catalog,
} from '../../scripts/db-schema/catalog';
import {
  buildFromMigrations,
  buildFromSchemaFiles,
  dropDatabase,
  schemaFiles,
  schemasDir,
} from '../../scripts/db-schema/databases';
import { adminDbUrl } from './support/stack';

// The schema files (supabase/schemas) are where SQL is written; the migrations are generated from
// them. Two new databases on the integration stack's server, one built by the migrations and one
// by the schema files, must hold the same objects defined the same way: every column and default,
// constraint, index, function definition, trigger, policy, grant, owner, comment, and the rows of
// reference tables. A migration missing from a schema change, or a schema file edited without a
// generated migration, fails here.

const suffix = `${process.pid}_${Date.now()}`;
const databases = {
  migrations: `schema_check_migrations_${suffix}`,
  schemaFiles: `schema_check_files_${suffix}`,
  changed: `schema_check_changed_${suffix}`,
};
let fromMigrations: Catalog;
let fromSchemaFiles: Catalog;
let changedDir: string | null = null;

beforeAll(async () => {
  fromMigrations = await readCatalog(await buildFromMigrations(adminDbUrl, databases.migrations));
  fromSchemaFiles = await readCatalog(
    await buildFromSchemaFiles(adminDbUrl, databases.schemaFiles),
  );
}, 180_000);

afterAll(async () => {
  for (const database of Object.values(databases)) await dropDatabase(adminDbUrl, database);
  if (changedDir) await rm(changedDir, { recursive: true, force: true });
});

describe('the schema files and the migrations', () => {
  it('build the same database, object for object', () => {
    const differences = compareCatalogs(fromMigrations, fromSchemaFiles);
    expect(
      differences,
      `Run npm run db:diff -- <name> (supabase/schemas/README.md):\n${describeDifferences(differences, ['migrations', 'schema files'])}`,
    ).toEqual([]);
    // What the comparison covers, so an empty difference is not an empty catalog.
    const kinds = new Set([...fromSchemaFiles.keys()].map((key) => key.split(' ')[0]));
    for (const kind of [
      'relation',
      'column',
      'constraint',
      'index',
      'function',
      'trigger',
      'policy',
      'rows',
    ])
      expect(kinds).toContain(kind);
    expect(fromSchemaFiles.get('function public.api_key_account(p_api_key text)')).toMatch(
      /service_role=X\/postgres/,
    );
  });

  it('tell apart a function body, a policy, a grant, a default and a constraint that differ', async () => {
    changedDir = await mkdtemp(path.join(tmpdir(), 'dialwise-schemas-'));
    await cp(schemasDir, changedDir, { recursive: true });
    const file = path.join(changedDir, '02-accounts-and-keys.sql');
    const edits: [string, string][] = [
      // A refusal code changed in a function body (the account gate's).
      ["'phone_verification_required'", "'phone_not_verified'"],
      // A policy widened: any signed-in user reads every key.
      [
        'create policy "Users can read their own API keys"\n  on public.api_keys for select\n  to authenticated\n  using (user_id = (select auth.uid()));',
        'create policy "Users can read their own API keys"\n  on public.api_keys for select\n  to authenticated\n  using (true);',
      ],
      // A grant given to the browser's role.
      [
        'grant execute on function public.api_key_account(text) to service_role;',
        'grant execute on function public.api_key_account(text) to service_role, authenticated;',
      ],
      // A default changed.
      ["voice text not null default 'Aria'", "voice text not null default 'Roger'"],
      // A check constraint loosened.
      ["check (key_hash ~ '^[0-9a-f]{64}$')", "check (key_hash ~ '^[0-9a-f]')"],
    ];
    let sql = await readFile(file, 'utf8');
    for (const [from, to] of edits) {
      expect(sql).toContain(from);
      sql = sql.replace(from, to);
    }
    await writeFile(file, sql);
    const changed = await readCatalog(
      await buildFromSchemaFiles(adminDbUrl, databases.changed, changedDir),
    );
    expect(compareCatalogs(fromMigrations, changed).map((difference) => difference.key)).toEqual([
      'column public.agent_settings.voice',
      'constraint public.api_keys.api_keys_hash_format',
      'function private.account_call_refusal(p_user_id uuid)',
      'function public.api_key_account(p_api_key text)',
      'policy public.api_keys.Users can read their own API keys',
    ]);
  }, 120_000);

  it('define every SQL function once', async () => {
    const definitions = new Map<string, string[]>();
    for (const file of schemaFiles()) {
      const sql = await readFile(path.join(schemasDir, file), 'utf8');
      for (const { text } of splitStatements(sql)) {
        const name = /^create (?:or replace )?function\s+([\w.]+)/i.exec(text)?.[1];
        if (name) definitions.set(name, [...(definitions.get(name) ?? []), file]);
      }
    }
    expect(definitions.size).toBeGreaterThan(60);
    expect([...definitions].filter(([, files]) => files.length > 1)).toEqual([]);
  });
});
