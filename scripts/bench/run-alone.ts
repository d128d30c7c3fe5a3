import { pathToFileURL } from 'node:url';
import { stackPortEnv, startStack, type StackConfig } from '@dialwise/local-stack';
import { dialwiseStack } from '../stack/dialwise';

/** Runs a benchmark's `main` when its file is the command run (`npx tsx scripts/bench/<file>.ts`). */
export function runWhenCalledDirectly(moduleUrl: string, main: () => Promise<void>) {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  main().catch((error: unknown) => {
    console.error(`Benchmark failed: ${(error as Error).stack ?? String(error)}`);
    process.exit(1);
  });
}

/**
 * Runs `bench` when its file is the command run, on a stack of its own: the benchmark's ports
 * (moved by DIALWISE_PORT_OFFSET), a new cluster in `dataDir`, calling windows judged as if it were
 * noon in Los Angeles, plus the stack settings in `env`; the stack is stopped whatever happens.
 */
export function runAloneOnStack(
  moduleUrl: string,
  dataDir: string,
  bench: (config: StackConfig) => Promise<void>,
  env: Record<string, string> = {},
) {
  runWhenCalledDirectly(moduleUrl, async () => {
    Object.assign(process.env, {
      ...stackPortEnv('bench'),
      STACK_DATA_DIR: dataDir,
      STACK_FRESH: '1',
      STACK_CALLING_CLOCK: '12:00 America/Los_Angeles',
      ...env,
    });
    const stack = await startStack({ ...dialwiseStack(), log: () => {} });
    try {
      await bench(stack.config);
    } finally {
      await stack.stop();
    }
  });
}
