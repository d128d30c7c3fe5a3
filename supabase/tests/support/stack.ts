import { ANON_KEY, SERVICE_ROLE_KEY } from '../../local/config';
import { stackPortEnv, stackPorts } from '../../local/ports';

/**
 * The stack the integration tests start (supabase/tests/global-setup.ts): its own ports (from
 * supabase/local/ports.ts), so it runs beside a dev stack, and a fresh database every run.
 */
export const TEST_PORTS = stackPorts('integration');

export const TEST_STACK_ENV = {
  ...stackPortEnv('integration'),
  STACK_DATA_DIR: 'supabase/.local/integration',
  STACK_FRESH: '1',
  // Tests sign in many users from one address; the limiters themselves are tested separately.
  STACK_RATE_LIMIT_SIGN_IN: '100000',
  STACK_RATE_LIMIT_EMAIL_SENT: '100000',
  STACK_RATE_LIMIT_VERIFY: '100000',
  STACK_RATE_LIMIT_TOKEN_REFRESH: '100000',
  // Wide intervals, so "within the interval" never depends on how fast the machine is; tests that
  // need "after the interval" move the stored timestamps back (support/clock.ts).
  STACK_AUTH_REFRESH_REUSE_INTERVAL: '60',
  STACK_AUTH_EMAIL_MAX_FREQUENCY: '60',
  // The scheduler calls dispatch twice a second, so due work is picked up quickly.
  STACK_DISPATCH_INTERVAL_MS: '500',
  // Unanswered calls report their ring time as a duration, so every no-answer, busy and carrier
  // failure test shows that our code (not the network) keeps ring time off the bill.
  STACK_VOICE_REPORT_RING_TIME: '1',
} as const;

export const apiUrl = `http://127.0.0.1:${TEST_PORTS.api}`;
export const mailboxUrl = `http://127.0.0.1:${TEST_PORTS.mailbox}`;
export const dbUrl = `postgresql://postgres:postgres@127.0.0.1:${TEST_PORTS.db}/postgres`;
export const anonKey = ANON_KEY;
export const serviceRoleKey = SERVICE_ROLE_KEY;
