import { ANON_KEY, SERVICE_ROLE_KEY } from '../../supabase/local/config';

/**
 * The test stack that Playwright starts (see playwright.config.ts): the local Supabase stack on
 * spare ports beside any running dev stack, and Vite pointed at it.
 */
export const TEST_STACK = {
  appUrl: 'http://localhost:5174',
  /** The production build (prerendered pages), served by Vite's preview server. */
  productionUrl: 'http://localhost:5175',
  apiUrl: 'http://127.0.0.1:55321',
  mailboxUrl: 'http://127.0.0.1:55324',
  dbUrl: 'postgresql://postgres:postgres@127.0.0.1:55322/postgres',
  anonKey: ANON_KEY,
  serviceRoleKey: SERVICE_ROLE_KEY,
} as const;
