import { LIMITS } from '@contract/limits.ts';
import { PRICE_PER_MINUTE_USD } from '@/config/constants';
import {
  DEFAULT_PHONE_AGENT_SETTINGS,
  languageValues,
  speakingStyleValues,
  voiceValues,
} from '@/config/phone-agent-options';
import { SIMULATED_NUMBERS } from '@contract/simulated-numbers.ts';
import {
  isTerminalStatus,
  TASK_OUTCOME_LABELS,
  TASK_OUTCOMES,
  TASK_STATUS_LABELS,
  TASK_STATUSES,
  type TaskOutcome,
  type TaskStatus,
} from '@contract/task-vocabulary.ts';

/**
 * Facts of the call API (supabase/functions/task/openapi.yaml), as data so the page, its tables
 * and its tests agree.
 */

export { API_BASE_URL, IS_LOCAL_STACK, MCP_URL, TASK_URL } from '@/config/api';

export const centsPerMinute = Math.round(PRICE_PER_MINUTE_USD * 100);

export type FieldDoc = {
  name: string;
  type: string;
  required?: boolean;
  description: string;
};

const quoted = (values: readonly string[]) => values.map((v) => `"${v}"`).join(', ');

export const requestFields: FieldDoc[] = [
  {
    name: 'phone_number',
    type: 'string',
    required: true,
    description:
      'The number to call, in E.164 form, for example +14155550123: a valid US fixed-line, mobile or toll-free number. Premium-rate (900) and shared-cost numbers, N11 codes (411, 911), other NANP countries (Canada, the Caribbean) and unassigned area codes are refused with 400 number_not_allowed, saying why. A number on your do-not-call list is refused with 403 do_not_call.',
  },
  {
    name: 'goal',
    type: 'string',
    required: true,
    description:
      'What the agent should achieve on the call, 1–4000 characters. `task` is accepted as an alias.',
  },
  {
    name: 'context',
    type: 'object',
    description: 'Facts the agent may use during the call, such as names or appointment details.',
  },
  {
    name: 'voice',
    type: 'string',
    description: `One of ${quoted(voiceValues)}. Defaults to your saved phone agent settings (${DEFAULT_PHONE_AGENT_SETTINGS.voice} if none).`,
  },
  {
    name: 'language',
    type: 'string',
    description: `One of ${quoted(languageValues)}. Defaults to your saved phone agent settings ("${DEFAULT_PHONE_AGENT_SETTINGS.language}" if none).`,
  },
  {
    name: 'speaking_style',
    type: 'string',
    description: `One of ${quoted(speakingStyleValues)}. Defaults to your saved phone agent settings (${DEFAULT_PHONE_AGENT_SETTINGS.speakingStyle} if none).`,
  },
  {
    name: 'first_sentence',
    type: 'string',
    description:
      'A line the agent says right after the mandatory opening. Every call first names your business (your KYC legal name), says the caller is an AI assistant, gives the recording notice when recorded and, for marketing calls, the opt-out ("say stop, or press 9"); before it ends the agent gives your verified phone as the callback number. Our wording, in the call’s language: a goal or first_sentence asking to hide it ("don’t say you are an AI", "pretend to be a person") is refused with 400 naming that field.',
  },
  {
    name: 'max_duration_minutes',
    type: 'integer',
    description: `Longest the call may last, ${LIMITS.maxDurationMinutes.min}–${LIMITS.maxDurationMinutes.max}. Default ${LIMITS.maxDurationMinutes.default}. The credit hold is based on this value.`,
  },
  {
    name: 'voicemail',
    type: 'object',
    description:
      'What to do when voicemail answers, e.g. { "action": "leave_message", "message": "Please call us back." }.',
  },
  {
    name: 'retry',
    type: 'object',
    description:
      'Retry policy for unanswered calls: { "max_attempts", "interval_minutes", "compress_waits" }. Default: every 30 minutes, up to 3 retries. compress_waits (test mode only) waits a second per minute, so retries finish while you watch.',
  },
  {
    name: 'webhook_url',
    type: 'string',
    description: 'HTTPS URL that receives signed event deliveries for this task (see Webhooks).',
  },
  {
    name: 'metadata',
    type: 'object',
    description: 'Your own data, echoed back on the task and in events. At most 4 KB.',
  },
  {
    name: 'call_window',
    type: 'object',
    description:
      'Narrows the calling hours, 08:00 to 21:00 in the callee’s time zone (from the area code): { "start": "09:00", "end": "17:00" }. Outside it the task waits as scheduled.',
  },
  {
    name: 'schedule_at',
    type: 'string',
    description:
      'ISO 8601 time to place the call at, at most 30 days ahead; moved forward into the calling window if needed.',
  },
  {
    name: 'test_clock',
    type: 'string',
    description:
      'Test mode only (a dw_test_ key): "open" (the default) treats the calling window as open; an ISO 8601 time such as "2026-11-27T23:30:00-08:00" judges the window and schedule_at as live mode would at that moment. A live key’s request with it is refused with 400.',
  },
  {
    name: 'output_schema',
    type: 'object',
    description:
      'A JSON Schema (draft 2020-12) of the result you want back, e.g. { "type": "object", "properties": { "confirmed": { "type": "boolean" } } }. Fields may be object, string, number, integer, boolean, array or string enum, a type optionally paired with "null"; nested at most 3 levels; at most 8 KB. Anything else is refused with 400 naming output_schema.',
  },
  {
    name: 'record',
    type: 'boolean',
    description:
      'Keep the call’s audio (default false: no audio is stored unless you ask). It is served at recording_url. In states that require every party’s consent (CA, CT, DE, FL, IL, MD, MA, MT, NV, NH, PA, WA, by the area code) the call asks first and records only after a yes; a callee who says no is not recorded and the call goes on (recording.status "declined"). Elsewhere the opening says the call is recorded.',
  },
  {
    name: 'recording_retention_days',
    type: 'integer',
    description: 'Days a recording is kept after the call ends, 1–90. Default 30.',
  },
  {
    name: 'purpose',
    type: 'string',
    description:
      '"informational" (default) or "marketing". A marketing call needs consent and offer, and its opening says what it sells and how to opt out.',
  },
  {
    name: 'from_number',
    type: 'string',
    description:
      "The number the callee sees: one of your active numbers (GET /task/numbers), by id (num_…) or digits. Default: your account's default number (an account that never had one gets the phone it verified at sign-up as its caller ID on its first live call). A number not yours or not active, or none at all, is refused with 400 naming from_number. A test call always shows the fictional +12025550100.",
  },
  {
    name: 'offer',
    type: 'string',
    description:
      'Marketing calls: what the call sells, up to 200 characters, said in the opening right after "This is a sales call." ("It is about teeth whitening at our Mission Street clinic."). Required with purpose marketing (400 naming offer); refused on an informational call.',
  },
  {
    name: 'consent',
    type: 'object',
    description:
      'How and when the callee consented: { "type": "written" | "express", "obtained_at", "source", "reference", "phone_number"?, "given_by"? }. Required for marketing calls, with type "written" (prior express written consent); without it 400 naming consent. phone_number (the number it covers) must be the one called. Stored with the task as an audit record nobody can change or delete, and in your data export. A live call needs a legal basis: this, an exemption, or your attested default (see Legal basis).',
  },
  {
    name: 'exemption',
    type: 'string',
    description:
      'The exemption from prior express consent a live call without consent rests on: emergency, healthcare, financial_alert or package_delivery (free to the callee; never for marketing). Without consent, exemption or your attested default, a live call is refused with 400 naming consent.',
  },
  {
    name: 'agent_id',
    type: 'string | null',
    description:
      "One of your agents (agt_…, GET /task/agents): the call takes the agent's fields (voice, language, goal, context, tools, transfer, voicemail, output_schema, call_window, …) under the body's own, which win; context merges key by key. An archived agent, or another account's, is refused with 400 naming agent_id. Left out, the account's default agent (chosen on the Phone Agent page) is taken, if it has one; null takes no agent.",
  },
  {
    name: 'agent_version',
    type: 'number',
    description:
      'Which version of agent_id the call takes (each change of an agent is a new version): its latest when left out. The task records the version it ran with.',
  },
  {
    name: 'tools',
    type: 'array',
    description:
      'Your own functions the agent may call during the call, at most 8: { name, description, parameters (a JSON Schema in the same subset as output_schema), url (https, like webhook_url) }. See Tools during the call.',
  },
  {
    name: 'transfer',
    type: 'object',
    description:
      'Hand the callee to a person: { to (a US number, under phone_number\'s rules and your do-not-call list; else 400 naming transfer.to), when (plain language; default: they ask for a person), mode ("warm", the default, briefs the person first; "cold" connects at once), summary (warm: brief with a summary of the call; default true) }. See Transfer and keypad.',
  },
];

export const taskFields: FieldDoc[] = [
  { name: 'id', type: 'string', description: 'Task identifier, prefixed task_.' },
  { name: 'status', type: 'string', description: 'Where the call is; see Statuses.' },
  {
    name: 'outcome',
    type: 'string',
    description: 'Whether the goal was met: achieved, not_achieved or unknown.',
  },
  { name: 'phone_number', type: 'string', description: 'The number called.' },
  {
    name: 'direction',
    type: "'outbound' | 'inbound'",
    description:
      'inbound: a call to one of your numbers, answered by your agent; phone_number is then the caller and from_number the number they called.',
  },
  {
    name: 'from_number / from_number_id',
    type: 'string | null',
    description:
      "The number the callee saw and its id: the one the task named, else the account's default as the last attempt began (a released number is never shown again); +12025550100 on a test call; null only on calls placed before accounts had numbers of their own.",
  },
  {
    name: 'agent_id / agent_version',
    type: 'string | null / number | null',
    description:
      'The agent whose fields the call took (agent_id of the create) and the version it ran with; null when the call named none.',
  },
  {
    name: 'goal',
    type: 'string | null',
    description: 'The goal you sent; null once the call content is erased (see content_erased_at).',
  },
  { name: 'context', type: 'object', description: 'The context you sent.' },
  { name: 'metadata', type: 'object', description: 'Your metadata, echoed back.' },
  {
    name: 'voice / language / speaking_style / first_sentence',
    type: 'string',
    description: 'The agent that made the call, after defaults were applied.',
  },
  {
    name: 'max_duration_minutes / voicemail / retry / webhook_url',
    type: 'mixed',
    description: 'The call settings, after defaults were applied.',
  },
  {
    name: 'source',
    type: 'string',
    description: 'How the task was created: api, dashboard, mcp or sms.',
  },
  {
    name: 'created_at / started_at / ended_at',
    type: 'string | null',
    description: 'ISO 8601 timestamps.',
  },
  { name: 'duration_seconds', type: 'integer', description: 'Connected time of the call.' },
  {
    name: 'billed_minutes',
    type: 'integer',
    description: 'Whole minutes charged, rounded up.',
  },
  { name: 'cost_usd', type: 'number', description: 'What the call cost, in US dollars.' },
  {
    name: 'free_minutes_used',
    type: 'integer',
    description: 'Free minutes this call consumed.',
  },
  {
    name: 'attempts',
    type: 'array',
    description: 'One entry per dial: { number, status, started_at, ended_at, ended_reason }.',
  },
  {
    name: 'transcript',
    type: 'array',
    description: 'Turns of the conversation: { speaker, text, start_ms, end_ms }.',
  },
  {
    name: 'transcription',
    type: 'string',
    description: 'The whole transcript as text, one line per turn.',
  },
  { name: 'summary', type: 'string', description: 'A short summary of the call.' },
  {
    name: 'next_attempt_at',
    type: 'string | null',
    description: 'When the next attempt is due, while the task is retry_scheduled.',
  },
  {
    name: 'failure_reason',
    type: 'object | null',
    description:
      'Why the task failed (or was canceled before a call): { code, message }, a code of the failure codes table and a fixed sentence.',
  },
  {
    name: 'call_outcome',
    type: 'string | null',
    description:
      'What became of the last call, one of the call outcomes table (human_answered, voicemail_left, busy, …); null until a call ended.',
  },
  {
    name: 'call_outcome_evidence',
    type: 'string | null',
    description: 'Why call_outcome is what it is, in one sentence.',
  },
  {
    name: 'provider_reason',
    type: 'string | null',
    description: "The voice provider's own end reason for the last call, as it came.",
  },
  {
    name: 'tools',
    type: 'array',
    description:
      'The tools you sent ({ name, description, parameters, url }); empty without any. Their calls and answers are the tool.called and tool.answered events.',
  },
  {
    name: 'transfer',
    type: 'object | null',
    description:
      'The transfer you asked for, with its defaults filled in ({ to, when, mode, summary }); null without one.',
  },
  {
    name: 'output_schema / result',
    type: 'object | null',
    description:
      'The schema you sent, and the structured result of the call: valid against it, every field present, a field the conversation did not settle null. Null without a schema or until the call ends.',
  },
  {
    name: 'result_note',
    type: 'string | null',
    description:
      'Why every field of result is null: no conversation to analyse, or an analysis that did not fit your schema (never stored as invalid data).',
  },
  {
    name: 'record / recording_retention_days',
    type: 'mixed',
    description: 'Whether the audio is kept, and for how many days after the call.',
  },
  {
    name: 'recording_url / recording_expires_at',
    type: 'string | null',
    description:
      'GET it with your API key for the audio (WAV) while it is kept; a Range header (bytes=start-end) fetches part of it (206), so a player can seek. Null when the call was not recorded, the copy is not done, or the retention ended, which recording_expires_at tells.',
  },
  {
    name: 'recording_status',
    type: 'string | null',
    description:
      'pending (the audio is being copied from the call: available within seconds, retried for a few hours if that fails), available, failed (it could not be copied) or erased (retention ended, or the account was erased); null when no recording was made.',
  },
  {
    name: 'opted_out',
    type: 'boolean',
    description:
      'True when the callee asked during the call not to be called again: the outcome is not_achieved and the number is on your do-not-call list for good.',
  },
  {
    name: 'batch_id / batch_index',
    type: 'string | null, integer | null',
    description:
      'The batch the task was created in (POST /task/batches), and its row in that request, from 0; null for a task created alone.',
  },
  {
    name: 'content_erased_at',
    type: 'string | null',
    description:
      'When the call content was erased, 30 days after the task ended: goal, first_sentence, transcription, summary, result, result_note and the voicemail message are null, context and metadata {}, transcript [], and the turns in the events lose their text. The call record (number, times, status, outcome, duration, billed minutes, cost) stays.',
  },
  {
    name: 'events_url',
    type: 'string',
    description: 'The task’s event stream (returned when the task is created).',
  },
  {
    name: 'call_window / time_zones',
    type: 'mixed',
    description: 'The calling window in the callee’s local time, and the time zones it applies in.',
  },
  {
    name: 'schedule_at / scheduled_for',
    type: 'string | null',
    description:
      'The start you asked for, and when a scheduled task will be placed (its window’s opening).',
  },
  {
    name: 'scheduled_reason',
    type: 'string | null',
    description:
      'Why a scheduled task is not ringing now, in words: the callee’s local time when it was accepted, the calling window and when it opens (or that schedule_at asked for later). Null unless status is scheduled.',
  },
  {
    name: 'purpose / offer / consent',
    type: 'string / string | null / object | null',
    description:
      'informational (the default) or marketing; what a marketing call sells, as its opening names it; a marketing call’s consent record (type, obtained_at, source, reference) as it was given at create, stored unchanged and in the export. offer and consent are null for an informational call.',
  },
  {
    name: 'legal_basis',
    type: 'object | null',
    description:
      'Why the law lets this live call be placed: type prior_express_consent, prior_express_written_consent or exemption (with the exemption), source task (its own consent or exemption) or account (your attested default, with the attestation’s id and time). Null for a test call.',
  },
  {
    name: 'disclosures / recording',
    type: 'object / object',
    description:
      'What the mandatory opening said and when (the business, that the caller is an AI, the recording notice, the opt-out, the callback number, each with its moment in the call), and the recording’s state: off, recorded, or declined where the callee’s state needs every party’s consent and the callee said no.',
  },
  {
    name: 'livemode / simulated / test_clock',
    type: 'boolean / boolean / string | null',
    description:
      'livemode is false for a test key’s task (the simulated network, free); simulated is true when the simulated network plays the call (every test task, and every task on the local stack), whose conversation runs faster than real time: its duration is the conversation’s; test_clock is the clock its window was judged on ("open" or the moment you set), null for a live task.',
  },
  { name: 'url', type: 'string', description: 'This task in the API.' },
];

/** `label`: how the dashboard's Calls list and call view name the status. */
export type StatusDoc = { value: string; label: string; terminal: boolean; meaning: string };

const statusMeanings: Record<TaskStatus, string> = {
  scheduled: `Accepted for later: outside the callee’s calling window, or schedule_at is ahead. Money is held; it does not count toward the ${LIMITS.activeCallsPerAccount} active calls.`,
  queued: 'Accepted; the call has not started yet.',
  ringing: 'The callee’s phone is ringing.',
  in_progress: 'The call was answered and is under way.',
  retry_scheduled: 'An attempt did not connect; another attempt is scheduled.',
  success:
    'The conversation took place to its end. Whether the goal was met is the outcome’s to say.',
  no_answer: 'Nobody answered, after all retries.',
  busy: 'The line was busy, after all retries.',
  voicemail: 'Voicemail answered the call.',
  failed:
    'The call could not be placed or completed, including calls stopped by the duration watchdog.',
  canceled: 'You canceled the task.',
};

export const taskStatuses: StatusDoc[] = TASK_STATUSES.map((value) => ({
  value,
  label: TASK_STATUS_LABELS[value],
  terminal: isTerminalStatus(value),
  meaning: statusMeanings[value],
}));

const outcomeMeanings: Record<TaskOutcome, string> = {
  achieved: 'The agent met the goal.',
  not_achieved:
    'The goal was not met: the callee declined, or the call reached voicemail, did not connect, failed or was canceled.',
  unknown: 'The conversation took place, but it cannot be told whether the goal was met.',
};

export const outcomes = TASK_OUTCOMES.map((value) => ({
  value,
  label: TASK_OUTCOME_LABELS[value],
  meaning: outcomeMeanings[value],
}));

export const eventTypes = [
  { type: 'task.queued', meaning: 'The task was accepted, or its calling window opened.' },
  {
    type: 'task.scheduled',
    meaning:
      'The task waits for its calling window or schedule_at: data has scheduled_for and reason (calling_window, schedule_at, state_calling_hours, state_calling_days or state_call_cap).',
  },
  { type: 'call.ringing', meaning: 'The callee’s phone is ringing.' },
  { type: 'call.answered', meaning: 'The call was answered.' },
  { type: 'transcript.turn', meaning: 'One turn of the conversation, as it happens.' },
  { type: 'call.ended', meaning: 'The call attempt ended.' },
  { type: 'task.retry_scheduled', meaning: 'Another attempt is scheduled.' },
  {
    type: 'callee.opted_out',
    meaning:
      'The callee asked not to be called again; the number was added to your do-not-call list.',
  },
  {
    type: 'tool.called',
    meaning:
      'The agent called one of your tools: data has name, tool_call_id and the arguments it filled in.',
  },
  {
    type: 'tool.answered',
    meaning:
      'Your tool answered (ok true, result: your JSON) or did not (ok false, error); data has duration_ms.',
  },
  {
    type: 'knowledge.searched',
    meaning:
      'The agent searched its agent\'s documents (its built-in search_knowledge tool): data has the query and the results, each a document_id, document and place (like "page 2" or "row 4").',
  },
  {
    type: 'call.transferred',
    meaning:
      'The agent transferred the call and the person at transfer.to answered: data has to and the attempt. The call ends with call_outcome transferred.',
  },
  {
    type: 'keypad.pressed',
    meaning:
      'Keys were pressed on the keypad: data has speaker (callee, or agent at a phone menu), digits and the attempt.',
  },
  {
    type: 'task.completed',
    meaning: 'The task reached a terminal status; carries the final task object.',
  },
  {
    type: 'recording.available',
    meaning:
      'The recorded call’s audio can be downloaded (GET /task/{id}/recording): data has the attempt, content_type, size_bytes and duration_seconds. Comes after task.completed, usually within seconds.',
  },
  {
    type: 'recording.failed',
    meaning:
      'The recording could not be copied from the voice provider after its retries: data has the attempt and a message. Comes after task.completed.',
  },
  {
    type: 'inbound.started',
    meaning:
      'Someone called one of your numbers and your agent answered: the first event of an inbound task. data has from (the caller), to (your number) and previous_task_id (your last call to the caller, or null).',
  },
] as const;

export type ErrorDoc = { code: string; status: number; meaning: string };

export const errorCodes: ErrorDoc[] = [
  {
    code: 'invalid_request',
    status: 400,
    meaning: 'A field is missing, malformed or unknown. `field` names it.',
  },
  {
    code: 'number_not_allowed',
    status: 400,
    meaning:
      'phone_number is not a US number we may call (premium-rate, shared-cost, N11, another country, an unassigned area code). The message says why.',
  },
  { code: 'unauthorized', status: 401, meaning: 'The API key is missing, unknown or revoked.' },
  {
    code: 'insufficient_credits',
    status: 402,
    meaning: 'Your balance cannot cover the hold for max_duration_minutes. Buy credits.',
  },
  {
    code: 'kyc_required',
    status: 403,
    meaning: 'Live mode only: finish identity verification (KYC) in the dashboard.',
  },
  {
    code: 'phone_verification_required',
    status: 403,
    meaning: 'Live mode only: verify your phone number in the dashboard.',
  },
  {
    code: 'do_not_call',
    status: 403,
    meaning:
      'The number is on your do-not-call list: the callee asked not to be called again, or you added it in the dashboard.',
  },
  { code: 'not_found', status: 404, meaning: 'No task with that id on your account.' },
  {
    code: 'method_not_allowed',
    status: 405,
    meaning: 'That HTTP method is not supported on this path.',
  },
  {
    code: 'idempotency_conflict',
    status: 409,
    meaning: 'The Idempotency-Key was already used with a different body.',
  },
  {
    code: 'task_not_cancelable',
    status: 409,
    meaning: 'The task already ended, so it cannot be canceled.',
  },
  {
    code: 'range_not_satisfiable',
    status: 416,
    meaning: 'The Range asked of a recording starts beyond its end (Content-Range gives its size).',
  },
  {
    code: 'rate_limited',
    status: 429,
    meaning: 'Too many requests. Wait for Retry-After seconds.',
  },
  {
    code: 'internal',
    status: 500,
    meaning: 'Something went wrong on our side. Retry with the same Idempotency-Key.',
  },
  {
    code: 'not_configured',
    status: 503,
    meaning:
      'The service is missing one of its settings (the message names it, never its value). Nothing was done; retry later.',
  },
];

export const mcpTools = [
  {
    name: 'place_call',
    meaning: 'Create a task (phone_number, goal and the other fields of POST /task) and return it.',
  },
  {
    name: 'place_calls',
    meaning: `Create up to ${LIMITS.batchMaxRows.toLocaleString('en-US')} tasks at once (tasks, each merged over defaults), paced at ${LIMITS.activeCallsPerAccount} live calls; returns the batch.`,
  },
  { name: 'get_call', meaning: 'Read one task by id, with its transcript and summary.' },
  {
    name: 'list_calls',
    meaning: 'List recent tasks, optionally filtered by status; limit and cursor page through.',
  },
  { name: 'cancel_call', meaning: 'Cancel a task that has not ended, hanging up a live call.' },
  {
    name: 'list_numbers',
    meaning:
      "The account's own numbers: the default its live calls show, and the agent that answers each.",
  },
  {
    name: 'set_number_inbound_agent',
    meaning:
      'Set the agent that answers calls to a number: goal, context, voice, language, and a person to connect callers to within business hours.',
  },
] as const;

/**
 * The local stack's simulated phone network: the last digits of the number choose what the
 * callee does (the contract's list, which the local Vapi fake plays). Any other number answers and
 * agrees.
 */
export const simulatedNumbers: { digits: string; number: string; behaviour: string }[] =
  SIMULATED_NUMBERS.map(({ digits, number, summary }) => ({ digits, number, behaviour: summary }));
