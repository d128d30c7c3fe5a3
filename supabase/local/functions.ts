import { existsSync } from 'node:fs';
import path from 'node:path';
import type { StackConfig } from './config';
import { DENO_ENV, DENO_NPM_FLAGS } from './runtime-version';
import { denoBuild, startProcess, waitForHttp, type ManagedProcess } from './processes';

const mainScript = path.join(
  path.dirname(new URL(import.meta.url).pathname),
  'deno',
  'functions-main.ts',
);

/**
 * Deno (its npm build for the platform, platform.ts) serving supabase/functions/<name>/index.ts, supervised like the
 * hosted edge runtime: if the process dies (a crash, SIGKILL) it is started again within a second
 * and the stack logs it. All call state is in SQL and the provider retries its messages, so
 * nothing is lost meanwhile.
 */
export async function startFunctions(
  config: StackConfig,
  dbUrl: string,
  jwks: { keys: object[] },
  secrets: Record<string, string>,
  log: (line: string) => void,
  options: { watch?: boolean } = {},
): Promise<ManagedProcess> {
  const deno = denoBuild();
  // An import map for every function: STACK_FUNCTIONS_IMPORT_MAP, else the CLI's fallback
  // supabase/functions/import_map.json when the project has one.
  const importMap = process.env.STACK_FUNCTIONS_IMPORT_MAP
    ? path.resolve(process.env.STACK_FUNCTIONS_IMPORT_MAP)
    : path.join(config.functionsDir, 'import_map.json');
  const args = [
    'run',
    '--allow-net',
    '--allow-env',
    `--allow-read`,
    '--no-prompt',
    ...DENO_NPM_FLAGS,
    ...(options.watch ? [`--watch=${config.functionsDir}`] : []),
    ...(existsSync(importMap) ? [`--import-map=${importMap}`] : []),
    mainScript,
  ];
  // Hosted's wall clock per worker (free plan 150 s), which the functions read too, to bound what
  // they hold open (waits, streams) within a worker's life.
  const wallClock =
    secrets.STACK_FUNCTION_WALL_CLOCK_SECONDS ??
    process.env.STACK_FUNCTION_WALL_CLOCK_SECONDS ??
    '150';
  const env = {
    ...secrets,
    STACK_FUNCTION_WALL_CLOCK_SECONDS: wallClock,
    WORKER_WALL_CLOCK_SECONDS: wallClock,
    STACK_FUNCTIONS_DIR: config.functionsDir,
    STACK_FUNCTIONS_PORT: String(config.functionsPort),
    ...supabaseFunctionEnv(config, jwks),
    SUPABASE_DB_URL: dbUrl,
    ...DENO_ENV,
  };
  const proc = supervise(() => startProcess('functions', deno, args, env, log), log);
  await waitForHttp(
    `http://127.0.0.1:${config.functionsPort}/`,
    proc.child,
    'Edge functions (Deno)',
  );
  return proc;
}

/**
 * The Supabase variables hosted gives every function: the URL, the API keys as JSON dictionaries
 * by name, and the JWKS. The legacy JWT keys only while they are enabled, so nothing leans on them.
 */
export function supabaseFunctionEnv(
  config: Pick<
    StackConfig,
    'apiUrl' | 'publishableKey' | 'secretKey' | 'legacyKeysEnabled' | 'anonKey' | 'serviceRoleKey'
  >,
  jwks: { keys: object[] },
): Record<string, string> {
  return {
    SUPABASE_URL: config.apiUrl,
    SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: config.publishableKey }),
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: config.secretKey }),
    SUPABASE_JWKS: JSON.stringify(jwks),
    ...(config.legacyKeysEnabled
      ? { SUPABASE_ANON_KEY: config.anonKey, SUPABASE_SERVICE_ROLE_KEY: config.serviceRoleKey }
      : {}),
  };
}

/** Restarts a process that exits on its own; stop() ends it for good. */
export function supervise(
  start: () => ManagedProcess,
  log: (line: string) => void,
  restartDelayMs = 500,
): ManagedProcess {
  let current = start();
  let stopping = false;
  const watch = (proc: ManagedProcess) => {
    proc.child.once('exit', (code, signal) => {
      if (stopping) return;
      log(
        `[functions] the edge runtime exited (${signal ?? `code ${code}`}); restarting it in ${restartDelayMs} ms`,
      );
      setTimeout(() => {
        if (stopping) return;
        current = start();
        watch(current);
        log(`[functions] edge runtime restarted (pid ${current.child.pid})`);
      }, restartDelayMs);
    });
  };
  watch(current);
  return {
    get child() {
      return current.child;
    },
    stop: () => {
      stopping = true;
      return current.stop();
    },
  };
}
