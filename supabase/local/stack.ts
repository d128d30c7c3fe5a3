import { existsSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { createAuthRouter } from './auth/router';
import { createAuthService } from './auth/service';
import { createStackJwt } from './auth/jwt';
import { LOCAL_STRIPE_SECRET_KEY, LOCAL_STRIPE_WEBHOOK_SECRET, type StackConfig } from './config';
import { startDatabase } from './database';
import { createStripeFake } from './fakes/stripe/server';
import { startFunctions } from './functions';
import { createTwilioFake, TWILIO_LOCAL, twilioFunctionEnv } from './fakes/twilio/server';
import { createGateway } from './gateway';
import { createMailboxServer, createMailStore } from './mailbox';
import { voiceSpeedFromEnv } from './fakes/vapi/clock';
import {
  createVoiceServer,
  LOCAL_VAPI_API_KEY,
  LOCAL_VAPI_PHONE_NUMBER_ID,
} from './fakes/vapi/server';
import { startPooler } from './pooler';
import { startPostgrest } from './postgrest';
import { startScheduler } from './scheduler';
import { removeStatusFile, writeStatusFile } from './status';
import { createStorageHandler } from './storage/server';
import { assertPortFree, type ManagedProcess } from './processes';

export type RunningStack = { config: StackConfig; stop: () => Promise<void> };

/** Secrets for the functions from the git-ignored supabase/functions/.env (KEY=value lines). */
function functionSecrets(config: StackConfig): Record<string, string> {
  const file = path.join(config.functionsDir, '.env');
  if (!existsSync(file)) return {};
  const secrets: Record<string, string> = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = /^\s*([A-Z_][A-Z0-9_]*)\s*=\s*(.*?)\s*$/i.exec(line);
    if (match) secrets[match[1]!] = match[2]!.replace(/^(['"])(.*)\1$/, '$2');
  }
  return secrets;
}

/**
 * What the functions need to reach the local providers, with their well-known local keys (like
 * Supabase's demo keys, never valid anywhere real); supabase/functions/.env overrides any of them.
 */
export function localProviderEnv(config: StackConfig): Record<string, string> {
  return {
    // Allows plain-http webhooks to loopback and private addresses (never on hosted projects).
    DIALWISE_LOCAL_STACK: '1',
    VAPI_API_URL: `http://127.0.0.1:${config.voicePort}`,
    VAPI_API_KEY: LOCAL_VAPI_API_KEY,
    VAPI_PHONE_NUMBER_ID: LOCAL_VAPI_PHONE_NUMBER_ID,
    ...twilioFunctionEnv(config.twilioPort),
    STRIPE_SECRET_KEY: LOCAL_STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: LOCAL_STRIPE_WEBHOOK_SECRET,
    STRIPE_API_URL: `http://127.0.0.1:${config.stripePort}`,
    // Where Stripe Checkout returns (create-call-credits-payment): the auth settings.
    SITE_URL: config.auth.siteUrl,
    ADDITIONAL_REDIRECT_URLS: config.auth.additionalRedirectUrls.join(','),
    // Twilio signs inbound SMS over this public URL.
    SMS_WEBHOOK_URL: `http://127.0.0.1:${config.apiPort}/functions/v1/sms-inbound`,
  };
}

/** What the functions get on top of the Supabase variables: the local providers, then .env. */
export function functionEnv(config: StackConfig): Record<string, string> {
  return { ...localProviderEnv(config), ...functionSecrets(config) };
}

function listen(server: Server, port: number) {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
}

const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

/**
 * STACK_CALLING_CLOCK="12:00 America/Los_Angeles" makes calling windows judge time as if the stack
 * had started at that local time (test stacks, so a call test behaves the same at 3 am); unset,
 * windows follow the real clock, as hosted.
 */
/**
 * STACK_VOICE_MAX_CONCURRENT_CALLS (the simulated network's lines) is also written where SQL gives
 * out the platform's lines, once at start; the functions write VOICE_MAX_CONCURRENT_CALLS on every
 * dispatch run only when their env has it, as hosted, so a test may narrow the pool for a while.
 */
async function setProviderLines(databaseUrl: string, setting: string | undefined) {
  if (!setting) return;
  const lines = Number(setting);
  if (!Number.isInteger(lines) || lines < 1)
    throw new Error(
      `STACK_VOICE_MAX_CONCURRENT_CALLS must be a whole number from 1, got "${setting}"`,
    );
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('select public.provider_lines_configure($1)', [lines]);
  } finally {
    await client.end();
  }
}

async function setCallingClock(
  databaseUrl: string,
  setting: string | undefined,
  log: (line: string) => void,
) {
  const match = setting ? /^(\d{2}:\d{2}) (\S+)$/.exec(setting) : null;
  if (setting && !match)
    throw new Error(
      `STACK_CALLING_CLOCK must look like "12:00 America/Los_Angeles", got "${setting}"`,
    );
  // As postgres, the table's owner: no API role may move the calling clock.
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    if (!match) {
      await client.query('delete from private.calling_clock');
      return;
    }
    await client.query(
      `insert into private.calling_clock (shift)
       select (((now() at time zone $2)::date + $1::time) at time zone $2) - now()
       on conflict (id) do update set shift = excluded.shift`,
      [match[1], match[2]],
    );
    log(`Calling windows judge time as if it were ${match[1]} in ${match[2]} at start`);
  } finally {
    await client.end();
  }
}

/** Starts every piece, in dependency order; on any failure stops what already started. */

export async function startStack(
  config: StackConfig,
  log: (line: string) => void,
  options: { watchFunctions?: boolean } = {},
): Promise<RunningStack> {
  const ports: [number, string][] = [
    [config.apiPort, 'API gateway'],
    [config.mailboxPort, 'mailbox'],
    [config.postgrestPort, 'PostgREST'],
    [config.postgrestAdminPort, 'PostgREST admin'],
    [config.functionsPort, 'edge functions'],
    [config.poolerPort, 'transaction pooler'],
    [config.voicePort, 'phone network (Vapi)'],
    [config.twilioPort, 'local Twilio'],
    [config.stripePort, 'local Stripe'],
  ];
  if (!config.externalDbUrl) ports.push([config.dbPort, 'PostgreSQL']);
  for (const [port, label] of ports) await assertPortFree(port, label);

  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const fn of stops.reverse()) await fn().catch(() => undefined);
    stops.length = 0;
  };

  try {
    const started = Date.now();
    const database = await startDatabase(config, log);
    stops.push(database.stop);

    // The auth server connects as GoTrue does, as supabase_auth_admin (the auth tables' owner).
    const pool = new pg.Pool({ connectionString: config.authDbUrl, max: 10 });
    pool.on('error', (error) => log(`[auth] database connection error: ${error.message}`));
    stops.push(() => pool.end());
    await setCallingClock(database.url, process.env.STACK_CALLING_CLOCK, log);
    await setProviderLines(database.url, process.env.STACK_VOICE_MAX_CONCURRENT_CALLS);

    const pooler = await startPooler({
      upstreamUrl: database.url,
      port: config.poolerPort,
      poolSize: config.poolerPoolSize,
      maxClients: config.poolerMaxClients,
      log,
    });
    stops.push(() => pooler.close());

    const jwt = createStackJwt(config);
    // The functions' queries go through the pooler, as on hosted (DB_POOLER_URL, a secret there).
    const secrets: Record<string, string> = { DB_POOLER_URL: pooler.url, ...functionEnv(config) };
    const processes: ManagedProcess[] = [];
    const [postgrest, functions] = await Promise.all([
      startPostgrest(config, database.url, jwt.jwks, log),
      startFunctions(config, database.url, jwt.jwks, secrets, log, {
        watch: options.watchFunctions,
      }),
    ]);
    processes.push(postgrest, functions);
    stops.push(() => Promise.all(processes.map((p) => p.stop())).then(() => undefined));

    const voice = createVoiceServer({
      speed: voiceSpeedFromEnv(),
      reportRingTime: process.env.STACK_VOICE_REPORT_RING_TIME === '1',
      // The provider organisation's lines: the platform's setting unless set apart for the network
      // alone (lines also used outside the platform).
      maxConcurrentCalls:
        Number(process.env.STACK_VOICE_MAX_CONCURRENT_CALLS) ||
        Number(secrets.VOICE_MAX_CONCURRENT_CALLS) ||
        Number(process.env.VOICE_MAX_CONCURRENT_CALLS) ||
        10,
      log,
    });
    await voice.listen(config.voicePort);
    stops.push(() => voice.close());

    const mail = createMailStore();
    const auth = createAuthService({ pool, config, jwt, mail });
    const mailbox = createMailboxServer(mail, {
      webhookUrl: localProviderEnv(config).SMS_WEBHOOK_URL!,
      authToken: TWILIO_LOCAL.authToken,
      accountSid: TWILIO_LOCAL.accountSid,
      productNumber: TWILIO_LOCAL.phoneNumber,
    });
    await listen(mailbox, config.mailboxPort);
    stops.push(() => close(mailbox));
    const twilio = createTwilioFake({ mail });
    await listen(twilio, config.twilioPort);
    stops.push(() => close(twilio));

    // Storage reads and writes its tables as postgres; the bytes sit beside the cluster's folder.
    const storagePool = new pg.Pool({ connectionString: database.url, max: 4 });
    storagePool.on('error', (error) =>
      log(`[storage] database connection error: ${error.message}`),
    );
    stops.push(() => storagePool.end());
    const storage = createStorageHandler({
      pool: storagePool,
      verifyToken: (token) => jwt.verify(token),
      root: `${config.dataDir}-storage`,
    });
    await storage.prepare();

    const gateway = createGateway({
      config,
      jwt,
      handleAuth: createAuthRouter(auth),
      handleStorage: storage.handle,
      health: () => ({
        status: 'ok',
        services: ['auth', 'rest', 'storage', 'functions', 'mailbox'],
      }),
    });
    await listen(gateway, config.apiPort);
    stops.push(() => close(gateway));

    const stripe = createStripeFake({
      port: config.stripePort,
      secretKey: secrets.STRIPE_SECRET_KEY!,
      webhookSecret: secrets.STRIPE_WEBHOOK_SECRET!,
      webhookUrl: `${config.apiUrl}/functions/v1/stripe-webhook`,
      log,
    });
    await listen(stripe.server, config.stripePort);
    stops.push(() => (stripe.stop(), close(stripe.server)));

    const scheduler = startScheduler(config, log);
    stops.push(() => scheduler.stop());
    await scheduler.ready;

    writeStatusFile(config);
    stops.push(async () => removeStatusFile(config));

    log(`Stack ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return { config, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
