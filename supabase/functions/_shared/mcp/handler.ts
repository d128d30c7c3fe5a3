// The MCP endpoint: an API key in `Authorization: Bearer`, then the SDK's stateless Streamable HTTP
// handler (2025 revisions and 2026-07-28 from one endpoint) over a server built for that account.
import { createMcpHandler } from 'npm:@modelcontextprotocol/server@2.4.0';
import type { Db } from '../db.ts';
import { authenticate } from '../http/api-key-auth.ts';
import { ApiError, errorResponse } from '../http/errors.ts';
import { newRequestId } from '../ids.ts';
import type { TaskService } from '../tasks/service.ts';
import { buildMcpServer } from './tools.ts';

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers':
    'authorization, content-type, accept, mcp-protocol-version, mcp-session-id, last-event-id',
  'Access-Control-Expose-Headers': 'mcp-session-id, mcp-protocol-version',
  'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
};

export function createMcpFunctionHandler(deps: { db: Db; service: TaskService }) {
  return async function handle(request: Request): Promise<Response> {
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS });
    const requestId = newRequestId();
    let response: Response;
    try {
      // No OAuth here: a missing or bad key is a plain 401 (no WWW-Authenticate challenge).
      const account = await authenticate(deps.db, request);
      const handler = createMcpHandler(() => buildMcpServer(deps.service, account), {
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
    return new Response(response.body, { status: response.status, headers });
  };
}
