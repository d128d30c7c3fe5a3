// The deploy's one env file: supabase/functions/.env.production unless `--env <file>` names another.
// (`--env-file` works as well when the file exists: Node reads that flag for itself wherever it
// stands on the command line, and stops at once when its file is missing.)
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
  // `--env-file` too, for whoever types the usual name: Node reads that file for itself as well
  // (it must exist then), and leaves it in the arguments.
  const at = args.findIndex((arg) => arg === '--env' || arg === '--env-file');
  const given = at >= 0 ? args[at + 1] : undefined;
  const file = path.resolve(root, given ?? DEFAULT_ENV_FILE);
  const found = existsSync(file);
  return { path: file, found, values: found ? parseEnvFile(readFileSync(file, 'utf8')) : {} };
}
