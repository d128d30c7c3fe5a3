// POST /task and friends: the call API. Wiring only; the logic is in _shared/tasks.
import { intEnv } from '../_shared/env.ts';
import { liveEventsFromEnv } from '../_shared/events/live.ts';
import { createDownloadGate } from '../_shared/recordings/serve.ts';
import { createTaskHandler } from '../_shared/tasks/handler.ts';
import { taskServiceFromEnv } from '../_shared/tasks/wiring.ts';
import { serveConfigured } from '../_shared/http/serve-configured.ts';
import { workerTimeLeftMs } from '../_shared/platform/worker-life.ts';
import { createTextToSpeech } from '../_shared/voice/elevenlabs/text-to-speech.ts';
import { voiceSamples } from '../_shared/voice/voice-samples.ts';
import { testSuites } from '../_shared/tasks/test-suites.ts';

serveConfigured('task', () => {
  const { db, service, batches, numbers, agents, knowledge } = taskServiceFromEnv();
  return createTaskHandler({
    db,
    service,
    batches,
    numbers,
    agents,
    knowledge,
    // A run answers once its calls ended: each well within the request's wait.
    suites: testSuites({
      db,
      tasks: service,
      agents,
      callTimeoutMs: intEnv('TASK_WAIT_MAX_SECONDS', 60) * 1000,
    }),
    // Without ElevenLabs' key the samples answer 503 not_configured; the calls need none.
    samples: voiceSamples({
      speech: Deno.env.get('ELEVENLABS_API_KEY')
        ? createTextToSpeech({
            apiUrl: Deno.env.get('ELEVENLABS_API_URL') || 'https://api.elevenlabs.io',
            apiKey: Deno.env.get('ELEVENLABS_API_KEY')!,
          })
        : null,
    }),
    waitMs: intEnv('TASK_WAIT_MAX_SECONDS', 60) * 1000,
    heartbeatMs: intEnv('TASK_SSE_HEARTBEAT_SECONDS', 15) * 1000,
    live: liveEventsFromEnv(db),
    maxStreamMs: intEnv('TASK_STREAM_MAX_SECONDS', 120) * 1000,
    downloads: createDownloadGate(intEnv('RECORDING_DOWNLOADS_PER_ACCOUNT', 2)),
    // 2 MB/s: a 60-minute recording in half a minute, over a hundred times what playing needs.
    downloadBytesPerSecond: intEnv('RECORDING_DOWNLOAD_BYTES_PER_SECOND', 2 * 1024 * 1024),
    workerTimeLeftMs: () => workerTimeLeftMs(),
  });
});
