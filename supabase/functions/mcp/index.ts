// The MCP server (Streamable HTTP, stateless). Wiring only; the tools are in _shared/mcp.
import { createMcpFunctionHandler } from '../_shared/mcp/handler.ts';
import { taskServiceFromEnv } from '../_shared/tasks/wiring.ts';
import { serveConfigured } from '../_shared/http/serve-configured.ts';

serveConfigured('mcp', () => {
  const { db, service, batches, numbers, agents } = taskServiceFromEnv();
  return createMcpFunctionHandler({ db, service, batches, numbers, agents });
});
