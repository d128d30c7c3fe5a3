/**
 * npm run test:compat — supabase-js's and auth-js's own tests (pinned copies in upstream/, see
 * README.md) against a local stack started here on its own ports (the `compat` block of
 * supabase/local/ports.ts) with supabase-js's test project (its config.toml, migrations and
 * functions). Prints pass / fail / absent-by-design per server-backed test and exits non-zero
 * when a test of a feature the local stack implements fails.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ANON_KEY, loadConfig, projectRoot, SERVICE_ROLE_KEY } from '../../supabase/local/config';
import { stackPortEnv } from '../../supabase/local/ports';
import { packageBinary } from '../../supabase/local/processes';
import { startStack } from '../../supabase/local/stack';
import { classify, type Outcome } from './absent-by-design';

const here = path.dirname(fileURLToPath(import.meta.url));
const upstream = path.join(here, 'upstream');
const workDir = path.join(projectRoot, 'supabase/.local/compat-run');

const SERVER_SUITES = ['supabase-js/test/integration.test.ts'];

type Result = { suite: string; name: string; passed: boolean; serverBacked: boolean };

/** Runs a command to its end without blocking: the stack serves it from this same process. */
function run(
  command: string,
  args: string[],
  env: Record<string, string>,
  cwd = projectRoot,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

async function installDependencies() {
  if (existsSync(path.join(here, 'node_modules/@supabase/supabase-js/package.json'))) return;
  console.log('Installing the pinned packages the tests import (scripts/compat/package.json)…');
  const status = await run('npm', ['ci', '--no-audit', '--no-fund', '--ignore-scripts'], {}, here);
  if (status !== 0) throw new Error('npm ci in scripts/compat failed');
}

type VitestReport = {
  testResults: {
    name: string;
    status: string;
    message?: string;
    assertionResults: { ancestorTitles: string[]; title: string; status: string }[];
  }[];
};

async function runVitest(env: Record<string, string>): Promise<Result[]> {
  const output = path.join(workDir, 'vitest.json');
  const serverLog = path.join(workDir, 'server-requests.ndjson');
  rmSync(serverLog, { force: true });
  await run(
    'npx',
    [
      'vitest',
      'run',
      '--config',
      path.join(here, 'vitest.config.ts'),
      '--reporter=dot',
      '--reporter=json',
      `--outputFile.json=${output}`,
    ],
    { ...env, COMPAT_SERVER_LOG: serverLog },
  );
  const reached = new Set(
    existsSync(serverLog)
      ? readFileSync(serverLog, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => {
            const { file, name } = JSON.parse(line) as { file: string; name: string };
            return `${path.relative(upstream, file)} > ${name}`;
          })
      : [],
  );
  const report = JSON.parse(readFileSync(output, 'utf8')) as VitestReport;
  return report.testResults.flatMap((file) => {
    const suite = path.relative(upstream, file.name);
    // A file whose set-up against the stack failed (beforeAll) reports every test as skipped:
    // they count as failed, and as server-backed.
    const setUpFailed =
      file.status === 'failed' && file.assertionResults.every((test) => test.status === 'skipped');
    // supabase-js's integration suite is server-backed as a whole (Realtime speaks WebSocket,
    // not fetch).
    const wholeSuite = SERVER_SUITES.includes(suite);
    return file.assertionResults
      .filter((test) => test.status !== 'pending' && (test.status !== 'skipped' || setUpFailed))
      .map((test) => {
        const name = [...test.ancestorTitles, test.title].join(' > ');
        return {
          suite,
          name,
          passed: test.status === 'passed',
          serverBacked: setUpFailed || wholeSuite || reached.has(`${suite} > ${name}`),
        };
      });
  });
}

/** Deno's JUnit report: one <testcase> per test and per step, with <failure> when it failed. */
async function runDeno(env: Record<string, string>): Promise<Result[]> {
  const output = path.join(workDir, 'deno-junit.xml');
  const files = [
    'cors-validation',
    'cors-http-methods',
    'cors-errors',
    'edge-functions-integration',
  ].map((name) => path.join(upstream, 'supabase-js/test/deno', `${name}.test.ts`));
  await run(
    packageBinary('@deno/linux-x64-glibc', 'deno'),
    [
      'test',
      '--allow-all',
      '--no-check',
      '--unstable-sloppy-imports',
      '--unstable-detect-cjs',
      `--import-map=${path.join(here, 'deno/import-map.json')}`,
      '--reporter=dot',
      `--junit-path=${output}`,
      ...files,
    ],
    { ...env, DENO_NO_UPDATE_CHECK: '1' },
  );
  const xml = readFileSync(output, 'utf8');
  const results: Result[] = [];
  for (const match of xml.matchAll(
    /<testcase name="([^"]*)"[^>]*classname="([^"]*)"[^>]*?(\/>|>([\s\S]*?)<\/testcase>)/g,
  )) {
    const name = decodeXml(match[1]!);
    const body = match[4] ?? '';
    if (!name.includes(' ... ') && !/ > /.test(name)) {
      // The Deno.test around the steps: its result is the steps'.
      continue;
    }
    results.push({
      suite: path.relative(upstream, decodeXml(match[2]!)),
      name,
      passed: !body.includes('<failure'),
      serverBacked: true,
    });
  }
  return results;
}

const decodeXml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

function printTable(rows: (Result & Outcome)[]) {
  const label = { pass: 'pass', fail: 'FAIL', absent: 'absent by design' } as const;
  let suite = '';
  for (const row of rows) {
    if (row.suite !== suite) {
      suite = row.suite;
      console.log(`\n${suite}`);
    }
    const reason = row.outcome === 'absent' ? `  (${row.feature}: ${row.reason})` : '';
    console.log(`  ${label[row.outcome].padEnd(16)} ${row.name}${reason}`);
  }
}

async function main() {
  await installDependencies();
  mkdirSync(workDir, { recursive: true });
  const stackEnv = {
    ...stackPortEnv('compat'),
    STACK_SUPABASE_DIR: path.relative(projectRoot, path.join(upstream, 'supabase-js/supabase')),
    STACK_FUNCTIONS_IMPORT_MAP: path.join(here, 'deno/import-map.json'),
    STACK_DATA_DIR: 'supabase/.local/compat',
    // supabase-js's own tests sign with the legacy HS256 secret and use the JWT API keys.
    STACK_LEGACY_API_KEYS: '1',
    STACK_FRESH: '1',
    STACK_DISPATCH_INTERVAL_MS: '0',
    // Every test comes from 127.0.0.1; the suites sign up hundreds of users.
    STACK_RATE_LIMIT_SIGN_IN: '100000',
    STACK_RATE_LIMIT_EMAIL_SENT: '100000',
    STACK_RATE_LIMIT_VERIFY: '100000',
    STACK_RATE_LIMIT_TOKEN_REFRESH: '100000',
  };
  Object.assign(process.env, stackEnv);
  const config = loadConfig();
  const started = Date.now();
  const logLines: string[] = [];
  const stack = await startStack(config, (line) => logLines.push(line));
  const testEnv = {
    COMPAT_SUPABASE_URL: config.apiUrl,
    COMPAT_ANON_KEY: ANON_KEY,
    COMPAT_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY,
    SUPABASE_URL: config.apiUrl,
    SUPABASE_PUBLISHABLE_KEY: ANON_KEY,
  };
  const interrupted = () => void stack.stop().then(() => process.exit(130));
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  let results: Result[];
  try {
    console.log(`Local stack on ${config.apiUrl} (supabase-js's test project)`);
    results = [...(await runVitest(testEnv)), ...(await runDeno(testEnv))];
  } finally {
    await stack.stop();
  }
  writeFileSync(path.join(workDir, 'stack.log'), logLines.join('\n'));

  const serverBacked = results.filter((r) => r.serverBacked).map((r) => ({ ...r, ...classify(r) }));
  const unit = results.filter((r) => !r.serverBacked);
  printTable(serverBacked);
  const count = (outcome: Outcome['outcome']) =>
    serverBacked.filter((r) => r.outcome === outcome).length;
  const unitFailed = unit.filter((r) => !r.passed);
  console.log(
    `\nServer-backed tests: ${serverBacked.length} — ${count('pass')} pass, ${count('fail')} fail, ${count('absent')} absent by design`,
  );
  console.log(
    `Tests that never reached the stack (the packages' unit tests, fetch mocked): ${unit.length - unitFailed.length} pass, ${unitFailed.length} fail under Vitest (not the stack's doing)`,
  );
  for (const test of unitFailed) {
    const absent = classify(test);
    const why = absent.outcome === 'absent' ? ` (${absent.feature}: ${absent.reason})` : '';
    console.log(`  ${test.suite} > ${test.name}${why}`);
  }
  console.log(`Took ${Math.round((Date.now() - started) / 1000)} s; logs in ${workDir}`);
  process.exitCode = count('fail') > 0 ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
