// GET /functions/v1/status: the platform's measured health for the public status page, and which
// parts are missing a secret. Wiring only; see _shared/status.
import { adminDb, must } from '../_shared/db.ts';
import { env } from '../_shared/env.ts';
import { serveConfigured } from '../_shared/http/serve-configured.ts';
import { missingSecrets } from '../_shared/platform/required-secrets.ts';
import { createStatusHandler } from '../_shared/status/handler.ts';
import { createPlatformStatus, type SchedulerHealth } from '../_shared/status/platform-status.ts';
import { vapiReachable } from '../_shared/voice/vapi/reachable.ts';

serveConfigured('status', () => {
  const db = adminDb();
  // Without a key there is nothing to check: the provider counts as down, and not_configured says why.
  const apiKey = env('VAPI_API_KEY');
  const voice = apiKey ? { apiUrl: env('VAPI_API_URL') || 'https://api.vapi.ai', apiKey } : null;
  return createStatusHandler(
    createPlatformStatus({
      schedulerHealth: async () => must(await db.rpc('scheduler_health')) as SchedulerHealth,
      voiceReachable: voice ? () => vapiReachable(voice) : null,
      notConfigured: () => missingSecrets(env),
      now: () => new Date(),
    }),
  );
});
