// `npm test`: the unit, integration and end-to-end suites in turn, each with its own summary, then
// a line per suite naming the tests that failed, and one closing line with the totals. Exits non-zero if any suite failed in any way (a test, a hook,
// an import, a crash, a non-zero exit) or ran no test.
//
// `node scripts/run-tests.mjs [suite …]` runs only the named suites. The fixture suites
// (scripts/fixtures/failing-suites) fail on purpose and run only when named: they prove that a red
// run is red (scripts/run-tests.test.ts).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const out = path.resolve(process.env.TEST_SUMMARY_DIR ?? 'test-results/summary');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const vitest = (name, args) => ({
  name,
  command: [
    'npx',
    'vitest',
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}/${name}.json`,
  ],
  read: vitestCounts,
  file: `${out}/${name}.json`,
});

const playwright = (name, args) => ({
  name,
  command: ['npx', 'playwright', 'test', ...args, '--reporter=list,json'],
  env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${out}/${name}.json` },
  read: playwrightCounts,
  file: `${out}/${name}.json`,
});

const fixtureDir = 'scripts/fixtures/failing-suites';
const suites = [
  { ...vitest('unit', ['--project', 'unit', '--project', 'unit-node']), standard: true },
  { ...vitest('integration', ['--project', 'integration']), standard: true },
  { ...playwright('e2e', []), standard: true },
  vitest('fixture-vitest', ['--config', `${fixtureDir}/vitest.config.ts`]),
  playwright('fixture-playwright', [
    '--config',
    `${fixtureDir}/playwright.config.ts`,
    'red.playwright',
  ]),
  playwright('fixture-playwright-load', [
    '--config',
    `${fixtureDir}/playwright.config.ts`,
    'does-not-load',
  ]),
];

/**
 * Vitest's JSON report. A file that fails outside a test (a hook, an import, a crash) marks its
 * tests skipped, not failed, so each failed file with no failed test counts as one failure, and a
 * run Vitest itself calls unsuccessful counts at least one.
 */
function vitestCounts(report) {
  const filesFailedOutsideTests = (report.testResults ?? []).filter(
    (file) =>
      file.status === 'failed' &&
      !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
  ).length;
  let failed = report.numFailedTests + filesFailedOutsideTests;
  if (report.success === false && failed === 0) failed = 1;
  const names = (report.testResults ?? []).flatMap((file) => {
    const where = path.relative(process.cwd(), file.name ?? '');
    const tests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    if (file.status === 'failed' && tests.length === 0) return [`${where} (outside any test)`];
    return tests.map((test) => `${where} › ${test.fullName ?? test.title}`);
  });
  return {
    passed: report.numPassedTests,
    failed,
    skipped: report.numPendingTests + report.numTodoTests,
    names,
  };
}

/** Playwright's JSON report: unexpected and flaky tests, and errors outside tests (a file that
 * does not load, a web server that does not start), all count as failures. */
function playwrightCounts(report) {
  const { stats, errors = [] } = report;
  const names = [];
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected' || test.status === 'flaky') {
          names.push(
            `${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')} (${test.status})`,
          );
        }
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) visit(suite, []);
  for (const error of errors) names.push(`error outside tests: ${firstLine(error.message)}`);
  return {
    passed: stats.expected,
    failed: stats.unexpected + stats.flaky + errors.length,
    skipped: stats.skipped,
    names,
  };
}

const firstLine = (text = '') => text.split('\n').find((line) => line.trim() !== '') ?? '';

const only = process.argv.slice(2);
const unknown = only.filter((name) => !suites.some((s) => s.name === name));
if (unknown.length > 0) {
  console.error(
    `Unknown suite: ${unknown.join(', ')}. Known: ${suites.map((s) => s.name).join(', ')}`,
  );
  process.exit(2);
}
const selected = suites.filter((s) => (only.length === 0 ? s.standard : only.includes(s.name)));

const totals = { passed: 0, failed: 0, skipped: 0 };
let ok = true;
const lines = [];
for (const suite of selected) {
  const started = Date.now();
  const result = spawnSync(suite.command[0], suite.command.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, ...suite.env },
  });
  const seconds = Math.round((Date.now() - started) / 1000);
  let counts = { passed: 0, failed: 0, skipped: 0, names: [] };
  try {
    counts = suite.read(JSON.parse(readFileSync(suite.file, 'utf8')));
  } catch {
    counts.failed = 1; // No report: the suite did not run.
  }
  // A non-zero exit is a failure even when the report counted none (a crash after the report).
  if (result.status !== 0 && counts.failed === 0) counts.failed = 1;
  if (counts.failed > 0 || counts.passed === 0) ok = false;
  for (const key of Object.keys(totals)) totals[key] += counts[key];
  lines.push(
    `${suite.name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped (exit ${result.status ?? result.signal}, ${seconds} s)`,
  );
  // The closing lines are often all a CI log keeps, so they name what failed.
  for (const name of counts.names.slice(0, 20)) lines.push(`  ✗ ${name}`);
  if (counts.names.length > 20) lines.push(`  … and ${counts.names.length - 20} more`);
}
console.log(`\n${lines.join('\n')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok ? 0 : 1);
