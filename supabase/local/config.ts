import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'smol-toml';
import { portOffset } from './ports';

/** Paths and settings of the local stack: supabase/config.toml, overridden by STACK_* env vars. */
export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const supabaseDir = path.join(projectRoot, 'supabase');

/**
 * The Supabase CLI's well-known local API keys (never valid on hosted projects): the publishable
 * key maps to the `anon` role and the secret key to `service_role`, as hosted's gateway maps them.
 */
export const PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH';
export const SECRET_KEY = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz';

/**
 * The well-known local signing key of access tokens: ES256 (ECC P-256), hosted's default for new
 * JWT signing keys. Published (its public half) at /auth/v1/.well-known/jwks.json. A project can
 * bring its own with `[auth] signing_keys_path`, a JSON array of private JWKs, as the CLI reads it.
 */
export const LOCAL_SIGNING_KEY = {
  kty: 'EC',
  crv: 'P-256',
  kid: 'dialwise-local-es256-1',
  alg: 'ES256',
  x: 'Kr0xqG5kUJE8x8q5dkvFySDmYY8_KzNeIR7m9jYA7HU',
  y: 'i5aRcyiqFBG4ViDWP-8yWWHuc1lFnDbQKg1xEYYpyqc',
  d: 'AHAF9Gf6oLyLBZEp7IcLMdO65qSMH1BtnrmkVCbKyZY',
} as const;

/**
 * The legacy HS256 JWT secret and the anon / service_role JWT keys signed with it. Refused unless
 * STACK_LEGACY_API_KEYS=1, as on a hosted project whose legacy keys are disabled.
 */
export const JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
export const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
export const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

export type SigningKey = Record<string, unknown> & { kid: string; alg: string; kty: string };

/** `[auth] signing_keys_path` (relative to supabase/): every key is published, the first signs. */
function signingKeys(projectDir: string, configured: unknown): SigningKey[] {
  if (typeof configured !== 'string' || !configured) return [{ ...LOCAL_SIGNING_KEY }];
  const file = path.resolve(projectDir, configured);
  const keys = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  if (!Array.isArray(keys) || keys.length === 0)
    throw new Error(`${file} must hold a JSON array of private JWKs`);
  for (const key of keys as SigningKey[]) {
    if (key.alg !== 'ES256' || key.kty !== 'EC' || !key.kid || !key.d)
      throw new Error(`${file}: every signing key must be a private ES256 JWK with a kid`);
  }
  return keys as SigningKey[];
}

/** The local Stripe's well-known test keys (supabase/local/fakes/stripe; never valid at Stripe). */
export const LOCAL_STRIPE_SECRET_KEY = 'sk_test_dialwise_local';
export const LOCAL_STRIPE_WEBHOOK_SECRET = 'whsec_dialwise_local';

type Toml = Record<string, unknown>;

function table(value: unknown): Toml {
  return value && typeof value === 'object' ? (value as Toml) : {};
}

function intEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

/** "1s", "60s", "5m" → seconds. */
function durationSeconds(value: unknown, fallback: number): number {
  if (typeof value !== 'string') return fallback;
  const match = /^(\d+)(s|m|h)$/.exec(value.trim());
  if (!match) return fallback;
  return Number(match[1]) * { s: 1, m: 60, h: 3600 }[match[2] as 's' | 'm' | 'h'];
}

const LOOPBACK_URL = /^(https?:\/\/(?:localhost|127\.0\.0\.1|\[::1\]):)(\d+)(?=[/?#]|$)/;

/**
 * config.toml names the app's local origins with the ports of a checkout without an offset
 * (5173, 5174, …). A second checkout with `DIALWISE_PORT_OFFSET` serves the app on moved ports,
 * so every loopback URL (the site URL, the redirect allow-list, and from them the confirmation,
 * recovery and Checkout return links) moves by the same offset. Other hosts stay as written.
 */
export function withAppPortOffset(url: string, offset: number): string {
  if (offset === 0) return url;
  return url.replace(LOOPBACK_URL, (_, prefix: string, port: string) => {
    return `${prefix}${Number(port) + offset}`;
  });
}

const ENV_REFERENCE = /^env\(([A-Za-z_][A-Za-z0-9_]*)\)$/;

/**
 * config.toml's `env(NAME)` values, as the Supabase CLI reads them for a hosted project: there
 * the public URLs and the Vault secrets come from the environment. The local stack answers them
 * with its own values first (`local`), so a developer's shell holding the production SITE_URL or
 * secret key never points the local stack at production; a name it has no value for is read from
 * the environment, and an unset one is an error naming it.
 */
export function resolveEnvReference(value: unknown, local: Record<string, string>): unknown {
  if (typeof value !== 'string') return value;
  const match = ENV_REFERENCE.exec(value.trim());
  if (!match) return value;
  const name = match[1]!;
  const resolved = local[name] ?? process.env[name];
  if (resolved === undefined || resolved === '')
    throw new Error(`config.toml reads env(${name}), which is not set`);
  return resolved;
}

export type StackConfig = ReturnType<typeof loadConfig>;

/** Every role the platform set-up creates logs in with this password locally (as the CLI's). */
export const LOCAL_DB_PASSWORD = 'postgres';

function adminDbUrl(dbPort: number) {
  return (
    process.env.SUPABASE_DB_URL ||
    `postgresql://supabase_admin:${LOCAL_DB_PASSWORD}@127.0.0.1:${dbPort}/postgres`
  );
}

/** The same database as `url`, as another of the platform's roles. */
export function dbUrlAs(url: string, role: string): string {
  const as = new URL(url);
  as.username = role;
  as.password = LOCAL_DB_PASSWORD;
  return as.toString();
}

/** An e-mail of `[auth.email.template.<kind>]`: its subject and its HTML, read once at start. */
export type EmailTemplate = { subject: string | null; html: string | null };

/**
 * `[auth.email.template.*]`: subject and content_path (relative to the project root, the folder
 * holding supabase/, as the CLI resolves it). A kind the file does not name keeps GoTrue's text.
 */
function emailTemplates(projectDir: string, configured: unknown): Record<string, EmailTemplate> {
  const templates: Record<string, EmailTemplate> = {};
  for (const [kind, value] of Object.entries(table(configured))) {
    const entry = table(value);
    const contentPath = typeof entry.content_path === 'string' ? entry.content_path : null;
    templates[kind] = {
      subject: typeof entry.subject === 'string' ? entry.subject : null,
      html: contentPath
        ? readFileSync(path.resolve(path.dirname(projectDir), contentPath), 'utf8')
        : null,
    };
  }
  return templates;
}

export function loadConfig() {
  // Another project's supabase/ folder (config.toml, migrations, seed.sql, functions), as the
  // CLI's --workdir: npm run test:compat runs supabase-js's own test project this way.
  const projectDir = process.env.STACK_SUPABASE_DIR
    ? path.resolve(projectRoot, process.env.STACK_SUPABASE_DIR)
    : supabaseDir;
  const toml = parse(readFileSync(path.join(projectDir, 'config.toml'), 'utf8')) as Toml;
  const api = table(toml.api);
  const db = table(toml.db);
  // CLI 3.x's name; [inbucket] is what 2.x projects (supabase-js's own test project) still say.
  const localSmtp = table(toml.local_smtp ?? toml.inbucket);
  const auth = table(toml.auth);
  const authEmail = table(auth.email);
  const rateLimit = table(auth.rate_limit);
  const functions = table(toml.functions);

  // config.toml holds the developer stack's ports; test stacks set STACK_* (see ports.ts).
  const offset = portOffset();
  const apiPort = intEnv('STACK_API_PORT', Number(api.port ?? 54321) + offset);
  const dbPort = intEnv('STACK_DB_PORT', Number(db.port ?? 54322) + offset);
  const mailboxPort = intEnv('STACK_MAILBOX_PORT', Number(localSmtp.port ?? 54324) + offset);
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  // What config.toml's env() references mean in the local stack: its own URL, key and app.
  const localEnv: Record<string, string> = {
    SITE_URL: 'http://localhost:5173',
    ADDITIONAL_REDIRECT_URLS: [
      'http://localhost:5173/**',
      'http://127.0.0.1:5173/**',
      'http://localhost:5174/**',
      'http://localhost:5175/**',
      'http://localhost:4173/**',
    ].join(','),
    SUPABASE_PROJECT_URL: apiUrl,
    SUPABASE_SECRET_KEY: SECRET_KEY,
  };
  const resolve = (value: unknown) => resolveEnvReference(value, localEnv);
  // An explicit STACK_SITE_URL is taken as it is; config.toml's app URLs follow the offset.
  const siteUrl =
    process.env.STACK_SITE_URL ||
    withAppPortOffset(String(resolve(auth.site_url) ?? 'http://localhost:5173'), offset);
  const vaultSecrets = Object.fromEntries(
    Object.entries(table(db.vault)).map(([name, value]) => [name, String(resolve(value))]),
  );

  return {
    apiPort,
    dbPort,
    mailboxPort,
    // Internal services behind the gateway.
    postgrestPort: intEnv('STACK_POSTGREST_PORT', apiPort + 4),
    postgrestAdminPort: intEnv('STACK_POSTGREST_ADMIN_PORT', apiPort + 7),
    functionsPort: intEnv('STACK_FUNCTIONS_PORT', apiPort + 5),
    /** The transaction pooler in front of the database (hosted: Supavisor on port 6543). */
    poolerPort: intEnv('STACK_POOLER_PORT', Number(table(db.pooler).port ?? 54329) + offset),
    poolerPoolSize: intEnv(
      'STACK_POOLER_POOL_SIZE',
      Number(table(db.pooler).default_pool_size ?? 15),
    ),
    poolerMaxClients: intEnv(
      'STACK_POOLER_MAX_CLIENTS',
      Number(table(db.pooler).max_client_conn ?? 200),
    ),
    // The local third-party providers, each on its own port like the real services.
    stripePort: intEnv('STACK_STRIPE_PORT', apiPort + 9),
    twilioPort: intEnv('STACK_TWILIO_PORT', apiPort + 10),
    voicePort: intEnv('STACK_VOICE_PORT', apiPort + 11),
    apiUrl,
    mailboxUrl: `http://127.0.0.1:${mailboxPort}`,
    /** An external PostgreSQL to use instead of the embedded one, as a superuser (supabase_admin). */
    externalDbUrl: process.env.SUPABASE_DB_URL || null,
    /** The cluster's superuser, as Supabase's `supabase_admin`: only the platform set-up uses it. */
    adminDbUrl: adminDbUrl(dbPort),
    /** The project's own role, `postgres` (not a superuser): migrations, seed, functions, tools. */
    dbUrl: dbUrlAs(adminDbUrl(dbPort), 'postgres'),
    /** GoTrue's role, `supabase_auth_admin`, which owns the auth tables: the auth server's. */
    authDbUrl: dbUrlAs(adminDbUrl(dbPort), 'supabase_auth_admin'),
    dataDir: path.resolve(projectRoot, process.env.STACK_DATA_DIR || 'supabase/.local/dev'),
    /** Start from an empty database (tests). */
    fresh: process.env.STACK_FRESH === '1',
    functionsDir: process.env.STACK_FUNCTIONS_DIR
      ? path.resolve(projectRoot, process.env.STACK_FUNCTIONS_DIR)
      : path.join(projectDir, 'functions'),
    migrationsDir: path.join(projectDir, 'migrations'),
    seedFile: path.join(projectDir, 'seed.sql'),
    schemas: (api.schemas as string[] | undefined) ?? ['public'],
    extraSearchPath: (api.extra_search_path as string[] | undefined) ?? ['public', 'extensions'],
    maxRows: Number(api.max_rows ?? 1000),
    /** `[db.vault]`, resolved: written into Vault at start, as `supabase start` does. */
    vaultSecrets,
    publishableKey: PUBLISHABLE_KEY,
    secretKey: SECRET_KEY,
    /** Asymmetric keys that sign access tokens (the first) and are published as the JWKS. */
    signingKeys: signingKeys(projectDir, auth.signing_keys_path),
    /**
     * The legacy HS256 secret and JWT API keys (anon, service_role) are accepted only with
     * STACK_LEGACY_API_KEYS=1, like a migrated hosted project whose legacy keys are disabled.
     */
    legacyKeysEnabled: process.env.STACK_LEGACY_API_KEYS === '1',
    jwtSecret: JWT_SECRET,
    anonKey: ANON_KEY,
    serviceRoleKey: SERVICE_ROLE_KEY,
    auth: {
      siteUrl,
      additionalRedirectUrls: ((auth.additional_redirect_urls as string[] | undefined) ?? [])
        .flatMap((url) => String(resolve(url)).split(','))
        .map((url) => withAppPortOffset(url.trim(), offset)),
      jwtExpiry: Number(auth.jwt_expiry ?? 3600),
      refreshTokenRotation: auth.enable_refresh_token_rotation !== false,
      refreshTokenReuseInterval: intEnv(
        'STACK_AUTH_REFRESH_REUSE_INTERVAL',
        Number(auth.refresh_token_reuse_interval ?? 10),
      ),
      enableSignup:
        auth.enable_signup !== false && (authEmail.enabled ?? authEmail.enable_signup) !== false,
      // The CLI's default when config.toml says nothing is off (mailer autoconfirm).
      enableConfirmations: authEmail.enable_confirmations === true,
      minimumPasswordLength: Number(auth.minimum_password_length ?? 6),
      /** `[auth.email] double_confirm_changes`: an e-mail change needs both addresses' links. */
      doubleConfirmChanges: authEmail.double_confirm_changes !== false,
      emailMaxFrequencySeconds: intEnv(
        'STACK_AUTH_EMAIL_MAX_FREQUENCY',
        durationSeconds(authEmail.max_frequency, 1),
      ),
      otpExpirySeconds: Number(authEmail.otp_expiry ?? 86400),
      emailTemplates: emailTemplates(projectDir, authEmail.template),
      rateLimit: {
        emailSentPerHour: intEnv('STACK_RATE_LIMIT_EMAIL_SENT', Number(rateLimit.email_sent ?? 30)),
        tokenRefreshPer5m: intEnv(
          'STACK_RATE_LIMIT_TOKEN_REFRESH',
          Number(rateLimit.token_refresh ?? 150),
        ),
        signInSignUpsPer5m: intEnv(
          'STACK_RATE_LIMIT_SIGN_IN',
          Number(rateLimit.sign_in_sign_ups ?? 30),
        ),
        tokenVerificationsPer5m: intEnv(
          'STACK_RATE_LIMIT_VERIFY',
          Number(rateLimit.token_verifications ?? 30),
        ),
      },
    },
    /** verify_jwt per function; the CLI's default is true. */
    verifyJwt(name: string): boolean {
      return table(functions[name]).verify_jwt !== false;
    },
  };
}
