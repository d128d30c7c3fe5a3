// Twilio's inbound SMS webhook: tasks by text message. Wiring only; the logic is in _shared/sms.
import { requireEnv } from '../_shared/env.ts';
import { createSmsInboundHandler } from '../_shared/sms/inbound.ts';
import { createSmsNotifier } from '../_shared/sms/notify.ts';
import { taskServiceFromEnv } from '../_shared/tasks/wiring.ts';
import { createTwilioClient, twilioConfigFromEnv } from '../_shared/twilio/client.ts';
import { serveConfigured } from '../_shared/http/serve-configured.ts';

serveConfigured('sms-inbound', () => {
  const { db, service, agents } = taskServiceFromEnv();
  const twilio = createTwilioClient(twilioConfigFromEnv((name) => Deno.env.get(name)));
  return createSmsInboundHandler({
    db,
    service,
    agents,
    notifier: createSmsNotifier({ db, twilio }),
    authToken: requireEnv('TWILIO_AUTH_TOKEN'),
    webhookUrl: requireEnv('SMS_WEBHOOK_URL'),
  });
});
