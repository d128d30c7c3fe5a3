// An account's request logs (api_request_logs): each request made with one of its keys, recorded
// after the answer. Sessions (the dashboard) are not logged: the page lists what integrations sent.
import type { Db } from '../db.ts';
import { apiKeyFrom, isApiKeyShaped, keyHeldByNobody } from './api-keys.ts';

/** The key a request was made with, when it has a key's shape (a session token has not). */
export function loggedKey(request: Request): string | null {
  const key = apiKeyFrom(request);
  return key && isApiKeyShaped(key) ? key : null;
}

/**
 * One request, secrets already masked. The HTTP logger shapes it (its LoggedRequest has the same
 * shape; a service may not import http/).
 */
export type RequestLogRow = {
  at: string;
  method: string;
  path: string;
  query: string | null;
  status: number;
  requestId: string;
  latencyMs: number;
  body: string | null;
  bodyTruncated: boolean;
  errorCode: string | null;
};

/**
 * Records a request for the account of the key it was made with (revoked keys too; a key nobody
 * holds is dropped, without a query when its authentication just said so), and stamps the key's
 * last use at most once a minute.
 */
export async function recordApiRequest(
  db: Db,
  source: 'api' | 'mcp',
  key: string,
  row: RequestLogRow,
): Promise<void> {
  if (keyHeldByNobody(key)) return;
  const { error } = await db.rpc('api_request_log_record', {
    p_api_key: key,
    p_source: source,
    p_at: row.at,
    p_method: row.method,
    p_path: row.path,
    p_query: row.query,
    p_status: row.status,
    p_request_id: row.requestId,
    p_latency_ms: row.latencyMs,
    p_request_body: row.body,
    p_body_truncated: row.bodyTruncated,
    p_error_code: row.errorCode,
  });
  if (error) throw new Error(`request log: ${error.message}`);
}
