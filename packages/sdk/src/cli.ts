#!/usr/bin/env node
// `dialwise test-run --agent agt_… --suite suite_… [--version N]`: runs an agent's test suite, as
// a CI step. Prints each scenario's verdict; exits 0 when every scenario passed, 1 when one
// failed, 2 when the run could not be made (a wrong argument, key or id). The API key is
// DIALWISE_API_KEY, the API DIALWISE_BASE_URL (https://<project>.supabase.co/functions/v1).
import { Dialwise } from './client.js';
import { DialwiseError } from './errors.js';

const USAGE =
  'usage: dialwise test-run --agent agt_… --suite suite_… [--version N]\n' +
  'env: DIALWISE_API_KEY (a key of the account), DIALWISE_BASE_URL (https://<project>.supabase.co/functions/v1)';

type Output = { log: (line: string) => void; error: (line: string) => void };

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? undefined : args[at + 1];
}

/** Runs the command; answers its exit code. */
export async function main(
  args: string[],
  env: Record<string, string | undefined>,
  out: Output = console,
  fetcher?: typeof fetch,
): Promise<number> {
  const agent = option(args, 'agent');
  const suite = option(args, 'suite');
  const version = option(args, 'version');
  if (
    args[0] !== 'test-run' ||
    !agent ||
    !suite ||
    (version !== undefined && !/^\d+$/.test(version))
  ) {
    out.error(USAGE);
    return 2;
  }
  if (!env.DIALWISE_API_KEY || !env.DIALWISE_BASE_URL) {
    out.error(`DIALWISE_API_KEY and DIALWISE_BASE_URL must be set.\n${USAGE}`);
    return 2;
  }
  const client = new Dialwise({
    apiKey: env.DIALWISE_API_KEY,
    baseUrl: env.DIALWISE_BASE_URL,
    ...(fetcher ? { fetch: fetcher } : {}),
  });
  try {
    const run = await client.agents.runTestSuite(agent, {
      suite_id: suite,
      ...(version ? { agent_version: Number(version) } : {}),
    });
    for (const result of run.results) {
      out.log(`${result.passed ? 'PASS' : 'FAIL'}  ${result.name}`);
      for (const failure of result.failures) out.log(`      ${failure}`);
    }
    const passed = run.results.filter((result) => result.passed).length;
    out.log(
      `${run.status === 'passed' ? 'passed' : 'failed'}: ${passed} of ${run.results.length} scenarios, agent ${run.agent_id} version ${run.agent_version}, run ${run.id}`,
    );
    return run.status === 'passed' ? 0 : 1;
  } catch (error) {
    out.error(
      error instanceof DialwiseError
        ? `The run could not be made: ${error.message} (${error.code ?? error.status})`
        : `The run could not be made: ${(error as Error).message}`,
    );
    return 2;
  }
}

// Run as a program (not imported by a test). The SDK names no Node types: the process is read as
// the runtime gives it.
const runtime = (
  globalThis as {
    process?: { argv: string[]; env: Record<string, string | undefined>; exitCode?: number };
  }
).process;
if (runtime && /cli\.(js|ts)$/.test(runtime.argv[1] ?? ''))
  void main(runtime.argv.slice(2), runtime.env).then((code) => {
    runtime.exitCode = code;
  });
