import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { localCa } from '@dialwise/local-stack';
import { runSmoke, SmokeFailure, type SmokeTarget } from '../../scripts/deploy/smoke';
import { vaultSecretsSql } from '../../scripts/deploy/vault-sql';
import { SUPABASE_ROOT_CA_2021 } from '../functions/_shared/db/supabase-root-ca.ts';
import { apiUrl, dbUrl, publishableKey, secretKey, TEST_PORTS } from './support/stack';

// The deploy's smoke test and its Vault step, run against the integration stack as they run
// against a hosted project: the pooler over TLS verified against the local CA (hosted: Supabase's
// root), the schedule's Vault secrets, the session's signing key, a dispatch run, a test call.
const target: SmokeTarget = {
  projectUrl: apiUrl,
  publishableKey,
  secretKey,
  poolerUrl: `postgresql://postgres:postgres@127.0.0.1:${TEST_PORTS.pooler}/postgres?sslmode=verify-full`,
  caBundle: localCa(),
  // An idle project's dispatch runs on the 30-second heartbeat (a call with no webhook endpoint
  // queues no delivery, so wakes nothing sooner), ticked every 5 seconds.
  dispatchWithinMs: 45_000,
};
const folder = mkdtempSync(path.join(tmpdir(), 'deploy-smoke-'));

afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function vaultSecrets() {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; value: string }>(
      `select name, decrypted_secret as value from vault.decrypted_secrets
        where name in ('project_url', 'service_role_key') order by name`,
    );
    return Object.fromEntries(rows.map((row) => [row.name, row.value]));
  } finally {
    await client.end();
  }
}

describe("the deploy's smoke test", () => {
  it('passes every check against a project where everything is right', async () => {
    const lines: string[] = [];
    await runSmoke(target, (line) => lines.push(line));
    expect(lines.map((line) => line.split(':')[0]!.trim())).toEqual(Array(6).fill('ok'));
    expect(lines.join('\n')).toMatch(/a test-mode call was placed and ended \(task_/);
  }, 90_000);

  it('fails at the pooler when its certificate is not signed by the bundle it trusts', async () => {
    const failure = await runSmoke({ ...target, caBundle: SUPABASE_ROOT_CA_2021 }, () => {}).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(SmokeFailure);
    expect((failure as SmokeFailure).check).toBe('pooler');
  });

  it('fails at Vault when the schedule would call another project', async () => {
    const failure = await runSmoke(
      { ...target, projectUrl: `${apiUrl.replace('127.0.0.1', 'localhost')}` },
      () => {},
    ).catch((error: unknown) => error);
    expect((failure as SmokeFailure).check).toBe('vault');
  });
});

describe("the deploy's Vault step", () => {
  it('writes both secrets through the pinned Supabase CLI, then reads them back unchanged', async () => {
    const before = await vaultSecrets();
    expect(before.project_url).toBe(apiUrl);
    // The same values the stack holds, so the stack's schedule is left exactly as it was.
    const file = path.join(folder, 'vault.sql');
    writeFileSync(file, vaultSecretsSql({ project_url: apiUrl, service_role_key: secretKey }), {
      mode: 0o600,
    });
    const run = spawnSync(
      'node_modules/.bin/supabase',
      ['db', 'query', `--remote=${dbUrl}`, '--yes', '--file', file],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(await vaultSecrets()).toEqual({ project_url: apiUrl, service_role_key: secretKey });
  });
});
