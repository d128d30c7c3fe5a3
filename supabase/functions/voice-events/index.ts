// The voice provider's server messages (Vapi server URL). Wiring only; see _shared/tasks/voice-events-handler.ts.
import { smsNotifierFromEnv } from '../_shared/sms/notify.ts';
import { taskServiceFromEnv } from '../_shared/tasks/wiring.ts';
import { createVoiceEventsHandler } from '../_shared/tasks/voice-events-handler.ts';

const { db, provider, service } = taskServiceFromEnv();
// The result SMS of tasks created by text message, once they end.
const sms = smsNotifierFromEnv(db, (name) => Deno.env.get(name));

Deno.serve(
  createVoiceEventsHandler({
    provider,
    service,
    afterEvent: sms ? sms.taskMayHaveEnded : undefined,
  }),
);
