import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnvFile, readRepository } from '../deploy-check/checks';
import { REQUIRED_SECRETS } from '../../supabase/functions/_shared/platform/required-secrets.ts';
import { deployPlan, describeStep, type CliStep } from './plan';

const root = process.cwd();
const complete = parseEnvFile(readFileSync('scripts/deploy/fixtures/complete.env', 'utf8'));
const repository = readRepository(root, null);
const plan = (env: Record<string, string>) => deployPlan({ ...repository, env, pushEnv: {} });
const cliSteps = (env = complete) =>
  plan(env).steps.filter((step): step is CliStep => step.kind === 'cli');

function deploy(...args: string[]) {
  const run = spawnSync('node', ['--import', 'tsx', 'scripts/deploy/run.ts', ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('npm run deploy', () => {
  it('with an empty env file stops before running anything, naming every missing setting', () => {
    const run = deploy('--env', '/dev/null', '--dry-run');
    expect(run.status).toBe(1);
    for (const name of [
      'SUPABASE_PROJECT_REF',
      'SUPABASE_ACCESS_TOKEN',
      'SUPABASE_SECRET_KEY',
      'SMTP_HOST',
      'SITE_URL',
      'VAPI_API_KEY',
      'DB_POOLER_URL',
    ])
      expect(run.output).toContain(`${name} is required and not set`);
    expect(run.output).toContain('stopped before anything ran');
    expect(run.output).not.toContain('$ supabase');
  });

  it('with a complete one prints the whole sequence, in order, without a secret value', () => {
    // Named with --env-file as well as --env.
    expect(deploy('--env-file', 'scripts/deploy/fixtures/complete.env', '--dry-run').status).toBe(
      0,
    );
    const run = deploy('--env', 'scripts/deploy/fixtures/complete.env', '--dry-run');
    expect(run.status).toBe(0);
    const commands = run.output.split('\n').filter((line) => line.trim().startsWith('$ supabase'));
    expect(commands.map((line) => line.trim().split(' ').slice(1, 4).join(' '))).toEqual([
      'supabase link --project-ref',
      'supabase db push',
      'supabase db query',
      'supabase secrets set',
      'supabase config push',
      'supabase functions deploy',
    ]);
    expect(run.output).toContain('$ supabase db push --remote --yes --skip-vault');
    expect(run.output).toContain('Smoke test the deployed project');
    for (const value of Object.values(complete).filter((value) => value.length > 12))
      if (!value.startsWith('https://') && value !== complete.SUPABASE_PROJECT_REF)
        expect(run.output).not.toContain(value);
  });

  it('targets the linked project and confirms every hosted change (CLI 3.x is local by default)', () => {
    const [link, push, vault, secrets, config, functions] = cliSteps();
    expect(link!.args).toEqual(['link', '--project-ref', complete.SUPABASE_PROJECT_REF]);
    expect(push!.args).toEqual(['db', 'push', '--remote', '--yes', '--skip-vault']);
    expect(vault!.args).toEqual(['db', 'query', '--remote', '--yes']);
    for (const step of [secrets, config, functions]) expect(step!.args).toContain('--yes');
    expect(functions!.args).toEqual(
      expect.arrayContaining(['--use-api', ...repository.functionNames]),
    );
  });

  it("writes Vault's secrets from the env file, and sets only the functions' own secrets", () => {
    const [, , vault, secrets] = cliSteps();
    expect(vault!.file!.contents).toContain(complete.SUPABASE_PROJECT_URL);
    expect(vault!.file!.contents).toContain(complete.SUPABASE_SECRET_KEY);
    expect(vault!.file!.contents).toMatch(/vault\.create_secret/);
    const set = parseEnvFile(secrets!.file!.contents);
    expect(set.VAPI_API_KEY).toBe(complete.VAPI_API_KEY);
    expect(set.DB_POOLER_URL).toBe(complete.DB_POOLER_URL);
    for (const deployOnly of ['SUPABASE_ACCESS_TOKEN', 'SUPABASE_DB_PASSWORD', 'SMTP_PASS'])
      expect(set).not.toHaveProperty(deployOnly);
  });

  it('keeps a multi-line certificate whole in the secrets file', () => {
    const pem = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----';
    const [, , , secrets] = cliSteps({ ...complete, DB_SSL_ROOT_CERT: pem });
    expect(secrets!.file!.contents).toContain(
      'DB_SSL_ROOT_CERT="-----BEGIN CERTIFICATE-----\\nMIIB',
    );
  });

  it('requires every secret a part of the product needs (the ones /status names)', () => {
    const required = new Set(
      repository.declaredSecrets.filter((secret) => secret.required).map((s) => s.name),
    );
    for (const names of Object.values(REQUIRED_SECRETS))
      for (const name of names) expect(required, name).toContain(name);
  });

  it('describes each step by its command and files, never their contents', () => {
    for (const step of cliSteps()) {
      const described = describeStep(step).join('\n');
      if (step.file) expect(described).not.toContain(step.file.contents.trim().slice(0, 40));
    }
  });
});

describe('npm run deploy:check', () => {
  it('fails without a production env file, naming what is missing', () => {
    const run = spawnSync(
      'node',
      ['--import', 'tsx', 'scripts/deploy-check/run.ts', '--env', path.join(root, 'no-such.env')],
      { cwd: root, encoding: 'utf8', timeout: 60_000 },
    );
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('no env file at');
    expect(run.stdout).toContain('VAPI_API_KEY is required and not set');
  });
});
