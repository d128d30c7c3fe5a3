// The voice provider's server messages (Vapi server URL). Wiring only; see _shared/voice.
import { createSmsNotifier } from '../_shared/sms/notify.ts';
import { taskServiceFromEnv } from '../_shared/tasks/wiring.ts';
import { createTwilioClient, twilioConfigFromEnv } from '../_shared/twilio/client.ts';
import { createVoiceEventsHandler } from '../_shared/voice/events-handler.ts';

const { db, provider, service } = taskServiceFromEnv();
// The result SMS of tasks created by text message, once they end (issue 11).
const sms = Deno.env.get('TWILIO_AUTH_TOKEN')
  ? createSmsNotifier({
      db,
      twilio: createTwilioClient(
        twilioConfigFromEnv((name) =>
          name === 'TWILIO_VERIFY_SERVICE_SID' ? '-' : Deno.env.get(name),
        ),
      ),
    })
  : null;

Deno.serve(
  createVoiceEventsHandler({
    provider,
    service,
    afterEvent: sms ? sms.taskMayHaveEnded : undefined,
  }),
);
