// The voice provider's server messages (Vapi server URL). Wiring only; see _shared/tasks/voice-events-handler.ts.
import { smsNotifierFromEnv } from '../_shared/sms/notify.ts';
import { taskServiceFromEnv } from '../_shared/tasks/wiring.ts';
import { createVoiceEventsHandler } from '../_shared/tasks/voice-events-handler.ts';
import { createTaskTools } from '../_shared/tasks/task-tools.ts';
import { knowledgeService } from '../_shared/tasks/knowledge.ts';
import { requestTool } from '../_shared/webhooks/tool-request.ts';
import { resolveWithDeno } from '../_shared/dns.ts';
import { serveConfigured } from '../_shared/http/serve-configured.ts';
import { createInboundCalls } from '../_shared/tasks/inbound-calls.ts';
import { createInboundHandler } from '../_shared/tasks/inbound-handler.ts';

serveConfigured('voice-events', () => {
  const { db, provider, service, voiceEventsUrl } = taskServiceFromEnv();
  // The result SMS of tasks created by text message, once they end.
  const sms = smsNotifierFromEnv(db, (name) => Deno.env.get(name));

  // The integrator's tools are called like its webhooks (plain http to private hosts locally only).
  const tools = createTaskTools({
    db,
    knowledge: knowledgeService({ db }),
    request: (target) =>
      requestTool(target, {
        allowPrivate: Deno.env.get('DIALWISE_LOCAL_STACK') === '1',
        resolve: resolveWithDeno,
      }),
  });
  const handler = createVoiceEventsHandler({
    provider,
    service,
    tools,
    afterEvent: sms ? sms.taskMayHaveEnded : undefined,
  });
  // Calls to the accounts' own numbers ask here who answers (the numbers' server URL).
  const inbound = createInboundHandler({
    db,
    inbound: createInboundCalls({ db, voiceEventsUrl, now: () => new Date() }),
  });
  return (request: Request) =>
    new URL(request.url).searchParams.get('inbound') === '1' ? inbound(request) : handler(request);
});
