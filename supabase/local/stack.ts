import type { Server } from 'node:http';
import pg from 'pg';
import { createAuthRouter } from './auth/router';
import { createAuthService } from './auth/service';
import { createStackJwt } from './auth/jwt';
import type { StackConfig } from './config';
import { startDatabase } from './database';
import { createStripeFake } from './fakes/stripe/server';
import { startFunctions } from './functions';
import { createTwilioFake, TWILIO_LOCAL } from './fakes/twilio/server';
import { createGateway } from './gateway';
import { createMailboxServer, createMailStore } from './mailbox';
import { voiceSpeedFromEnv } from '../functions/_shared/voice/simulated/clock.ts';
import { createVoiceServer } from './fakes/voice/vapi/server';
import { functionEnv, stackFacts, type StackOptions } from './options';
import { localCa, poolerTls } from './local-tls';
import { buildsFor, currentPlatform } from './platform';
import { HOSTED_DENO_VERSION } from './runtime-version';
import { startPooler } from './pooler';
import { startPostgrest } from './postgrest';
import { startScheduler } from './scheduler';
import { removeStatusFile, writeStatusFile } from './status';
import { createStorageHandler } from './storage/server';
import { assertPortFree, denoBuild, postgrestBuild, type ManagedProcess } from './processes';

export type RunningStack = { config: StackConfig; stop: () => Promise<void> };

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

/** Starts every piece, in dependency order; on any failure stops what already started. */
export async function startStack(
  config: StackConfig,
  log: (line: string) => void,
  options: StackOptions = {},
): Promise<RunningStack> {
  // Before anything starts: a platform without builds, or a build not installed, stops here.
  denoBuild();
  postgrestBuild();
  const { deno } = buildsFor(currentPlatform());
  if (deno.version !== HOSTED_DENO_VERSION)
    log(
      `Note: the edge functions run on Deno ${deno.version} here (no npm build of hosted's ${HOSTED_DENO_VERSION} exists for ${currentPlatform()}); CI runs ${HOSTED_DENO_VERSION}.`,
    );
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
    await options.prepareDatabase?.(database.url, log);

    const pooler = await startPooler({
      upstreamUrl: database.url,
      port: config.poolerPort,
      poolSize: config.poolerPoolSize,
      maxClients: config.poolerMaxClients,
      tls: poolerTls(),
      log,
    });
    stops.push(() => pooler.close());

    const jwt = createStackJwt(config);
    const facts = stackFacts(config);
    // The functions' queries go through the pooler, as on hosted (DB_POOLER_URL, a secret there),
    // over TLS verified against the local test CA, as hosted's is against Supabase's root.
    const secrets: Record<string, string> = {
      DB_POOLER_URL: withSslMode(pooler.url, 'verify-full'),
      DB_SSL_ROOT_CERT: localCa(),
      ...functionEnv(config, options),
    };
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
      speed: voiceSpeedFromEnv(process.env),
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
    const mailbox = createMailboxServer(
      mail,
      options.webhooks?.sms
        ? {
            webhookUrl: facts.functionUrl(options.webhooks.sms),
            authToken: TWILIO_LOCAL.authToken,
            accountSid: TWILIO_LOCAL.accountSid,
            productNumber: TWILIO_LOCAL.phoneNumber,
          }
        : undefined,
    );
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
      secretKey: facts.providers.stripe.secretKey,
      webhookSecret: facts.providers.stripe.webhookSecret,
      webhookUrl: options.webhooks?.stripe ? facts.functionUrl(options.webhooks.stripe) : null,
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

/** `url` with libpq's sslmode set: the functions' pgConnection reads it to use TLS on loopback. */
function withSslMode(url: string, mode: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('sslmode', mode);
  return parsed.toString();
}
