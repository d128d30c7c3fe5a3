/**
 * @dialwise/local-stack: a Supabase-shaped backend on Node alone, for development and tests.
 * This is everything a project may use of it (README.md beside this file): start and stop a
 * stack, its ports, its well-known local keys, and the few drivers tests need to play a provider.
 * The project's own settings (its functions' variables, webhook endpoints, scheduled function)
 * come in as options; nothing here names the project's functions or tables.
 *
 * Importing this module is cheap (no PostgreSQL, no servers): the pieces load when a stack starts.
 */
import type { StackConfig } from './config';
import type { StackCommandOptions } from './cli';
import type { StackOptions } from './options';
import { denoBuild } from './processes';
import type { RunningStack } from './stack';

// Start and stop.
export type { RunningStack, StackCommandOptions, StackConfig, StackOptions };
export {
  functionEnv,
  localProviders,
  stackFacts,
  type LocalProviders,
  type StackFacts,
} from './options';
export { loadConfig, withAppPortOffset } from './config';

export type StartOptions = StackOptions & {
  /** Default: supabase/config.toml with the STACK_* variables (loadConfig()). */
  config?: StackConfig;
  log?: (line: string) => void;
};

/** Starts every piece of a stack; `stop()` on the result stops them all. */
export async function startStack(options: StartOptions = {}): Promise<RunningStack> {
  const [{ startStack: start }, { loadConfig }] = await Promise.all([
    import('./stack'),
    import('./config'),
  ]);
  const { config = loadConfig(), log = () => undefined, ...rest } = options;
  return start(config, log, rest);
}

/**
 * The project's functions on an edge runtime of their own, beside a running stack (its API and
 * database), with only `secrets` as their secrets: how a deploy missing some of them behaves.
 * Serves at http://127.0.0.1:<functionsPort>/<name>; `stop()` ends it.
 */
export async function startEdgeRuntime(options: {
  apiUrl: string;
  dbUrl: string;
  functionsPort: number;
  secrets: Record<string, string>;
  log?: (line: string) => void;
}) {
  const [{ loadConfig }, { createStackJwt }, { startFunctions }, { assertPortFree }] =
    await Promise.all([
      import('./config'),
      import('./auth/jwt'),
      import('./functions'),
      import('./processes'),
    ]);
  const config = { ...loadConfig(), apiUrl: options.apiUrl, functionsPort: options.functionsPort };
  await assertPortFree(config.functionsPort, 'edge functions');
  return startFunctions(
    config,
    options.dbUrl,
    createStackJwt(config).jwks,
    options.secrets,
    options.log ?? (() => {}),
  );
}

/**
 * The JWT the gateway puts in front of PostgREST for the secret key (role service_role, signed
 * with the stack's key): what a client that talks to PostgREST directly, past the gateway, must
 * send, since PostgREST itself takes JWTs only (a benchmark timing the gateway's share, say).
 */
export async function serviceRoleJwt(config: StackConfig, seconds = 3600): Promise<string> {
  const { createStackJwt } = await import('./auth/jwt');
  return createStackJwt(config).sign({ role: 'service_role' }, seconds, 'supabase');
}

/** A project's `dev`, `backend`, `db-reset` and `status` commands, with its options. */
export function runStackCommand(command: string, options: StackCommandOptions = {}) {
  void import('./cli').then((cli) => cli.runStackCommand(command, options));
}

// Ports.
export {
  appPort,
  portOffset,
  stackPortEnv,
  stackPorts,
  type StackKind,
  type StackPorts,
} from './ports';

// Keys: the Supabase CLI's well-known local keys (the publishable and secret keys, the ES256 key
// that signs sessions; the legacy JWT secret and anon / service_role keys, refused unless
// STACK_LEGACY_API_KEYS=1) and the local providers' own, valid nowhere real.
export {
  ANON_KEY,
  JWT_SECRET,
  LOCAL_SIGNING_KEY,
  LOCAL_STRIPE_SECRET_KEY,
  LOCAL_STRIPE_WEBHOOK_SECRET,
  PUBLISHABLE_KEY,
  SECRET_KEY,
  SERVICE_ROLE_KEY,
} from './config';
export { TWILIO_LOCAL } from './fakes/twilio/server';
export {
  LOCAL_VAPI_API_KEY,
  LOCAL_VAPI_CALLER_ID_CREDENTIAL_ID,
  LOCAL_VAPI_PHONE_NUMBER_ID,
} from './fakes/voice/vapi/server';
export { LOCAL_ORG_ID as LOCAL_VAPI_ORG_ID } from '../functions/_shared/voice/simulated/network.ts';

// Playing a provider from a test: an inbound SMS signed as Twilio signs it, and Stripe's webhook
// signature.
export {
  inboundSmsParams,
  newMessageSid,
  postInboundSms,
  twilioSignature,
  type InboundSms,
} from './inbound-sms';
export { signStripePayload } from './fakes/stripe/webhooks';

/**
 * The setting the stack's bootstrap gives every database it prepares (in pg_db_role_setting), so
 * a seed with published credentials can refuse any other database.
 */
export const LOCAL_DATABASE_MARK = 'local_stack.database=on';

/** The application_name the stack's transaction pooler connects with, as Supavisor does. */
export { POOLER_APPLICATION_NAME } from './pooler';

/** The Deno binary the stack's edge runtime runs (for `deno check` of the functions). */
export const denoBinary = () => denoBuild();
export { DENO_ENV, DENO_NPM_FLAGS, HOSTED_DENO_VERSION } from './runtime-version';
export { localCa } from './local-tls';

/** The PostgreSQL, PostgREST and Deno builds the stack picks per platform. */
export { buildsFor, installedPostgrest, PLATFORM_BUILDS } from './platform';
