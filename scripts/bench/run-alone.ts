import { pathToFileURL } from 'node:url';

/** Runs a benchmark's `main` when its file is the command run (`npx tsx scripts/bench/<file>.ts`). */
export function runWhenCalledDirectly(moduleUrl: string, main: () => Promise<void>) {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  main().catch((error: unknown) => {
    console.error(`Benchmark failed: ${(error as Error).stack ?? String(error)}`);
    process.exit(1);
  });
}
