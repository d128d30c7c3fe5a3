import { spawn } from 'node:child_process';
import {
  loadConfig,
  LOCAL_STRIPE_SECRET_KEY,
  LOCAL_STRIPE_WEBHOOK_SECRET,
  projectRoot,
  type StackConfig,
} from './config';
import { migrate, resetSchemas, startDatabase } from './database';
import { StackError } from './errors';
import { TWILIO_LOCAL } from './fakes/twilio/server';
import { appPort } from './ports';
import { watchLaunchers } from './owner';
import { assertPortFree, guard } from './processes';
import { localProviderEnv, startStack, type RunningStack } from './stack';
import { formatStatus, readStatusFile } from './status';

/**
 * `npm run dev` (stack + Vite), `npm run backend` (stack alone), `npm run db:reset`.
 * SIGINT (Ctrl-C), SIGTERM, SIGHUP (terminal closed) or the end of whatever launched it (npm, npx,
 * tsx, `sh -c`: see owner.ts) stops every child; if this process itself is killed, the guardian
 * does (guardian.mjs). Failures print one line, never a stack trace.
 */
const command = process.argv[2] ?? 'backend';
const verbose = process.env.STACK_VERBOSE === '1';
const log = (line: string) => {
  if (verbose || !line.startsWith('[')) console.log(line);
};

function printStatus(config: StackConfig, withApp: boolean) {
  const lines = [
    '',
    'Dialwise local stack is running.',
    '',
    ...(withApp ? [`         App URL: http://localhost:${appPort('dev')}`] : []),
    `         API URL: ${config.apiUrl}`,
    `     GraphQL URL: (not provided by the local stack)`,
    `          DB URL: ${config.dbUrl}`,
    `     Mailbox URL: ${config.mailboxUrl}`,
    ` Publishable key: ${config.publishableKey}`,
    `      Secret key: ${config.secretKey}`,
    ...(config.legacyKeysEnabled
      ? [
          `      JWT secret: ${config.jwtSecret} (legacy)`,
          `        anon key: ${config.anonKey} (legacy)`,
          `service_role key: ${config.serviceRoleKey} (legacy)`,
        ]
      : []),
    ...Object.entries(localProviderEnv(config))
      .filter(([name]) => name.startsWith('VAPI_'))
      .map(([name, value]) => `${name.padStart(16)}: ${value}`),
    `      Twilio URL: http://127.0.0.1:${config.twilioPort} (local Messages API; SMS land in the mailbox)`,
    `  Twilio account: ${TWILIO_LOCAL.accountSid} / ${TWILIO_LOCAL.authToken}`,
    `  sending number: ${TWILIO_LOCAL.phoneNumber}`,
    `      Stripe URL: http://127.0.0.1:${config.stripePort} (local Stripe, test mode)`,
    `  Stripe API key: ${LOCAL_STRIPE_SECRET_KEY}`,
    `  webhook secret: ${LOCAL_STRIPE_WEBHOOK_SECRET}`,
    '',
    '      Demo login: demo@dialwise.dev / dialwise-demo',
    '',
    `Press Ctrl-C to stop (or kill ${process.pid}).`,
    '',
  ];
  console.log(lines.join('\n'));
}

/**
 * `npm run status [-- -o json|env]`: the running stack's URLs and keys, as it wrote them when it
 * became ready, under the names `supabase status` uses. Exits 1 when no stack answers.
 */
async function printRunningStatus(config: StackConfig) {
  const flag = process.argv.indexOf('-o');
  const output = flag === -1 ? 'pretty' : process.argv[flag + 1];
  if (output !== 'pretty' && output !== 'json' && output !== 'env')
    throw new StackError(`Unknown output "${output}". Use: -o json, -o env, or nothing.`);
  const values = readStatusFile(config);
  const answers = values
    ? await fetch(`${values.API_URL}/health`, { signal: AbortSignal.timeout(2000) }).then(
        (response) => response.ok,
        () => false,
      )
    : false;
  if (!values || !answers)
    throw new StackError(
      `No local stack is running from ${config.dataDir}. Start one with npm run dev or npm run backend.`,
    );
  if (output === 'pretty') {
    const width = Math.max(...Object.keys(values).map((name) => name.length));
    for (const [name, value] of Object.entries(values))
      console.log(`${name.padStart(width)}: ${value}`);
    return;
  }
  console.log(formatStatus(values, output));
}

async function run() {
  const config = loadConfig();

  if (command === 'db-reset') {
    const running = await assertPortFree(config.dbPort, 'PostgreSQL').then(
      () => false,
      () => true,
    );
    if (running || config.externalDbUrl) {
      await resetSchemas(config);
      await migrate(config, log, true);
    } else {
      const database = await startDatabase({ ...config, fresh: true }, log);
      await database.stop();
    }
    console.log('Database reset: migrations and seed applied.');
    return;
  }

  if (command === 'status') {
    await printRunningStatus(config);
    return;
  }

  if (command !== 'backend' && command !== 'dev') {
    throw new StackError(`Unknown command "${command}". Use: dev, backend, db-reset or status.`);
  }

  let stack: RunningStack | null = null;
  let vite: ReturnType<typeof spawn> | null = null;
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping the local stack…');
    if (vite && vite.exitCode === null) {
      vite.kill('SIGTERM');
      await new Promise((resolve) => vite!.once('exit', resolve));
    }
    await stack?.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  process.on('SIGHUP', () => void shutdown(0));
  // A closed terminal fails writes; that must not end the shutdown half-way.
  process.stdout.on('error', () => undefined);
  process.stderr.on('error', () => undefined);
  watchLaunchers((launcher) => {
    console.log(`\n${launcher.name} (pid ${launcher.pid}), which started the stack, has ended.`);
    void shutdown(0);
  });

  stack = await startStack(config, log, { watchFunctions: command === 'dev' });
  if (stopping) return;
  printStatus(config, command === 'dev');

  if (command === 'dev') {
    vite = spawn(process.execPath, [`${projectRoot}/node_modules/vite/bin/vite.js`], {
      cwd: projectRoot,
      stdio: 'inherit',
      env: { ...process.env, VITE_SUPABASE_URL: process.env.VITE_SUPABASE_URL ?? config.apiUrl },
    });
    if (vite.pid !== undefined) vite.once('exit', guard({ pid: vite.pid }, 'SIGTERM'));
    vite.on('exit', (code) => void shutdown(code ?? 0));
  }
}

run().catch((error: unknown) => {
  if (error instanceof StackError) console.error(`Error: ${error.message}`);
  else console.error(`Error: ${(error as Error)?.message ?? String(error)}`);
  process.exit(1);
});
