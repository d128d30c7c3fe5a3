import { API_BASE_URL } from '@/config/api';
import type { CodeSample } from '@/features/docs/content/code-samples';

// The TypeScript SDK (packages/sdk) beside each raw-HTTP sample; the calls shown here are those
// supabase/tests/sdk.test.ts makes against the local stack through the packed package.

const CLIENT = `import { Dialwise } from '@dialwise/sdk';

const dialwise = new Dialwise({
  apiKey: process.env.DIALWISE_API_KEY,
  baseUrl: '${API_BASE_URL}',
});`;

export const sdkInstallSample: CodeSample[] = [
  {
    language: 'text',
    code: `# In a clone of the repository: builds the SDK and writes dialwise-sdk-0.1.0.tgz
cd packages/sdk && npm pack
# In your project (Node 18+, Deno, Bun or a browser; no dependencies)
npm install /path/to/dialwise-sdk-0.1.0.tgz`,
  },
];

export const sdkCreateSample: CodeSample = {
  language: 'sdk',
  code: `${CLIENT}

// wait: answers when the call has ended; the same Idempotency-Key never calls twice.
const task = await dialwise.tasks.create(
  {
    phone_number: '+14155550123',
    goal: 'Confirm the dental appointment for Kim Lee tomorrow at 3 pm; offer Thursday if not.',
    metadata: { appointment_id: 'A-1001' },
  },
  { wait: true, idempotencyKey: 'appointment-A-1001' },
);

console.log(task.status); // "success"
if (task.status === 'success') console.log(task.transcription);`,
};

export const sdkListSample: CodeSample = {
  language: 'sdk',
  code: `// One page: await it. Every task, page after page: for await over it.
const page = await dialwise.tasks.list({ limit: 20, status: 'success' });
console.log(page.data.length, page.has_more);

for await (const task of dialwise.tasks.list({ limit: 100 })) {
  console.log(task.id, task.status);
}`,
};

export const sdkEventsSample: CodeSample = {
  language: 'sdk',
  code: `// Replays what happened, then follows live; ends after task.completed. A dropped connection
// resumes after the last event with Last-Event-ID.
for await (const event of dialwise.tasks.events('task_123')) {
  console.log(event.id, event.type, event.data);
}`,
};

export const sdkWebhookSample: CodeSample = {
  language: 'sdk',
  code: `import { WebhookVerificationError } from '@dialwise/sdk';

// rawBody: the request body exactly as received, before any JSON parsing.
try {
  const event = await dialwise.webhooks.verify(rawBody, request.headers, process.env.DIALWISE_WEBHOOK_SECRET);
  console.log(event.type, event.task_id);
} catch (error) {
  if (error instanceof WebhookVerificationError) return new Response('bad signature', { status: 400 });
  throw error;
}`,
};

export const sdkErrorSample: CodeSample = {
  language: 'sdk',
  code: `import { DialwiseError } from '@dialwise/sdk';

try {
  await dialwise.tasks.create({ phone_number: '+14155550123', goal: 'Confirm the order.' });
} catch (error) {
  if (!(error instanceof DialwiseError)) throw error;
  // status 400, code "invalid_request", field, requestId; retryAfter (seconds) on a 429.
  console.log(error.status, error.code, error.field, error.message, error.requestId, error.retryAfter);
}`,
};
