import { PUBLISHABLE_KEY, SECRET_KEY } from '../../local/config';
import { appPort, stackPortEnv, stackPorts } from '../../local/ports';

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
  // Calling windows (08:00-21:00 callee time) judged as if it were noon in Los Angeles, so call
  // tests behave the same at any hour; window tests narrow call_window around that time.
  STACK_CALLING_CLOCK: '12:00 America/Los_Angeles',
  // Unanswered calls report their ring time as a duration, so every no-answer, busy and carrier
  // failure test shows that our code (not the network) keeps ring time off the bill.
  STACK_VOICE_REPORT_RING_TIME: '1',
  // Provider lines for the platform and the simulated network: plenty, so one test's calls still
  // talking never hold back the next test's; supabase/tests/provider-lines.test.ts narrows both
  // to Vapi's default 10 while it runs.
  STACK_VOICE_MAX_CONCURRENT_CALLS: '1000',
} as const;

export const apiUrl = `http://127.0.0.1:${TEST_PORTS.api}`;
export const mailboxUrl = `http://127.0.0.1:${TEST_PORTS.mailbox}`;
/** As `postgres`, the project's role (not a superuser), as the migrations and the functions use it. */
export const dbUrl = `postgresql://postgres:postgres@127.0.0.1:${TEST_PORTS.db}/postgres`;
/** As `supabase_admin`, the cluster's superuser: only for what a hosted project's owner cannot do. */
export const adminDbUrl = `postgresql://supabase_admin:postgres@127.0.0.1:${TEST_PORTS.db}/postgres`;
/** As `supabase_auth_admin`, the auth tables' owner, as the auth server connects. */
export const authDbUrl = `postgresql://supabase_auth_admin:postgres@127.0.0.1:${TEST_PORTS.db}/postgres`;
export const publishableKey = PUBLISHABLE_KEY;
export const secretKey = SECRET_KEY;

/** The app's origin as config.toml names it, moved by DIALWISE_PORT_OFFSET like the stack's. */
export const siteUrl = `http://localhost:${appPort('dev')}`;
export const siteUrlByAddress = `http://127.0.0.1:${appPort('dev')}`;
