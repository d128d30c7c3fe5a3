// The MCP server (Streamable HTTP, stateless). Wiring only; the tools are in _shared/mcp.
import { createMcpFunctionHandler } from '../_shared/mcp/handler.ts';
import { taskServiceFromEnv } from '../_shared/tasks/wiring.ts';

const { db, service, batches } = taskServiceFromEnv();

Deno.serve(createMcpFunctionHandler({ db, service, batches }));
