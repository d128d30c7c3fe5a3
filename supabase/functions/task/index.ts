// POST /task and friends: the call API (API.md). Wiring only; the logic is in _shared/tasks.
import { intEnv } from '../_shared/env.ts';
import { createTaskHandler } from '../_shared/tasks/handler.ts';
import { taskServiceFromEnv } from '../_shared/tasks/wiring.ts';

const { db, service } = taskServiceFromEnv();

Deno.serve(
  createTaskHandler({
    db,
    service,
    waitMs: intEnv('TASK_WAIT_SECONDS', 120) * 1000,
    heartbeatMs: intEnv('TASK_SSE_HEARTBEAT_SECONDS', 15) * 1000,
    pollMs: intEnv('TASK_SSE_POLL_MS', 250),
    maxStreamMs: intEnv('TASK_SSE_MAX_SECONDS', 300) * 1000,
  }),
);
