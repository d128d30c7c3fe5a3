import { defineConfig, devices } from '@playwright/test';
import { TEST_STACK } from './e2e/support/stack';
import { stackPortEnv } from '@dialwise/local-stack';
import { chromiumArgs, chromiumPath } from './scripts/chromium';

const stackEnv = {
  ...stackPortEnv('e2e'),
  STACK_DATA_DIR: 'supabase/.local/e2e',
  // The app most journeys run in (the production build): e-mailed links return there.
  STACK_SITE_URL: TEST_STACK.productionUrl,
  STACK_FRESH: '1',
  // Journeys sign in many times from one address; the limiters are covered by integration tests.
  STACK_RATE_LIMIT_SIGN_IN: '100000',
  STACK_RATE_LIMIT_EMAIL_SENT: '100000',
  STACK_RATE_LIMIT_VERIFY: '100000',
  STACK_RATE_LIMIT_TOKEN_REFRESH: '100000',
  // Calls on the local phone network play at 8 simulated seconds per second (a short conversation
  // in about 5 s), so a journey sees the transcript arrive turn by turn.
  STACK_VOICE_SPEED: '8',
  // Calling windows judged as if it were noon in Los Angeles, so journeys behave the same at any hour.
  STACK_CALLING_CLOCK: '12:00 America/Los_Angeles',
};

const DEV_SERVER_SPECS = ['class-names.spec.ts'];

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: TEST_STACK.appUrl,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: chromiumArgs,
    },
  },
  projects: [
    {
      // Class lists that fight are reported only by the development build's `cn` (src/lib/cn.ts).
      name: 'dev-server',
      testMatch: DEV_SERVER_SPECS,
      use: { ...devices['Desktop Chrome'] },
    },
    {
      // What visitors really get, and several times faster to load than the dev server's hundreds
      // of modules: the prerendered pages, the paint-first loader and the bundled app.
      name: 'production-build',
      testIgnore: DEV_SERVER_SPECS,
      use: { ...devices['Desktop Chrome'], baseURL: TEST_STACK.productionUrl },
    },
  ],
  webServer: [
    {
      command: 'npx tsx scripts/stack/cli.ts backend',
      env: stackEnv,
      url: `${TEST_STACK.apiUrl}/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    },
    {
      command: `npx vite --port ${TEST_STACK.appPort} --strictPort`,
      env: {
        VITE_SUPABASE_URL: TEST_STACK.apiUrl,
        VITE_SUPABASE_PUBLISHABLE_KEY: TEST_STACK.publishableKey,
      },
      url: TEST_STACK.appUrl,
      timeout: 60_000,
      reuseExistingServer: false,
    },
    {
      // Builds with prerendering into dist-e2e/ (pointed at the test stack), then serves it.
      command: `npm run build && npx vite preview --port ${TEST_STACK.productionPort} --strictPort`,
      env: {
        BUILD_OUT_DIR: 'dist-e2e',
        VITE_SUPABASE_URL: TEST_STACK.apiUrl,
        VITE_SUPABASE_PUBLISHABLE_KEY: TEST_STACK.publishableKey,
      },
      url: TEST_STACK.productionUrl,
      timeout: 300_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
