// `npm test`: the unit, integration and end-to-end suites in turn, each with its own summary, then
// one closing line with the totals. Exits non-zero if any suite failed or ran no test.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const out = path.resolve('test-results/summary');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const suites = [
  {
    name: 'unit',
    command: [
      'npx',
      'vitest',
      'run',
      '--project',
      'unit',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}/unit.json`,
    ],
    read: (file) => vitestCounts(file),
    file: `${out}/unit.json`,
  },
  {
    name: 'integration',
    command: [
      'npx',
      'vitest',
      'run',
      '--project',
      'integration',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}/integration.json`,
    ],
    read: (file) => vitestCounts(file),
    file: `${out}/integration.json`,
  },
  {
    name: 'e2e',
    command: ['npx', 'playwright', 'test', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${out}/e2e.json` },
    read: (file) => playwrightCounts(file),
    file: `${out}/e2e.json`,
  },
];

function vitestCounts(file) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
  };
}

function playwrightCounts(file) {
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: stats.expected, failed: stats.unexpected + stats.flaky, skipped: stats.skipped };
}

const only = process.argv.slice(2);
const totals = { passed: 0, failed: 0, skipped: 0 };
let ok = true;
const lines = [];
for (const suite of suites.filter((s) => only.length === 0 || only.includes(s.name))) {
  const result = spawnSync(suite.command[0], suite.command.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, ...suite.env },
  });
  let counts = { passed: 0, failed: 0, skipped: 0 };
  try {
    counts = suite.read(suite.file);
  } catch {
    counts.failed = 1; // No report: the suite did not run.
  }
  if (result.status !== 0 || counts.failed > 0 || counts.passed === 0) ok = false;
  for (const key of Object.keys(totals)) totals[key] += counts[key];
  lines.push(
    `${suite.name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped (exit ${result.status})`,
  );
}
console.log(`\n${lines.join('\n')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok ? 0 : 1);
