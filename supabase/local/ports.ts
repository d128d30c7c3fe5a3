/**
 * Every port of every local stack, from one place. Each kind of stack (the developer's, the
 * integration tests', the end-to-end tests', the benchmark's, the edge-runtime fixture's, the lifecycle tests') owns a
 * block of ports laid out like the Supabase CLI's (API on …21, database on …22, mailbox on …24), so
 * they can all run side by side. `DIALWISE_PORT_OFFSET` moves every block at once, for a second
 * checkout on the same machine.
 */
export type StackKind =
  'dev' | 'e2e' | 'integration' | 'fixtures' | 'bench' | 'lifecycle' | 'compat' | 'schema';

const BASES: Record<StackKind, number> = {
  dev: 54320,
  e2e: 55320,
  integration: 56320,
  fixtures: 57320,
  bench: 58320,
  // supabase/local/tests/stack-lifecycle.test.ts starts and stops whole stacks beside the integration one.
  lifecycle: 59320,
  // npm run test:compat: supabase-js's and auth-js's own tests against their test project.
  compat: 60320,
  // npm run db:diff: a throwaway server that builds the migrations' and the schema files' databases.
  schema: 61320,
};

/** The app's own ports (Vite), moved by the same offset. */
const APP_BASES = { dev: 5173, e2e: 5174, e2eProduction: 5175, preview: 4173 } as const;

export function portOffset(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.DIALWISE_PORT_OFFSET;
  if (raw === undefined || raw === '') return 0;
  const offset = Number(raw);
  if (!Number.isInteger(offset) || offset < 0 || offset > 5000)
    throw new Error(`DIALWISE_PORT_OFFSET must be an integer from 0 to 5000, got "${raw}"`);
  return offset;
}

export type StackPorts = ReturnType<typeof stackPorts>;

export function stackPorts(kind: StackKind, env: NodeJS.ProcessEnv = process.env) {
  const base = BASES[kind] + portOffset(env);
  return {
    api: base + 1,
    db: base + 2,
    mailbox: base + 4,
    postgrest: base + 5,
    functions: base + 6,
    postgrestAdmin: base + 8,
    // The transaction pooler, where the Supabase CLI puts it (54329).
    pooler: base + 9,
    stripe: base + 10,
    twilio: base + 11,
    voice: base + 12,
  };
}

export function appPort(app: keyof typeof APP_BASES, env: NodeJS.ProcessEnv = process.env) {
  return APP_BASES[app] + portOffset(env);
}

/** The STACK_* variables that start a stack of this kind on its own ports. */
export function stackPortEnv(kind: StackKind, env: NodeJS.ProcessEnv = process.env) {
  const ports = stackPorts(kind, env);
  return {
    STACK_API_PORT: String(ports.api),
    STACK_DB_PORT: String(ports.db),
    STACK_MAILBOX_PORT: String(ports.mailbox),
    STACK_POSTGREST_PORT: String(ports.postgrest),
    STACK_POSTGREST_ADMIN_PORT: String(ports.postgrestAdmin),
    STACK_FUNCTIONS_PORT: String(ports.functions),
    STACK_POOLER_PORT: String(ports.pooler),
    STACK_STRIPE_PORT: String(ports.stripe),
    STACK_TWILIO_PORT: String(ports.twilio),
    STACK_VOICE_PORT: String(ports.voice),
  };
}
