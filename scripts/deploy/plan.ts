// What `npm run deploy` does, in order, as data: the checks first, then each Supabase CLI command
// (3.x: hosted targets are named with --remote and confirmed with --yes), then the smoke test. The
// runner executes it; --dry-run prints it. Nothing here touches the network.
import { checkDeploy, type DeployInputs, type Finding } from '../deploy-check/checks';
import { vaultSecretsSql, type VaultSecrets } from './vault-sql';

/** A file the CLI reads (SQL, env): written to a private temporary file only while its step runs. */
export type StepFile = { flag: '--file' | '--env-file'; describe: string; contents: string };

export type CliStep = {
  kind: 'cli';
  title: string;
  /** The Supabase CLI's arguments; `file` is passed after them. */
  args: string[];
  file?: StepFile;
};

export type SmokeStep = { kind: 'smoke'; title: string; checks: string[] };

export type DeployStep = CliStep | SmokeStep;

export type DeployPlan = { findings: Finding[]; steps: DeployStep[] };

export const SMOKE_CHECKS = [
  '/status answers, nothing not configured, no component down',
  'one query through the transaction pooler over TLS verified against the CA bundle',
  'the Vault secrets the schedule reads hold the project URL and a secret key',
  "the JWKS's current signing key is asymmetric (ES256 or RS256)",
  'dispatch runs through pg_cron and pg_net after the smoke test began',
  'a test-mode call placed by a throwaway account ends, and the account is deleted',
];

/** The function secrets of `env`: every declared name that is not the deploy's own, when set. */
export function functionSecrets(inputs: DeployInputs, env: Record<string, string>) {
  return inputs.declaredSecrets
    .filter((secret) => !secret.deployOnly && env[secret.name])
    .map((secret) => [secret.name, env[secret.name]!] as const);
}

/** One env file line; values with a line break or a quote are double-quoted and escaped. */
const envLine = ([name, value]: readonly [string, string]) =>
  /["'\n\\\s#]/.test(value)
    ? `${name}="${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`
    : `${name}=${value}`;

export function deployPlan(inputs: DeployInputs): DeployPlan {
  const env = inputs.env ?? {};
  const findings = checkDeploy(inputs);
  const vault: VaultSecrets = {
    project_url: env.SUPABASE_PROJECT_URL ?? '',
    service_role_key: env.SUPABASE_SECRET_KEY ?? '',
  };
  const secrets = functionSecrets(inputs, env);
  const steps: DeployStep[] = [
    {
      kind: 'cli',
      title: 'Link the project (SUPABASE_ACCESS_TOKEN and SUPABASE_DB_PASSWORD from the env file)',
      args: ['link', '--project-ref', env.SUPABASE_PROJECT_REF ?? '<SUPABASE_PROJECT_REF>'],
    },
    {
      kind: 'cli',
      title:
        'Apply the migrations to the linked project (Vault is written explicitly next, never from config.toml)',
      args: ['db', 'push', '--remote', '--yes', '--skip-vault'],
    },
    {
      kind: 'cli',
      title: 'Write the Vault secrets the schedule reads',
      args: ['db', 'query', '--remote', '--yes'],
      file: {
        flag: '--file',
        describe: `SQL that sets Vault's ${Object.keys(vault).join(' and ')}`,
        contents: vaultSecretsSql(vault),
      },
    },
    {
      kind: 'cli',
      title: "Set the functions' secrets",
      args: ['secrets', 'set', '--yes'],
      file: {
        flag: '--env-file',
        describe: `env file of ${secrets.map(([name]) => name).join(', ')}`,
        contents: `${secrets.map(envLine).join('\n')}\n`,
      },
    },
    {
      kind: 'cli',
      title:
        'Push the auth and storage settings of config.toml (site and redirect URLs, SMTP, upload size)',
      args: ['config', 'push', '--yes'],
    },
    {
      kind: 'cli',
      title: 'Deploy every function (bundled by the Supabase API, no Docker)',
      args: ['functions', 'deploy', '--yes', '--use-api', ...inputs.functionNames],
    },
    { kind: 'smoke', title: 'Smoke test the deployed project', checks: SMOKE_CHECKS },
  ];
  return { findings, steps };
}

/** How a step reads in the log and in --dry-run: the command, files described, never their contents. */
export function describeStep(step: DeployStep): string[] {
  if (step.kind === 'smoke')
    return [step.title, ...step.checks.map((check) => `  check: ${check}`)];
  const file = step.file ? [step.file.flag, `<temporary ${step.file.describe}>`] : [];
  return [step.title, `  $ supabase ${[...step.args, ...file].join(' ')}`];
}
