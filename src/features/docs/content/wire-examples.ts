import { TASK_URL } from '@/config/api';

/**
 * Every request and answer /docs shows, as data: the page renders its curl, JavaScript and Python
 * snippets and its JSON examples from here, a unit test validates each against openapi.yaml, and
 * an integration test sends each request to the running stack and compares the real answer's
 * shape (keys, types, the event envelope) with the example's. An example that drifts from the
 * wire fails a test instead of misleading an integrator.
 */

export const EXAMPLE_TASK_ID = 'task_01M8F65FKB5JZA9E26B3SX20GA';
const AT = '2026-11-27T19:0';

export type WireRequest = {
  /** The operation in openapi.yaml, e.g. createTask. */
  operationId: string;
  method: 'GET' | 'POST';
  /** After TASK_URL, e.g. '' or `/${EXAMPLE_TASK_ID}/cancel`. */
  path: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: Record<string, unknown>;
  /** The status the request answers on a fresh account. */
  status: number;
};

export const GOAL =
  'Confirm the dental appointment for Kim Lee tomorrow at 3 pm; offer Thursday if not.';

export const createTaskRequest = {
  operationId: 'createTask',
  method: 'POST',
  path: '',
  query: { wait: 'true' },
  headers: { 'Idempotency-Key': 'appointment-A-1001' },
  body: {
    phone_number: '+14155550123',
    goal: GOAL,
    metadata: { appointment_id: 'A-1001' },
  },
  status: 201,
} satisfies WireRequest;

export const RESULT_SCHEMA = {
  type: 'object',
  properties: {
    confirmed: { type: 'boolean' },
    new_time: { type: ['string', 'null'] },
    preferred_channel: { type: 'string', enum: ['phone', 'sms', 'email'] },
  },
};

export const resultRequest = {
  operationId: 'createTask',
  method: 'POST',
  path: '',
  query: { wait: 'true' },
  body: {
    phone_number: '+14155550123',
    goal: GOAL,
    output_schema: RESULT_SCHEMA,
    record: true,
    recording_retention_days: 30,
  },
  status: 201,
} satisfies WireRequest;

export const toolRequest = {
  operationId: 'createTask',
  method: 'POST',
  path: '',
  body: {
    phone_number: '+14155550110',
    goal: 'Tell Kim her prescription is ready; answer her questions about it.',
    tools: [
      {
        name: 'check_prescription',
        description: 'Whether a prescription is ready for pickup, and from when.',
        parameters: {
          type: 'object',
          properties: { patient_name: { type: 'string' } },
          required: ['patient_name'],
        },
        url: 'https://pharmacy.example.com/dialwise/prescription',
      },
    ],
  },
  status: 201,
} satisfies WireRequest;

export const phoneAgentRequest = {
  operationId: 'createTask',
  method: 'POST',
  path: '',
  body: {
    phone_number: '+14155550123',
    goal: 'Remind Ana Ruiz that rent is due on the 1st and ask when she plans to pay.',
    voice: 'Roger',
    speaking_style: 'Friendly',
    language: 'es',
  },
  status: 201,
} satisfies WireRequest;

export const webhookRequest = {
  operationId: 'createTask',
  method: 'POST',
  path: '',
  body: {
    phone_number: '+14155550123',
    goal: GOAL,
    webhook_url: 'https://example.com/hooks/calls',
  },
  status: 201,
} satisfies WireRequest;

export const getTaskRequest = {
  operationId: 'getTask',
  method: 'GET',
  path: `/${EXAMPLE_TASK_ID}`,
  status: 200,
} satisfies WireRequest;

export const listTasksRequest = {
  operationId: 'listTasks',
  method: 'GET',
  path: '',
  query: { status: 'success' },
  status: 200,
} satisfies WireRequest;

/** The page after one that ended with EXAMPLE_TASK_ID (its next_cursor). */
export const listTasksNextPageRequest = {
  operationId: 'listTasks',
  method: 'GET',
  path: '',
  query: { status: 'success', starting_after: EXAMPLE_TASK_ID },
  status: 200,
} satisfies WireRequest;

export const cancelTaskRequest = {
  operationId: 'cancelTask',
  method: 'POST',
  path: `/${EXAMPLE_TASK_ID}/cancel`,
  status: 200,
} satisfies WireRequest;

export const eventsRequest = {
  operationId: 'streamTaskEvents',
  method: 'GET',
  path: `/${EXAMPLE_TASK_ID}/events`,
  headers: { Accept: 'text/event-stream' },
  status: 200,
} satisfies WireRequest;

/** The smallest mistake: `phone` for `phone_number`. */
export const errorRequest = {
  operationId: 'createTask',
  method: 'POST',
  path: '',
  body: { phone: '+14155550123', goal: GOAL },
  status: 400,
} satisfies WireRequest;

/** Every request /docs shows, for the tests. */
export const wireRequests: Record<string, WireRequest> = {
  createTaskRequest,
  resultRequest,
  toolRequest,
  phoneAgentRequest,
  webhookRequest,
  getTaskRequest,
  listTasksRequest,
  listTasksNextPageRequest,
  cancelTaskRequest,
  eventsRequest,
  errorRequest,
};

export const urlOf = (request: WireRequest) =>
  `${TASK_URL}${request.path}${request.query ? `?${new URLSearchParams(request.query)}` : ''}`;

const transcript = [
  {
    speaker: 'agent',
    text: 'Hi, this is Aria, an AI assistant calling on behalf of Bright Smiles Dental. If you need to reach us, call +1 415-711-0139. This call is transcribed by an automated system.',
    start_ms: 600,
    end_ms: 5200,
    dtmf: null,
  },
  { speaker: 'callee', text: 'Hi, yes, speaking.', start_ms: 6100, end_ms: 7400, dtmf: null },
  {
    speaker: 'agent',
    text: 'I am calling to confirm your appointment tomorrow at 3 pm. Does that still work?',
    start_ms: 8000,
    end_ms: 12600,
    dtmf: null,
  },
  {
    speaker: 'callee',
    text: 'Yes, tomorrow at 3 works.',
    start_ms: 13300,
    end_ms: 15000,
    dtmf: null,
  },
  {
    speaker: 'agent',
    text: 'Great, see you then. If you need to reach us, call +1 415-711-0139. Goodbye.',
    start_ms: 15600,
    end_ms: 20800,
    dtmf: null,
  },
];

/** The task createTaskRequest answers with, once the call ended (also GET /task/{id}). */
export const taskExample = {
  id: EXAMPLE_TASK_ID,
  object: 'task',
  status: 'success',
  outcome: 'achieved',
  phone_number: '+14155550123',
  from_number: '+14155550187',
  from_number_id: 'num_01JD2W8X4Q5R7T9V1B3C5D7F9H',
  agent_id: null,
  agent_version: null,
  direction: 'outbound',
  goal: GOAL,
  context: {},
  metadata: { appointment_id: 'A-1001' },
  voice: 'Aria',
  language: 'en',
  speaking_style: 'Professional',
  first_sentence: 'Hi, this is Aria, an AI assistant.',
  max_duration_minutes: 10,
  voicemail: { action: 'hang_up', message: null },
  retry: { max_attempts: 3, interval_minutes: 30, compress_waits: false },
  webhook_url: null,
  call_window: { start: '08:00', end: '21:00' },
  time_zones: ['America/Los_Angeles'],
  schedule_at: null,
  scheduled_for: null,
  scheduled_reason: null,
  livemode: true,
  simulated: false,
  test_clock: null,
  source: 'api',
  batch_id: null,
  batch_index: null,
  created_at: `${AT}1:57.515Z`,
  started_at: `${AT}1:58.219Z`,
  ended_at: `${AT}2:19.301Z`,
  duration_seconds: 21,
  billed_minutes: 1,
  cost_usd: 0,
  free_minutes_used: 1,
  attempts: [
    {
      number: 1,
      status: 'success',
      started_at: `${AT}1:58.219Z`,
      ended_at: `${AT}2:19.301Z`,
      ended_reason: 'customer-ended-call',
    },
  ],
  next_attempt_at: null,
  transcript,
  transcription: transcript
    .map((turn) => `${turn.speaker === 'agent' ? 'Agent' : 'Callee'}: ${turn.text}`)
    .join('\n'),
  summary: 'Kim Lee confirmed the appointment tomorrow at 3 pm.',
  output_schema: null,
  tools: [],
  transfer: null,
  result: null,
  result_note: null,
  record: false,
  recording_retention_days: 30,
  recording_url: null,
  recording_status: null,
  recording_expires_at: null,
  call_outcome: 'human_answered',
  call_outcome_evidence:
    'The provider ended the call with "customer-ended-call"; the callee spoke 2 times.',
  provider_reason: 'customer-ended-call',
  failure_reason: null,
  opted_out: false,
  purpose: 'informational',
  offer: null,
  consent: null,
  legal_basis: {
    type: 'prior_express_consent',
    source: 'account',
    attestation_id: 12,
    attested_at: '2026-11-02T09:00:00.000Z',
  },
  disclosures: {
    business_name: 'Bright Smiles Dental',
    callback_number: '+14157110139',
    language: 'en',
    identification: 'Hi, this is Aria, an AI assistant calling on behalf of Bright Smiles Dental.',
    purpose: null,
    opt_out: null,
    transcription_notice: 'This call is transcribed by an automated system.',
    recording_notice: null,
    callback: 'If you need to reach us, call +1 415-711-0139. Goodbye.',
    identification_spoken_at_ms: 600,
    callback_spoken_at_ms: 15600,
  },
  recording: { status: 'off', consent: 'all_party', state: 'CA' },
  content_erased_at: null,
  events_url: `${TASK_URL}/${EXAMPLE_TASK_ID}/events`,
  url: `${TASK_URL}/${EXAMPLE_TASK_ID}`,
};

const spoken = ({ dtmf: _dtmf, ...turn }: (typeof transcript)[number]) => turn;

const envelope = (id: number, type: string, at: string, data: Record<string, unknown>) => ({
  id,
  event_id: `evt_${EXAMPLE_TASK_ID}_${id}`,
  type,
  task_id: EXAMPLE_TASK_ID,
  livemode: true,
  simulated: false,
  created_at: `${AT}${at}Z`,
  data,
});

/** Events of the task's stream, as GET /task/{id}/events and webhooks carry them. */
export const eventExamples = [
  envelope(1, 'task.queued', '1:57.515', {}),
  envelope(2, 'call.ringing', '1:58.219', { attempt: 1 }),
  envelope(3, 'call.answered', '1:58.402', { attempt: 1 }),
  // A spoken turn's live event carries no dtmf (a key press is its own keypad.pressed event).
  envelope(4, 'transcript.turn', '1:58.521', { attempt: 1, ...spoken(transcript[0]!) }),
  envelope(9, 'call.ended', '2:19.301', {
    attempt: 1,
    status: 'success',
    call_outcome: 'human_answered',
    ended_reason: 'customer-ended-call',
  }),
  envelope(10, 'task.completed', '2:19.301', taskExample),
];

/** The stream as text: what `curl -N …/events` prints, the final task abridged. */
export const eventStreamText = eventExamples
  .map((event) => {
    const data =
      event.type === 'task.completed'
        ? {
            ...event,
            data: {
              id: taskExample.id,
              object: 'task',
              status: taskExample.status,
              outcome: taskExample.outcome,
              '…': 'the whole task, as GET /task/{id} answers it',
            },
          }
        : event;
    return `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(data)}`;
  })
  .join('\n\n');

/** One webhook delivery: its Standard Webhooks headers and the event as its body. */
export const webhookDeliveryExample = {
  headers: {
    'content-type': 'application/json',
    'webhook-id': `evt_${EXAMPLE_TASK_ID}_9`,
    'webhook-timestamp': '1795806139',
    'webhook-signature': 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  },
  body: eventExamples[4]!,
};

/** What errorRequest answers: the unknown field named, with the field it was likely meant as. */
export const errorExample = {
  error: {
    code: 'invalid_request',
    message: 'unknown field `phone`; did you mean `phone_number`?',
    field: 'phone',
    request_id: 'req_63f79fd54c7611f71b0ed515',
  },
};
