import path from 'node:path';
import type { StackConfig } from './config';
import { packageBinary, startProcess, waitForHttp, type ManagedProcess } from './processes';

const mainScript = path.join(
  path.dirname(new URL(import.meta.url).pathname),
  'deno',
  'functions-main.ts',
);

/** Deno (npm @deno/linux-x64-glibc) serving supabase/functions/<name>/index.ts. */
export async function startFunctions(
  config: StackConfig,
  dbUrl: string,
  secrets: Record<string, string>,
  log: (line: string) => void,
  options: { watch?: boolean } = {},
): Promise<ManagedProcess> {
  const deno = packageBinary('@deno/linux-x64-glibc', 'deno');
  const args = [
    'run',
    '--allow-net',
    '--allow-env',
    `--allow-read`,
    '--no-prompt',
    ...(options.watch ? [`--watch=${config.functionsDir}`] : []),
    mainScript,
  ];
  const proc = startProcess(
    'functions',
    deno,
    args,
    {
      ...secrets,
      STACK_FUNCTIONS_DIR: config.functionsDir,
      STACK_FUNCTIONS_PORT: String(config.functionsPort),
      SUPABASE_URL: config.apiUrl,
      SUPABASE_ANON_KEY: config.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: config.serviceRoleKey,
      SUPABASE_DB_URL: dbUrl,
      DENO_NO_UPDATE_CHECK: '1',
    },
    log,
  );
  await waitForHttp(
    `http://127.0.0.1:${config.functionsPort}/`,
    proc.child,
    'Edge functions (Deno)',
  );
  return proc;
}
