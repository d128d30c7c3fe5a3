// `npm run gen:types`: writes the call API's types from its OpenAPI description, and the table
// types from a database's catalog (the local stack's by default: run `npm run dev` first, or set
// DATABASE_URL).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { stackPorts } from '@dialwise/local-stack';
import { API_TYPES_FILE, renderApiTypes, SDK_TYPES_FILE } from './api-types';
import { DATABASE_TYPES_FILE, renderDatabaseTypes } from './database-types';

const projectRoot = path.resolve(import.meta.dirname, '../..');

const dbUrl =
  process.env.DATABASE_URL ??
  `postgresql://postgres:postgres@127.0.0.1:${stackPorts('dev').db}/postgres`;

for (const file of [API_TYPES_FILE, SDK_TYPES_FILE]) {
  writeFileSync(path.join(projectRoot, file), await renderApiTypes(projectRoot, file));
  console.log(`wrote ${file}`);
}

const client = new pg.Client({ connectionString: dbUrl });
await client.connect();
try {
  writeFileSync(
    path.join(projectRoot, DATABASE_TYPES_FILE),
    await renderDatabaseTypes(client, projectRoot),
  );
  console.log(`wrote ${DATABASE_TYPES_FILE}`);
} finally {
  await client.end();
}
