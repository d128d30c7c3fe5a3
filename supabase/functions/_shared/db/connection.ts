// How the functions' PostgreSQL clients connect: TLS to any host that is not this machine, always
// verified. Supabase's Deno refuses an unverified certificate whatever the options say, so there
// is no unverified mode here to rely on: the server is checked against a CA bundle, Supabase's
// own root unless DB_SSL_ROOT_CERT names another. On loopback TLS is used when the URL asks for
// it (the local pooler's URL does, with the local test CA), plain otherwise.
import { SUPABASE_ROOT_CA_2021 } from './supabase-root-ca.ts';

export type TlsSettings = false | { rejectUnauthorized: true; ca: string };

/** libpq's TLS parameters, which node-postgres would otherwise read from the URL over ours. */
const URL_TLS_PARAMETERS = ['ssl', 'sslmode', 'sslrootcert', 'sslcert', 'sslkey', 'uselibpqcompat'];

/** The sslmode values that ask for TLS (libpq's names). */
const TLS_MODES = new Set(['require', 'verify-ca', 'verify-full']);

/** Whether `hostname` (as URL gives it) is this machine: localhost, 127.0.0.0/8, ::1 or a socket. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return (
    host === '' ||
    host.startsWith('/') ||
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
  );
}

/**
 * The connection string and TLS settings for `url`. Off loopback: TLS always, whatever the URL
 * says, verified against `caBundle` (default: Supabase's root). On loopback: the same verified TLS
 * when the URL's sslmode asks for it, else none.
 */
export function pgConnection(
  url: string,
  caBundle: string = SUPABASE_ROOT_CA_2021,
): { connectionString: string; ssl: TlsSettings } {
  const parsed = new URL(url);
  const asked = TLS_MODES.has(parsed.searchParams.get('sslmode') ?? '');
  for (const name of URL_TLS_PARAMETERS) parsed.searchParams.delete(name);
  const ssl: TlsSettings =
    isLoopbackHost(parsed.hostname) && !asked ? false : { rejectUnauthorized: true, ca: caBundle };
  return { connectionString: parsed.toString(), ssl };
}
