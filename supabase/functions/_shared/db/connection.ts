// How the functions' PostgreSQL clients connect: TLS to any host that is not this machine, never
// to loopback. Hosted Supabase's "Enforce SSL" refuses plain connections; the local stack's
// database and pooler listen on loopback without TLS.

export type TlsSettings = false | { rejectUnauthorized: boolean; ca?: string };

/** libpq's TLS parameters, which node-postgres would otherwise read from the URL over ours. */
const URL_TLS_PARAMETERS = ['ssl', 'sslmode', 'sslrootcert', 'sslcert', 'sslkey', 'uselibpqcompat'];

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
 * says; verified against `caCert` when one is given (Supabase's root certificate, from the
 * project's database settings), else encrypted without verification (libpq's sslmode=require).
 */
export function pgConnection(
  url: string,
  caCert?: string,
): { connectionString: string; ssl: TlsSettings } {
  const parsed = new URL(url);
  for (const name of URL_TLS_PARAMETERS) parsed.searchParams.delete(name);
  const ssl: TlsSettings = isLoopbackHost(parsed.hostname)
    ? false
    : caCert
      ? { rejectUnauthorized: true, ca: caCert }
      : { rejectUnauthorized: false };
  return { connectionString: parsed.toString(), ssl };
}
