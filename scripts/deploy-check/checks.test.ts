import { describe, expect, it } from 'vitest';
import { checkDeploy, parseDeclaredSecrets, readRepository, type DeployInputs } from './checks';

const configToml = `
[db.vault]
project_url = "env(SUPABASE_PROJECT_URL)"
service_role_key = "env(SUPABASE_SECRET_KEY)"

[functions.task]
verify_jwt = false
`;

const declaredSecrets = parseDeclaredSecrets(`
# The app's public URL. required
SITE_URL=
# Optional tuning.
TASK_WAIT_SECONDS=
`);

/** What `supabase db push` reads for the Vault secrets. */
const pushed = {
  SUPABASE_PROJECT_URL: 'https://abcdefghijklmnop.supabase.co',
  SUPABASE_SECRET_KEY: 'sb_secret_0123456789abcdef',
};

const inputs = (overrides: Partial<DeployInputs> = {}): DeployInputs => ({
  configToml,
  functionNames: ['task'],
  functionSources: [
    `const a = Deno.env.get('SITE_URL'); const b = intEnv('TASK_WAIT_SECONDS', 60);`,
  ],
  declaredSecrets,
  env: null,
  pushEnv: pushed,
  ...overrides,
});

const messages = (input: DeployInputs) => checkDeploy(input).map((finding) => finding.message);

describe('deploy:check', () => {
  it('passes the repository as it is', () => {
    const errors = checkDeploy(readRepository(process.cwd(), null)).filter(
      (finding) => finding.level === 'error',
    );
    expect(errors).toEqual([]);
  });

  it('reads which declared secrets are required', () => {
    expect(declaredSecrets).toEqual([
      { name: 'SITE_URL', required: true, deployOnly: false },
      { name: 'TASK_WAIT_SECONDS', required: false, deployOnly: false },
    ]);
  });

  it("tells the deploy's own settings from the functions' secrets", () => {
    const declared = parseDeclaredSecrets(`
# --- The deploy's own settings ---
# The project. required
SUPABASE_PROJECT_REF=
# --- The functions' secrets ---
# required
SITE_URL=
`);
    expect(declared).toEqual([
      { name: 'SUPABASE_PROJECT_REF', required: true, deployOnly: true },
      { name: 'SITE_URL', required: true, deployOnly: false },
    ]);
  });

  it('names a function without settings and one whose JWT check is not stated', () => {
    expect(
      messages(
        inputs({
          functionNames: ['task', 'dispatch'],
          configToml: `${configToml}\n[functions.dispatch]\n`,
        }),
      ),
    ).toEqual(['[functions.dispatch] does not say verify_jwt = true or false']);
    expect(
      messages(
        inputs({
          functionNames: ['task', 'dispatch'],
          configToml: `${configToml}\n[functions.dispatch]\nverify_jwt = true\n`,
        }),
      ),
    ).toEqual([
      '[functions.dispatch] has verify_jwt = true: every function verifies callers itself',
    ]);
    expect(messages(inputs({ functionNames: ['task', 'mcp'] }))).toEqual([
      'function mcp has no [functions.mcp] section in config.toml',
    ]);
  });

  it('names a secret the functions read but nobody declared', () => {
    expect(
      messages(inputs({ functionSources: [`requireEnv('SITE_URL'); get('NEW_PROVIDER_KEY')`] })),
    ).toEqual([
      'the functions read NEW_PROVIDER_KEY, which supabase/functions/.env.example does not declare',
    ]);
  });

  it('needs the Vault secrets the schedule reads', () => {
    expect(messages(inputs({ configToml: '[functions.task]\nverify_jwt = false\n' }))).toEqual([
      '[db.vault] does not declare project_url: the schedule cannot call dispatch',
      '[db.vault] does not declare service_role_key: the schedule cannot call dispatch',
    ]);
  });

  it('refuses an env file that misses a required secret, points at localhost or keeps a local stand-in', () => {
    expect(messages(inputs({ env: { TASK_WAIT_SECONDS: '30' } }))).toEqual([
      'SITE_URL is required and not set',
    ]);
    expect(
      messages(
        inputs({
          env: { SITE_URL: 'http://localhost:5173', VAPI_API_URL: 'http://127.0.0.1:54332' },
        }),
      ),
    ).toEqual([
      'VAPI_API_URL is for the local stack only; remove it from a hosted project',
      "SITE_URL must be the app's public https URL, not http://localhost:5173",
    ]);
    expect(messages(inputs({ env: { SITE_URL: 'https://app.dialwise.dev' } }))).toEqual([]);
  });

  it('needs the public URLs from the environment, and every env() value config.toml reads set', () => {
    expect(
      messages(
        inputs({ configToml: `${configToml}\n[auth]\nsite_url = "http://localhost:5173"\n` }),
      ),
    ).toEqual([
      '[auth] site_url is http://localhost:5173: read it from the environment (env(NAME)) so the hosted project gets its public https URL',
    ]);
    const withSiteUrl = `${configToml}\n[auth]\nsite_url = "env(SITE_URL)"\n`;
    expect(messages(inputs({ configToml: withSiteUrl }))).toEqual([]);
    expect(
      messages(
        inputs({
          configToml: withSiteUrl,
          env: { SITE_URL: 'https://app.dialwise.dev' },
          pushEnv: {},
        }),
      ),
    ).toEqual([
      "config.toml's db.vault.project_url reads env(SUPABASE_PROJECT_URL), which is not set",
      "config.toml's db.vault.service_role_key reads env(SUPABASE_SECRET_KEY), which is not set",
    ]);
    expect(
      messages(
        inputs({
          configToml: withSiteUrl,
          env: { SITE_URL: 'https://app.dialwise.dev' },
          pushEnv: {
            SUPABASE_PROJECT_URL: 'http://127.0.0.1:54321',
            SUPABASE_SECRET_KEY: 'eyJhbGciOiJIUzI1NiJ9.e30.x',
          },
        }),
      ),
    ).toEqual([
      "SUPABASE_PROJECT_URL (config.toml's db.vault.project_url) must be a public https URL, not http://127.0.0.1:54321",
      "SUPABASE_SECRET_KEY (the schedule's key) must be a secret key (sb_secret_…): dispatch accepts no JWT",
    ]);
    expect(
      messages(
        inputs({
          configToml: withSiteUrl,
          env: { SITE_URL: 'https://app.dialwise.dev' },
          pushEnv: pushed,
        }),
      ),
    ).toEqual([]);
  });

  it('wants the queries on the transaction pooler and LISTEN off it', () => {
    const site = { SITE_URL: 'https://app.dialwise.dev' };
    const pooler = 'postgresql://postgres.ref:pw@aws-0-eu-central-1.pooler.supabase.com';
    const aboutConnections = (env: Record<string, string>) =>
      messages(inputs({ env: { ...site, ...env } })).filter((message) =>
        /DB_POOLER_URL|TASK_EVENTS_DB_URL/.test(message),
      );
    expect(aboutConnections({ DB_POOLER_URL: `${pooler}:6543/postgres` })).toEqual([]);
    expect(
      aboutConnections({
        DB_POOLER_URL: `${pooler}:5432/postgres`,
        TASK_EVENTS_DB_URL: `${pooler}:6543/postgres`,
      }),
    ).toEqual([
      "DB_POOLER_URL must be the transaction pooler (port 6543), not 5432: direct and session connections count against the database's own limit",
      'TASK_EVENTS_DB_URL must be a session or direct connection: LISTEN does not work on port 6543',
    ]);
  });
});
