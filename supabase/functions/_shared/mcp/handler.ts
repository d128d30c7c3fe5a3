// The MCP endpoint: an API key in `Authorization: Bearer`, then the SDK's stateless Streamable HTTP
// handler (2025 revisions and 2026-07-28 from one endpoint) over a server built for that account.
import { createMcpHandler } from 'npm:@modelcontextprotocol/server@2.4.0';
import type { Db } from '../db.ts';
import { apiKeyFrom, authenticate } from '../http/api-key-auth.ts';
import { ApiError, errorResponse } from '../http/errors.ts';
import { newRequestId } from '../ids.ts';
import type { BatchService } from '../tasks/batches.ts';
import type { TaskService } from '../tasks/service.ts';
import { buildMcpServer } from './tools.ts';

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers':
    'authorization, content-type, accept, mcp-protocol-version, mcp-session-id, last-event-id',
  'Access-Control-Expose-Headers': 'mcp-session-id, mcp-protocol-version',
  'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
};

export function createMcpFunctionHandler(deps: {
  db: Db;
  service: TaskService;
  batches?: BatchService;
}) {
  return async function handle(request: Request): Promise<Response> {
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS });
    const requestId = newRequestId();
    let response: Response;
    try {
      const account = await authenticate(deps.db, request);
      const handler = createMcpHandler(() => buildMcpServer(deps.service, account, deps.batches), {
        onerror: (error) => console.error(`[mcp ${requestId}] ${error.message}`),
      });
      try {
        response = await handler.fetch(request);
      } finally {
        await handler.close();
      }
    } catch (error) {
      response = errorResponse(
        error instanceof ApiError || error instanceof Error ? error : new Error(String(error)),
        requestId,
      );
    }
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(CORS)) headers.set(name, value);
    if (response.status === 401) headers.set('WWW-Authenticate', bearerChallenge(request));
    return new Response(response.body, { status: response.status, headers });
  };
}

/**
 * A 401 names its scheme (RFC 9110 §11.6.1): a Bearer API key, with RFC 6750's `invalid_token`
 * when a key was sent. No `resource_metadata`: there is no OAuth authorization server to find.
 */
export function bearerChallenge(request: Request): string {
  const challenge = 'Bearer realm="dialwise"';
  if (apiKeyFrom(request) === null) return challenge;
  return `${challenge}, error="invalid_token", error_description="The API key is not valid or has been revoked"`;
}
