import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { StackConfig } from './config';

/**
 * The running stack's URLs and keys under the names `supabase status -o env|json` uses, so scripts
 * and other tools find them without parsing the banner. The legacy JWT keys and secret appear only
 * while they are enabled (STACK_LEGACY_API_KEYS=1), as the CLI lists them only on such projects.
 */
export function statusValues(config: StackConfig): Record<string, string> {
  return {
    API_URL: config.apiUrl,
    REST_URL: `${config.apiUrl}/rest/v1`,
    FUNCTIONS_URL: `${config.apiUrl}/functions/v1`,
    DB_URL: config.dbUrl,
    MAILPIT_URL: config.mailboxUrl,
    PUBLISHABLE_KEY: config.publishableKey,
    SECRET_KEY: config.secretKey,
    ...(config.legacyKeysEnabled
      ? {
          JWT_SECRET: config.jwtSecret,
          ANON_KEY: config.anonKey,
          SERVICE_ROLE_KEY: config.serviceRoleKey,
        }
      : {}),
  };
}

const statusFile = (config: Pick<StackConfig, 'dataDir'>) =>
  path.join(config.dataDir, 'status.json');

/** Written once the stack is ready: what `npm run status` reports, as that stack runs. */
export function writeStatusFile(config: StackConfig) {
  writeFileSync(statusFile(config), JSON.stringify(statusValues(config), null, 2) + '\n', {
    mode: 0o600,
  });
}

export function removeStatusFile(config: Pick<StackConfig, 'dataDir'>) {
  rmSync(statusFile(config), { force: true });
}

/** The values of the stack running from this data directory, or null when it wrote none. */
export function readStatusFile(
  config: Pick<StackConfig, 'dataDir'>,
): Record<string, string> | null {
  const file = statusFile(config);
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
}

/** `-o json` (an object), `-o env` (NAME="value" lines, as the CLI quotes them). */
export function formatStatus(values: Record<string, string>, output: 'json' | 'env'): string {
  if (output === 'json') return JSON.stringify(values, null, 2);
  return Object.entries(values)
    .map(([name, value]) => `${name}=${JSON.stringify(value)}`)
    .join('\n');
}
