import { PUBLISHABLE_KEY, SECRET_KEY } from '../../supabase/local/config';
import { appPort, stackPorts } from '../../supabase/local/ports';

const ports = stackPorts('e2e');

/**
 * The test stack that Playwright starts (see playwright.config.ts): the local Supabase stack on
 * spare ports beside any running dev stack, and Vite pointed at it.
 */
export const TEST_STACK = {
  appPort: appPort('e2e'),
  appUrl: `http://localhost:${appPort('e2e')}`,
  /** The production build (prerendered pages), served by Vite's preview server. */
  productionPort: appPort('e2eProduction'),
  productionUrl: `http://localhost:${appPort('e2eProduction')}`,
  ports,
  apiUrl: `http://127.0.0.1:${ports.api}`,
  mailboxUrl: `http://127.0.0.1:${ports.mailbox}`,
  dbUrl: `postgresql://postgres:postgres@127.0.0.1:${ports.db}/postgres`,
  publishableKey: PUBLISHABLE_KEY,
  secretKey: SECRET_KEY,
} as const;
