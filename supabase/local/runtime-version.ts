// The Deno that hosted Supabase's edge runtime runs functions on. The local stack runs the same
// version on Linux x64, where CI runs (supabase/local/package.json pins its npm build to it, and
// platform.ts says which build each platform runs; a test holds them together), so a feature or a
// TLS rule that only a newer Deno has fails here first, not after a deploy.
// Source: Supabase's "Edge Functions: Deploy from the Dashboard + Deno 2.1" (2025-04-01), and
// `Deno.version.deno` in a deployed function, which reads 2.1.4.
export const HOSTED_DENO_VERSION = '2.1.4';

/**
 * Flags and environment every local Deno command takes: npm packages resolved from Deno's own
 * cache, as a deployed bundle does (never from the repository's node_modules), and downloaded
 * trusting the machine's certificate store as well as Mozilla's (a proxy's CA, say).
 */
export const DENO_NPM_FLAGS = ['--node-modules-dir=none'];
export const DENO_ENV = { DENO_TLS_CA_STORE: 'mozilla,system', DENO_NO_UPDATE_CHECK: '1' };
