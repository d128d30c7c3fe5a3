// The task service as every function entry builds it, from the environment.
import { createNumberService } from './phone-numbers.ts';
import { createVapiPhoneNumbers } from '../voice/vapi/phone-numbers.ts';
import { createTwilioClient, twilioConfigFromEnv } from '../twilio/client.ts';
import { adminDb, bulkDb, platformKeys, sqlPoolFromEnv } from '../db.ts';
import { resolveWithDeno } from '../dns.ts';
import { requireEnv } from '../env.ts';
import { liveEventsFromEnv } from '../events/live.ts';
import { createObjectStore } from '../recordings/object-store.ts';
import { createRecordings } from '../recordings/recordings.ts';
import { createVapiProvider } from '../voice/vapi/adapter.ts';
import {
  createSimulatedProvider,
  DEFAULT_SIMULATED_SPEED,
  LONGEST_SIMULATED_CALL_SECONDS,
  routeByMode,
  type SimulatedCallRecords,
} from '../voice/simulated/provider.ts';
import { speedWithinWorker } from '../platform/worker-life.ts';
import { runAfterResponse } from '../background.ts';
import { createBatchService } from './batches.ts';
import { createTaskService } from './service.ts';
import { createTaskSql } from './task-sql.ts';
import { agentService } from './agents.ts';
import { knowledgeService } from './knowledge.ts';

/** Ended test calls, kept in the database for the instances that did not play them. */
function simulatedCallRecords(db: ReturnType<typeof adminDb>): SimulatedCallRecords {
  return {
    async keep(id, call) {
      const { error } = await db.rpc('simulated_call_keep', { p_id: id, p_call: call });
      if (error) throw new Error(error.message);
    },
    async read(id) {
      const { data, error } = await db.rpc('simulated_call_read', { p_id: id });
      if (error) throw new Error(error.message);
      return (data as Record<string, unknown> | null) ?? null;
    },
  };
}

export function taskServiceFromEnv() {
  const supabaseUrl = requireEnv('SUPABASE_URL').replace(/\/+$/, '');
  // SQL functions (task_create, task_apply, …) go over the direct pool when there is one.
  const pool = sqlPoolFromEnv();
  const db = adminDb();
  // Live calls go to Vapi; test calls to the simulated network inside this instance.
  const provider = routeByMode(
    createVapiProvider({
      apiUrl: Deno.env.get('VAPI_API_URL') || 'https://api.vapi.ai',
      apiKey: requireEnv('VAPI_API_KEY'),
    }),
    createSimulatedProvider({
      speed: speedWithinWorker(
        Number(Deno.env.get('SIMULATED_VOICE_SPEED')) || DEFAULT_SIMULATED_SPEED,
        LONGEST_SIMULATED_CALL_SECONDS,
      ),
      keepAlive: runAfterResponse,
      records: simulatedCallRecords(db),
    }),
  );
  // Recordings live in the project's Storage bucket, reached with the secret key; their
  // SQL (locating one per download, the copies' bookkeeping) uses the bulk pool, not the calls'.
  const recordings = createRecordings({
    db: bulkDb(),
    provider,
    store: createObjectStore({
      supabaseUrl,
      serviceKey: platformKeys().secretKey,
    }),
  });
  // The provider must reach voice-events from outside; PUBLIC_FUNCTIONS_URL overrides the base.
  const functionsUrl = (
    Deno.env.get('PUBLIC_FUNCTIONS_URL') || `${supabaseUrl}/functions/v1`
  ).replace(/\/+$/, '');
  const numbers = createNumberService({
    db,
    // Called only once the service below exists (an inbound agent's tools are checked as a task's).
    checkTools: (tools) => service.checkTools(tools),
    // Calls to the accounts' numbers ask voice-events who answers (assistant-request).
    inboundUrl: `${functionsUrl}/voice-events?inbound=1`,
    provider: createVapiPhoneNumbers({
      apiUrl: Deno.env.get('VAPI_API_URL') || 'https://api.vapi.ai',
      apiKey: requireEnv('VAPI_API_KEY'),
      callerIdCredentialId: Deno.env.get('VAPI_CALLER_ID_CREDENTIAL_ID') || null,
    }),
    // Read when a caller ID's code is texted, so the rest of the call API needs no Twilio.
    twilio: {
      messages: {
        create: (message) =>
          createTwilioClient(twilioConfigFromEnv((name) => Deno.env.get(name))).messages.create(
            message,
          ),
      },
    },
  });
  const service = createTaskService({
    db,
    provider,
    now: () => new Date(),
    taskBaseUrl: `${functionsUrl}/task`,
    voiceEventsUrl: `${functionsUrl}/voice-events`,
    allowPrivateWebhooks: Deno.env.get('DIALWISE_LOCAL_STACK') === '1',
    // The local stack's "live" provider is the simulated network too.
    liveCallsSimulated: Deno.env.get('DIALWISE_LOCAL_STACK') === '1',
    resolveHost: resolveWithDeno,
    events: liveEventsFromEnv(db).hub,
    sql: pool ? createTaskSql(pool, sqlPoolFromEnv('events') ?? pool) : null,
    recordings,
    callerNumbers: numbers,
  });
  const batches = createBatchService({
    db,
    tasks: service,
    now: () => new Date(),
    taskBaseUrl: `${functionsUrl}/task`,
  });
  const agents = agentService({ db, checkTools: (tools) => service.checkTools(tools) });
  return {
    db,
    provider,
    service,
    agents,
    knowledge: knowledgeService({ db }),
    batches,
    recordings,
    numbers,
    voiceEventsUrl: `${functionsUrl}/voice-events`,
  };
}
