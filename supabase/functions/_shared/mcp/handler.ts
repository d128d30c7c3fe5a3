// The MCP endpoint: an API key in `Authorization: Bearer`, then the SDK's stateless Streamable HTTP
// handler (2025 revisions and 2026-07-28 from one endpoint) over a server built for that account.
import type { AgentService } from '../tasks/agents.ts';
import type { TestSuites } from '../tasks/test-suites.ts';
import { createMcpHandler } from 'npm:@modelcontextprotocol/server@2.4.0';
import { LIMITS } from '../contract/limits.ts';
import type { Db } from '../db.ts';
import { apiKeyFrom } from '../accounts/api-keys.ts';
import { apiKeyAuth } from '../accounts/authenticators.ts';
import { corsFor } from '../http/cors.ts';
import { createHandler } from '../http/handler.ts';
import { requestLogger } from '../http/request-log.ts';
import { loggedKey, recordApiRequest } from '../accounts/request-logs.ts';
import { rejectDeepJsonText } from '../json-schema/json-depth.ts';
import type { BatchService } from '../tasks/batches.ts';
import type { TaskService } from '../tasks/service.ts';
import { buildMcpServer } from './tools.ts';
import type { NumberService } from '../tasks/phone-numbers.ts';

// The Streamable HTTP transport's own headers, besides the call API's.
const CORS = corsFor(['GET', 'POST', 'DELETE'], {
  requestHeaders: ['accept', 'mcp-protocol-version', 'mcp-session-id'],
  exposeHeaders: ['mcp-session-id', 'mcp-protocol-version'],
});

export function createMcpFunctionHandler(deps: {
  db: Db;
  service: TaskService;
  batches?: BatchService;
  numbers?: NumberService;
  agents?: AgentService;
  suites?: TestSuites;
}) {
  const serve = createHandler(
    // The SDK answers methods, sizes and protocol errors itself, in JSON-RPC.
    {
      name: 'mcp',
      auth: apiKeyAuth(deps.db),
      cors: CORS,
      // A place_calls request carries a whole batch, with room for the JSON-RPC envelope.
      maxBodyBytes: LIMITS.batchBodyMaxBytes + 64 * 1024,
      requestLog: requestLogger(loggedKey, (key, row) =>
        recordApiRequest(deps.db, 'mcp', key, row),
      ),
    },
    async (request, { caller, requestId, text }) => {
      const account = await caller();
      // The SDK parses and walks the body itself: a body nested too deep is refused before it.
      const body = request.method === 'POST' ? await text() : null;
      if (body !== null) rejectDeepJsonText(body);
      const handler = createMcpHandler(
        () =>
          buildMcpServer(
            deps.service,
            account,
            deps.batches,
            deps.numbers,
            deps.agents,
            deps.suites,
          ),
        {
          onerror: (error) => console.error(`[mcp ${requestId}] ${error.message}`),
        },
      );
      try {
        return await handler.fetch(body === null ? request : new Request(request, { body }));
      } finally {
        await handler.close();
      }
    },
  );
  return async function handle(request: Request): Promise<Response> {
    const response = await serve(request);
    if (response.status !== 401) return response;
    const headers = new Headers(response.headers);
    headers.set('WWW-Authenticate', bearerChallenge(request));
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
