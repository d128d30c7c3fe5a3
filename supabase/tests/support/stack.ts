import { ANON_KEY, SERVICE_ROLE_KEY } from '../../local/config';

/**
 * The stack the integration tests start (supabase/tests/global-setup.ts): spare ports, so it runs
 * beside a dev stack, and a fresh database every run.
 */
export const TEST_PORTS = {
  api: 56321,
  db: 56322,
  mailbox: 56324,
  postgrest: 56325,
  functions: 56326,
  postgrestAdmin: 56328,
} as const;

export const TEST_STACK_ENV = {
  STACK_API_PORT: String(TEST_PORTS.api),
  STACK_DB_PORT: String(TEST_PORTS.db),
  STACK_MAILBOX_PORT: String(TEST_PORTS.mailbox),
  STACK_POSTGREST_PORT: String(TEST_PORTS.postgrest),
  STACK_POSTGREST_ADMIN_PORT: String(TEST_PORTS.postgrestAdmin),
  STACK_FUNCTIONS_PORT: String(TEST_PORTS.functions),
  STACK_DATA_DIR: 'supabase/.local/integration',
  STACK_FRESH: '1',
  // Tests sign in many users from one address; the limiters themselves are tested separately.
  STACK_RATE_LIMIT_SIGN_IN: '100000',
  STACK_RATE_LIMIT_EMAIL_SENT: '100000',
  STACK_RATE_LIMIT_VERIFY: '100000',
  STACK_RATE_LIMIT_TOKEN_REFRESH: '100000',
  // Lets the refresh-token reuse test wait one second instead of ten.
  STACK_AUTH_REFRESH_REUSE_INTERVAL: '1',
} as const;

export const apiUrl = `http://127.0.0.1:${TEST_PORTS.api}`;
export const mailboxUrl = `http://127.0.0.1:${TEST_PORTS.mailbox}`;
export const dbUrl = `postgresql://postgres:postgres@127.0.0.1:${TEST_PORTS.db}/postgres`;
export const anonKey = ANON_KEY;
export const serviceRoleKey = SERVICE_ROLE_KEY;
