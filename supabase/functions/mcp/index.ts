// The MCP server (Streamable HTTP, stateless). Wiring only; the tools are in _shared/mcp.
import { createMcpFunctionHandler } from '../_shared/mcp/handler.ts';
import { taskServiceFromEnv } from '../_shared/tasks/wiring.ts';
import { serveConfigured } from '../_shared/http/serve-configured.ts';
import { intEnv } from '../_shared/env.ts';
import { testSuites } from '../_shared/tasks/test-suites.ts';

serveConfigured('mcp', () => {
  const { db, service, batches, numbers, agents } = taskServiceFromEnv();
  const suites = testSuites({
    db,
    tasks: service,
    agents,
    callTimeoutMs: intEnv('TASK_WAIT_MAX_SECONDS', 60) * 1000,
  });
  return createMcpFunctionHandler({ db, service, batches, numbers, agents, suites });
});
