// The local stack's TLS material (supabase/local/tls/README.md): a test CA trusted nowhere real,
// and the pooler's certificate signed by it.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const folder = path.join(path.dirname(new URL(import.meta.url).pathname), 'tls');
const read = (file: string) => readFileSync(path.join(folder, file), 'utf8');

/** The local test CA, which the functions verify the pooler against (their DB_SSL_ROOT_CERT). */
export const localCa = () => read('local-ca.pem');

/** The pooler's certificate (127.0.0.1, localhost) and key. */
export const poolerTls = () => ({ cert: read('pooler-cert.pem'), key: read('pooler-key.pem') });
