import type { ChildProcess } from 'node:child_process';
import { loadConfig, type StackConfig } from './config';
import { migrate, resetSchemas, startDatabase } from './database';
import { StackError } from './errors';
import { watchLaunchers } from './owner';
import { assertPortFree, guard } from './processes';
import { localProviders, type StackOptions } from './options';
import { startStack, type RunningStack } from './stack';
import { formatStatus, readStatusFile } from './status';

/** What a project's command line adds to the stack: its settings, its app and its status lines. */
export type StackCommandOptions = StackOptions & {
  /** Printed above the URLs, e.g. "Acme local stack is running." */
  title?: string;
  /** The app `dev` starts beside the stack (a dev server), stopped with it. */
  startApp?: (config: StackConfig) => ChildProcess;
  /** The app's URL, printed by `dev`. */
  appUrl?: string;
  /** More lines for the status (e.g. a demo login). */
  statusLines?: string[];
};

/**
 * `dev` (stack + the project's app), `backend` (stack alone), `db-reset`, `status`.
 * SIGINT (Ctrl-C), SIGTERM, SIGHUP (terminal closed) or the end of whatever launched it (npm, npx,
 * tsx, `sh -c`: see owner.ts) stops every child; if this process itself is killed, the guardian
 * does (guardian.mjs). Failures print one line, never a stack trace.
 */
export function runStackCommand(command: string, options: StackCommandOptions = {}) {
  run(command, options).catch((error: unknown) => {
    if (error instanceof StackError) console.error(`Error: ${error.message}`);
    else console.error(`Error: ${(error as Error)?.message ?? String(error)}`);
    process.exit(1);
  });
}

const verbose = process.env.STACK_VERBOSE === '1';
const log = (line: string) => {
  if (verbose || !line.startsWith('[')) console.log(line);
};

function printStatus(config: StackConfig, options: StackCommandOptions, withApp: boolean) {
  const { stripe, twilio, vapi } = localProviders(config);
  const lines = [
    '',
    options.title ?? 'Local stack is running.',
    '',
    ...(withApp && options.appUrl ? [`         App URL: ${options.appUrl}`] : []),
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
    `        Vapi URL: ${vapi.url} (the simulated phone network)`,
    `    Vapi API key: ${vapi.apiKey}`,
    ` phone number id: ${vapi.phoneNumberId}`,
    `      Twilio URL: ${twilio.url} (local Messages API; SMS land in the mailbox)`,
    `  Twilio account: ${twilio.accountSid} / ${twilio.authToken}`,
    `  sending number: ${twilio.phoneNumber}`,
    `      Stripe URL: ${stripe.url} (local Stripe, test mode)`,
    `  Stripe API key: ${stripe.secretKey}`,
    `  webhook secret: ${stripe.webhookSecret}`,
    '',
    ...(options.statusLines?.length ? [...options.statusLines, ''] : []),
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
      `No local stack is running from ${config.dataDir}. Start one with the dev or backend command.`,
    );
  if (output === 'pretty') {
    const width = Math.max(...Object.keys(values).map((name) => name.length));
    for (const [name, value] of Object.entries(values))
      console.log(`${name.padStart(width)}: ${value}`);
    return;
  }
  console.log(formatStatus(values, output));
}

async function run(command: string, options: StackCommandOptions) {
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
  let app: ChildProcess | null = null;
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping the local stack…');
    if (app && app.exitCode === null) {
      app.kill('SIGTERM');
      await new Promise((resolve) => app!.once('exit', resolve));
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

  stack = await startStack(config, log, { ...options, watchFunctions: command === 'dev' });
  if (stopping) return;
  printStatus(config, options, command === 'dev');

  if (command === 'dev' && options.startApp) {
    app = options.startApp(config);
    if (app.pid !== undefined) app.once('exit', guard({ pid: app.pid }, 'SIGTERM'));
    app.on('exit', (code) => void shutdown(code ?? 0));
  }
}
