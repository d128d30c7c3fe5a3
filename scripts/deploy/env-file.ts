// The deploy's one env file: supabase/functions/.env.production unless `--env <file>` names another.
// (Not `--env-file`: Node takes that flag for itself wherever it stands on the command line.)
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnvFile } from '../deploy-check/checks';

export const DEFAULT_ENV_FILE = 'supabase/functions/.env.production';

export type DeployEnvFile = {
  path: string;
  /** Whether the file exists; a missing one reads as empty, so every required name is reported. */
  found: boolean;
  values: Record<string, string>;
};

/** The `--env <file>` argument (or the default), read. */
export function readDeployEnvFile(args: string[], root = process.cwd()): DeployEnvFile {
  const at = args.indexOf('--env');
  const given = at >= 0 ? args[at + 1] : undefined;
  const file = path.resolve(root, given ?? DEFAULT_ENV_FILE);
  const found = existsSync(file);
  return { path: file, found, values: found ? parseEnvFile(readFileSync(file, 'utf8')) : {} };
}
