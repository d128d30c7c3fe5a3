import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as samples from '../../src/features/docs/content/code-samples';
import { API_BASE_URL } from '../../src/config/api';
import { createCallingAccount, testKeyOf } from './support/call-api';
import { deleteCreatedUsers } from './support/clients';
import { apiUrl } from './support/stack';

// Every curl example /docs prints, run by bash exactly as a developer pastes it (shell quoting
// included), with only the API's address turned to this stack's and $DIALWISE_API_KEY set to a
// test key: each must run to its end and get an answer the API did not refuse as malformed.
const run = promisify(execFile);

type Sample = { language: string; code: string };
const curlExamples = Object.entries(samples).flatMap(([name, value]) =>
  Array.isArray(value)
    ? (value as Sample[])
        .filter((sample) => sample.language === 'curl')
        .map((sample, index) => ({ name: `${name}[${index}]`, code: sample.code }))
    : [],
);

let testKey: string;
beforeAll(async () => {
  const account = await createCallingAccount({ label: 'docs-curl' });
  testKey = await testKeyOf(account);
});
afterAll(deleteCreatedUsers);

describe('the curl examples of /docs, pasted into bash', () => {
  it('are found', () => {
    expect(curlExamples.length).toBeGreaterThanOrEqual(8);
  });

  it.each(curlExamples)(
    '$name runs as written',
    async ({ code }) => {
      const onThisStack = code.replaceAll(API_BASE_URL, `${apiUrl}/functions/v1`);
      // An example that reaches no URL of ours would not be run against the API at all.
      expect(onThisStack).toContain(`${apiUrl}/functions/v1`);
      const { stdout, stderr } = await run('bash', ['-euo', 'pipefail', '-c', onThisStack], {
        env: { ...process.env, DIALWISE_API_KEY: testKey },
        timeout: 90_000,
      });
      expect(stderr).not.toMatch(/unexpected|syntax error|unmatched|curl: \(\d+\)/i);
      expect(stdout.length).toBeGreaterThan(0);
      // The API understood every request: no body it could not read, no field it refused.
      expect(stdout).not.toMatch(/"code"\s*:\s*"(invalid_json|invalid_request|unauthorized)"/);
    },
    120_000,
  );
});
