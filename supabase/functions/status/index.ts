// The public status endpoint behind /status. Wiring only; the logic is in _shared/status.
import { adminDb, must } from '../_shared/db.ts';
import { requireEnv } from '../_shared/env.ts';
import { createStatusHandler } from '../_shared/status/handler.ts';
import { createPlatformStatus, type SchedulerHealth } from '../_shared/status/platform-status.ts';
import { vapiReachable } from '../_shared/voice/vapi/reachable.ts';

const db = adminDb();
const voice = {
  apiUrl: Deno.env.get('VAPI_API_URL') || 'https://api.vapi.ai',
  apiKey: requireEnv('VAPI_API_KEY'),
};

Deno.serve(
  createStatusHandler(
    createPlatformStatus({
      schedulerHealth: async () => must(await db.rpc('scheduler_health')) as SchedulerHealth,
      voiceReachable: () => vapiReachable(voice),
      now: () => new Date(),
    }),
  ),
);
