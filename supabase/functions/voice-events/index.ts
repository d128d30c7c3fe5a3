// The voice provider's server messages (Vapi server URL). Wiring only; see _shared/voice.
import { taskServiceFromEnv } from '../_shared/tasks/wiring.ts';
import { createVoiceEventsHandler } from '../_shared/voice/events-handler.ts';

const { provider, service } = taskServiceFromEnv();

Deno.serve(createVoiceEventsHandler({ provider, service }));
