// What can be checked of a deployment without any network: the function settings in config.toml,
// the secrets the functions read against the ones declared in supabase/functions/.env.example,
// a filled env file against that list, and the Vault secrets the scheduler reads.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';

export type Finding = { level: 'error' | 'warning'; message: string };

/** Variables hosted Supabase gives every function itself: never set as secrets. */
export const PLATFORM_VARIABLES = [
  'SUPABASE_URL',
  'SUPABASE_DB_URL',
  'SUPABASE_ANON_KEY',
  'SUPABASE_SERVICE_ROLE_KEY',
  'SUPABASE_PUBLISHABLE_KEYS',
  'SUPABASE_SECRET_KEYS',
  'SUPABASE_JWKS',
];

/** Variables only the local stack sets: on a hosted project they would bypass real providers. */
export const LOCAL_ONLY_VARIABLES = [
  'STRIPE_API_URL',
  'TWILIO_API_URL',
  'VAPI_API_URL',
  'ELEVENLABS_API_URL',
  'DIALWISE_LOCAL_STACK',
];

/** The Vault secrets the database's schedule reads to call `dispatch`. */
export const VAULT_SECRETS = ['project_url', 'service_role_key'];

export type DeclaredSecret = {
  name: string;
  required: boolean;
  /** The deploy's own setting (project, tokens, SMTP): never set as a function secret. */
  deployOnly: boolean;
};

/** The heading lines of supabase/functions/.env.example's two sections. */
const DEPLOY_SECTION = /^# --- The deploy's own settings/;
const FUNCTIONS_SECTION = /^# --- The functions' secrets/;

/**
 * supabase/functions/.env.example: `NAME=` lines; a comment line ending in "required" right above
 * a name marks it required; names under "# --- The deploy's own settings" (until "# --- The
 * functions' secrets") are the deploy's own.
 */
export function parseDeclaredSecrets(text: string): DeclaredSecret[] {
  const declared: DeclaredSecret[] = [];
  let requiredNext = false;
  let deployOnly = false;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (DEPLOY_SECTION.test(line)) deployOnly = true;
    if (FUNCTIONS_SECTION.test(line)) deployOnly = false;
    if (line.startsWith('#')) {
      requiredNext = /\brequired\s*$/.test(line);
      continue;
    }
    const match = /^([A-Z][A-Z0-9_]*)=/.exec(line);
    if (match?.[1]) declared.push({ name: match[1], required: requiredNext, deployOnly });
    requiredNext = false;
  }
  return declared;
}

/** `KEY=value` lines of an env file (quotes removed, comments and blanks skipped). */
export function parseEnvFile(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const at = line.indexOf('=');
    if (at < 1) continue;
    values[line.slice(0, at).trim()] = line
      .slice(at + 1)
      .trim()
      .replace(/^(['"])(.*)\1$/, '$2');
  }
  return values;
}

const ENV_READ = /\b(?:Deno\.env\.get|requireEnv|intEnv|required|get|env)\(\s*'([A-Z][A-Z0-9_]+)'/g;

/** Every variable name the functions' sources read, by a static scan of their reads. */
export function variablesReadBy(sources: string[]): Set<string> {
  const names = new Set<string>();
  for (const source of sources)
    for (const match of source.matchAll(ENV_READ)) if (match[1]) names.add(match[1]);
  return names;
}

export type DeployInputs = {
  configToml: string;
  functionNames: string[];
  functionSources: string[];
  declaredSecrets: DeclaredSecret[];
  /** The filled env file to check, when one is given. */
  env: Record<string, string> | null;
  /** The environment `supabase db push` would run in (config.toml's env() values). */
  pushEnv?: Record<string, string | undefined>;
};

function isLocalUrl(value: string) {
  try {
    const host = new URL(value).hostname;
    return host === 'localhost' || host.endsWith('.localhost') || /^127\.|^\[?::1\]?$/.test(host);
  } catch {
    return false;
  }
}

const ENV_REFERENCE = /^env\(([A-Za-z_][A-Za-z0-9_]*)\)$/;

/** Every `env(NAME)` value of config.toml, with where it is (`auth.site_url`, …). */
export function envReferences(config: unknown, at = ''): { name: string; at: string }[] {
  if (typeof config === 'string') {
    const name = ENV_REFERENCE.exec(config.trim())?.[1];
    return name ? [{ name, at }] : [];
  }
  if (!config || typeof config !== 'object') return [];
  return Object.entries(config).flatMap(([key, value]) =>
    envReferences(value, at ? `${at}.${key}` : key),
  );
}

/** config.toml's public URLs, which `supabase config push` and `db push` send to the project. */
const PUBLIC_URL_SETTINGS: [section: string, key: string][] = [
  ['auth', 'site_url'],
  ['db.vault', 'project_url'],
];

export function checkDeploy(inputs: DeployInputs): Finding[] {
  const findings: Finding[] = [];
  const error = (message: string) => findings.push({ level: 'error', message });
  const warning = (message: string) => findings.push({ level: 'warning', message });

  let config: Record<string, unknown>;
  try {
    config = parse(inputs.configToml) as Record<string, unknown>;
  } catch (cause) {
    error(`supabase/config.toml does not parse: ${(cause as Error).message}`);
    return findings;
  }

  const functions = (config.functions ?? {}) as Record<string, { verify_jwt?: unknown }>;
  for (const name of inputs.functionNames) {
    const settings = functions[name];
    if (!settings) error(`function ${name} has no [functions.${name}] section in config.toml`);
    else if (typeof settings.verify_jwt !== 'boolean')
      error(`[functions.${name}] does not say verify_jwt = true or false`);
    // Publishable and secret keys are not JWTs: the platform's check would refuse them, and the
    // functions verify callers themselves (docs/decisions/0021).
    else if (settings.verify_jwt)
      error(`[functions.${name}] has verify_jwt = true: every function verifies callers itself`);
  }
  for (const name of Object.keys(functions)) {
    if (!inputs.functionNames.includes(name))
      warning(`config.toml configures [functions.${name}], which has no folder`);
  }

  const vault = ((config.db as Record<string, unknown> | undefined)?.vault ?? {}) as Record<
    string,
    unknown
  >;
  for (const secret of VAULT_SECRETS) {
    if (!(secret in vault))
      error(`[db.vault] does not declare ${secret}: the schedule cannot call dispatch`);
  }

  // The public URLs come from the environment (env(NAME)), never a literal of this machine.
  for (const [section, key] of PUBLIC_URL_SETTINGS) {
    const table = section
      .split('.')
      .reduce<unknown>(
        (at, part) => (at as Record<string, unknown> | undefined)?.[part],
        config,
      ) as Record<string, unknown> | undefined;
    const value = table?.[key];
    if (typeof value !== 'string') continue;
    if (!ENV_REFERENCE.test(value.trim()) && (isLocalUrl(value) || !value.startsWith('https://')))
      error(
        `[${section}] ${key} is ${value}: read it from the environment (env(NAME)) so the hosted project gets its public https URL`,
      );
  }

  const declared = new Map(inputs.declaredSecrets.map((secret) => [secret.name, secret]));
  for (const name of variablesReadBy(inputs.functionSources)) {
    if (PLATFORM_VARIABLES.includes(name) || LOCAL_ONLY_VARIABLES.includes(name)) continue;
    if (!declared.has(name))
      error(`the functions read ${name}, which supabase/functions/.env.example does not declare`);
  }

  if (inputs.env) {
    const env = inputs.env;
    for (const secret of inputs.declaredSecrets) {
      if (secret.required && !env[secret.name]) error(`${secret.name} is required and not set`);
    }
    for (const name of LOCAL_ONLY_VARIABLES) {
      if (env[name]) error(`${name} is for the local stack only; remove it from a hosted project`);
    }
    for (const name of PLATFORM_VARIABLES) {
      if (env[name]) warning(`${name} is provided by Supabase; the value set here is ignored`);
    }
    const siteUrl = env.SITE_URL;
    if (siteUrl && (isLocalUrl(siteUrl) || !siteUrl.startsWith('https://')))
      error(`SITE_URL must be the app's public https URL, not ${siteUrl}`);
    for (const pattern of (env.ADDITIONAL_REDIRECT_URLS ?? '').split(',').filter(Boolean))
      if (isLocalUrl(pattern.trim()) || !pattern.trim().startsWith('https://'))
        error(`ADDITIONAL_REDIRECT_URLS must list public https URLs, not ${pattern.trim()}`);
    if (env.SUPABASE_PROJECT_REF && !/^[a-z]{20}$/.test(env.SUPABASE_PROJECT_REF))
      error(
        'SUPABASE_PROJECT_REF must be the project ref: 20 lowercase letters (Settings → General)',
      );
    if (env.SUPABASE_PUBLISHABLE_KEY && !env.SUPABASE_PUBLISHABLE_KEY.startsWith('sb_publishable_'))
      error('SUPABASE_PUBLISHABLE_KEY must be a publishable key (sb_publishable_…)');
    if (env.DB_SSL_ROOT_CERT && !/-----BEGIN CERTIFICATE-----/.test(env.DB_SSL_ROOT_CERT))
      error('DB_SSL_ROOT_CERT must be PEM certificates (-----BEGIN CERTIFICATE-----)');
    for (const [name, value] of Object.entries(env)) {
      if (name === 'SITE_URL' || LOCAL_ONLY_VARIABLES.includes(name)) continue;
      if (name.endsWith('_URL') && value && isLocalUrl(value))
        error(`${name} points at this machine (${value})`);
    }
    // Queries through Supavisor's transaction mode; LISTEN never there (it would hear nothing).
    const portOf = (value: string) => {
      try {
        return new URL(value).port || '5432';
      } catch {
        return null;
      }
    };
    if (env.DB_POOLER_URL && portOf(env.DB_POOLER_URL) !== '6543')
      error(
        `DB_POOLER_URL must be the transaction pooler (port 6543), not ${portOf(env.DB_POOLER_URL) ?? 'a URL that does not parse'}: direct and session connections count against the database's own limit`,
      );
    if (env.TASK_EVENTS_DB_URL && portOf(env.TASK_EVENTS_DB_URL) === '6543')
      error(
        'TASK_EVENTS_DB_URL must be a session or direct connection: LISTEN does not work on port 6543',
      );
    // What `supabase db push` and `config push` read for config.toml's env(NAME) values: the env
    // file or the shell they run in.
    const pushEnv = {
      ...inputs.pushEnv,
      ...Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')),
    };
    for (const reference of envReferences(config)) {
      const value = pushEnv[reference.name];
      if (!value) {
        error(`config.toml's ${reference.at} reads env(${reference.name}), which is not set`);
        continue;
      }
      if (reference.at.endsWith('_url') && (isLocalUrl(value) || !value.startsWith('https://')))
        error(
          `${reference.name} (config.toml's ${reference.at}) must be a public https URL, not ${value}`,
        );
      if (reference.at === 'db.vault.service_role_key' && !value.startsWith('sb_secret_'))
        error(
          `${reference.name} (the schedule's key) must be a secret key (sb_secret_…): dispatch accepts no JWT`,
        );
    }
    if (env.STRIPE_SECRET_KEY?.startsWith('sk_test_'))
      warning('STRIPE_SECRET_KEY is a test-mode key: no real payment will be taken');
  }
  return findings;
}

/** The inputs as they are in a checkout of the repository. */
export function readRepository(root: string, envFile: string | null): DeployInputs {
  const functionsDir = path.join(root, 'supabase/functions');
  const entries = readdirSync(functionsDir).filter(
    (name) => !name.startsWith('_') && !name.startsWith('.'),
  );
  const functionNames = entries.filter((name) =>
    statSync(path.join(functionsDir, name)).isDirectory(),
  );
  const functionSources: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.ts') && !name.endsWith('.test.ts'))
        functionSources.push(readFileSync(full, 'utf8'));
    }
  };
  walk(functionsDir);
  return {
    configToml: readFileSync(path.join(root, 'supabase/config.toml'), 'utf8'),
    functionNames,
    functionSources,
    declaredSecrets: parseDeclaredSecrets(
      readFileSync(path.join(functionsDir, '.env.example'), 'utf8'),
    ),
    env: envFile ? parseEnvFile(readFileSync(envFile, 'utf8')) : null,
  };
}
