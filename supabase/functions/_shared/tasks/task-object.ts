// The task object of the API (docs/product-rules.md#task-statuses-and-outcomes), from its database
// rows.
import type {
  AttemptStatus,
  TaskOutcome,
  TaskSource,
  TaskStatus,
} from '../contract/task-vocabulary.ts';
import {
  failureReasonOf,
  type CallOutcome,
  type FailureReason,
} from '../contract/call-outcomes.ts';
import type { TranscriptTurn } from '../voice/provider.ts';
import type {
  CallPurpose,
  ConsentType,
  RecordingConsentStatus,
} from '../contract/task-vocabulary.ts';
import { disclosuresFor, type DisclosureFacts } from '../contract/disclosures.ts';
import { allPartyConsentStateOf } from '../contract/recording-consent.ts';

/** The consent a task was created with (public.task_consents), as stored. */
export type ConsentRecord = {
  type: ConsentType;
  obtained_at: string;
  source: string;
  reference: string;
  recorded_at: string;
  /** The number the consent was given for (null on records kept before it was). */
  phone_number: string | null;
  given_by: string | null;
};

/** Why the law lets a live call be placed: the task's own basis or the account's attested one. */
export type LegalBasis = {
  type: 'prior_express_consent' | 'prior_express_written_consent' | 'exemption';
  exemption?: string;
  source: 'task' | 'account';
  attestation_id?: number;
  attested_at?: string;
};
import { scheduledReason } from './scheduled-reason.ts';
import type { TaskTool } from '../contract/task-tools.ts';
import type { TaskTransfer } from '../contract/task-transfer.ts';

export type TaskRow = {
  id: string;
  user_id: string;
  source: TaskSource;
  status: TaskStatus;
  outcome: TaskOutcome | null;
  /** Null only for a browser call (direction web): the agent talks with the account's user. */
  phone_number: string | null;
  /** Null once the call content is erased (content_erased_at). */
  goal: string | null;
  context: Record<string, unknown>;
  metadata: Record<string, unknown>;
  voice: string;
  language: string;
  speaking_style: string;
  first_sentence: string | null;
  max_duration_minutes: number;
  voicemail_action: 'hang_up' | 'leave_message';
  voicemail_message: string | null;
  retry_max_attempts: number;
  retry_interval_minutes: number;
  /** Test mode: each minute of the interval waits one second. */
  retry_waits_compressed?: boolean;
  /** Marketing calls: what the call sells, named in the opening. */
  offer?: string | null;
  /** The number the call shows (the account's, a test call's fictional one; null: shared). */
  from_number?: string | null;
  from_number_id?: string | null;
  /** The agent the task ran with, and which version (null: none named). */
  agent_id?: string | null;
  agent_version?: number | null;
  /** A test run's scripted callee (test mode only). */
  test_scenario?: Record<string, unknown> | null;
  direction?: 'outbound' | 'inbound' | 'web';
  webhook_url: string | null;
  current_attempt: number;
  next_attempt_at: string | null;
  created_at: string;
  started_at: string | null;
  ended_at: string | null;
  duration_seconds: number;
  billed_minutes: number;
  cost_cents: number;
  free_minutes_used: number;
  transcript: TranscriptTurn[];
  summary: string | null;
  recording_url: string | null;
  failure_reason: string | null;
  call_outcome: CallOutcome | null;
  call_outcome_evidence: string | null;
  provider_reason: string | null;
  opted_out: boolean;
  provider_token_hash: string;
  event_seq: number;
  time_zones: string[];
  call_window_start: string;
  call_window_end: string;
  schedule_at: string | null;
  scheduled_for: string | null;
  output_schema: Record<string, unknown> | null;
  result: Record<string, unknown> | null;
  result_note: string | null;
  record: boolean;
  recording_retention_days: number;
  recording_expires_at: string | null;
  recording_status: RecordingStatus | null;
  content_erased_at: string | null;
  batch_id: string | null;
  batch_index: number | null;
  purpose: CallPurpose;
  disclosure_facts: DisclosureFacts | null;
  recording_consent: 'granted' | 'declined' | null;
  /** Its consent record, read with it (null: none was given). */
  consent?: ConsentRecord | null;
  /** Why the law lets the live call be placed (null: a test call). */
  legal_basis: LegalBasis | null;
  /** Acceptance on the clock calling windows are judged by (null on rows made before it). */
  calling_clock_at: string | null;
  /** False for a test key's task: the simulated network, free (docs/product-rules.md#test-mode). */
  livemode: boolean;
  /** Test mode only: 'open' or the moment the request set; null for a live task. */
  test_clock: string | null;
  /** The integrator's tools the agent may call; null: none. */
  tools: TaskTool[] | null;
  /** Where and when the agent hands the callee to a person; null: never. */
  transfer: TaskTransfer | null;
  /** In task_accept's answer: queued, but waiting for a call slot (not placed yet). */
  awaiting_slot?: boolean;
};

export type AttemptRow = {
  task_id: string;
  number: number;
  status: AttemptStatus;
  provider_call_id: string | null;
  provider_control_url: string | null;
  ended_reason: string | null;
  started_at: string | null;
  answered_at: string | null;
  ended_at: string | null;
  duration_seconds: number;
  settled_at: string | null;
};

export const TASK_COLUMNS =
  'id, user_id, source, status, outcome, phone_number, goal, context, metadata, voice, language, speaking_style, first_sentence, max_duration_minutes, voicemail_action, voicemail_message, retry_max_attempts, retry_interval_minutes, webhook_url, current_attempt, next_attempt_at, created_at, started_at, ended_at, duration_seconds, billed_minutes, cost_cents, free_minutes_used, transcript, summary, recording_url, failure_reason, call_outcome, call_outcome_evidence, provider_reason, opted_out, provider_token_hash, event_seq, time_zones, call_window_start, call_window_end, schedule_at, scheduled_for, output_schema, result, result_note, record, recording_retention_days, recording_expires_at, recording_status, content_erased_at, batch_id, batch_index, livemode, test_clock, tools, purpose, disclosure_facts, recording_consent, transfer, legal_basis, calling_clock_at, retry_waits_compressed, offer, from_number, from_number_id, direction, agent_id, agent_version, test_scenario';
/** The consent record, embedded (PostgREST) or read alongside (task-sql.ts) as `consent`. */
export const CONSENT_COLUMNS =
  'type, obtained_at, source, reference, recorded_at, phone_number, given_by';
export const ATTEMPT_COLUMNS =
  'task_id, number, status, provider_call_id, provider_control_url, ended_reason, started_at, answered_at, ended_at, duration_seconds, settled_at';

/** "08:00:00" (PostgreSQL's time) → "08:00". */
const hhmm = (time: string) => time.slice(0, 5);

/** "Agent: …\nCallee: …", the plain-text transcript of the landing page's code sample. */
export function transcription(turns: TranscriptTurn[]): string {
  return turns.map((t) => `${t.speaker === 'agent' ? 'Agent' : 'Callee'}: ${t.text}`).join('\n');
}

/** Where a task's recording stands: being copied, available, could not be copied, erased. */
export type RecordingStatus = 'pending' | 'available' | 'failed' | 'erased';

/**
 * Our own endpoint for the call's audio while it is kept (never the provider's address): null
 * when the call was not recorded, the copy is not done or failed, the retention pass erased it,
 * or its retention ran out (before the pass came).
 */
export function recordingUrlOf(row: TaskRow, url: string, now = Date.now()): string | null {
  if (!row.record || row.recording_status !== 'available' || !row.recording_expires_at) return null;
  return Date.parse(row.recording_expires_at) > now ? `${url}/recording` : null;
}

/** The recording's status as the API shows it: erased once its retention ran out. */
function recordingStatusOf(row: TaskRow, now = Date.now()): RecordingStatus | null {
  if (!row.record || !row.recording_status) return null;
  if (
    row.recording_status !== 'failed' &&
    row.recording_expires_at &&
    Date.parse(row.recording_expires_at) <= now
  )
    return 'erased';
  return row.recording_status;
}

/**
 * What became of the task's call: a canceled task is `canceled` however far its call got (the
 * cancel ends it; the provider's later report only bills); null while no call has ended.
 */
function callOutcomeOf(row: TaskRow): CallOutcome | null {
  return row.status === 'canceled' ? 'canceled' : row.call_outcome;
}

/** Where the recording stands against the callee's consent, and which rule the call followed. */
function recordingOf(row: TaskRow) {
  const state = allPartyConsentStateOf(row.phone_number ?? '');
  let status: RecordingConsentStatus = 'pending';
  if (!row.record) status = 'off';
  else if (row.recording_consent === 'declined') status = 'declined';
  else if (row.recording_status) status = 'recorded';
  return { status, consent: state ? ('all_party' as const) : ('one_party' as const), state };
}

/** Milliseconds into the call at which the agent began a turn that says `text`, or null. */
function spokenAt(turns: TranscriptTurn[], text: string | null): number | null {
  if (!text) return null;
  const turn = turns.find((t) => t.speaker === 'agent' && t.text.includes(text));
  return turn ? turn.start_ms : null;
}

/** What the call's mandatory opening says (and said, by the transcript). */
export function disclosuresOf(row: TaskRow) {
  const d = disclosuresFor({
    business_name: row.disclosure_facts?.business_name ?? null,
    callback_number: row.disclosure_facts?.callback_number ?? null,
    language: row.language,
    voice: row.voice,
    phoneNumber: row.phone_number ?? '',
    record: row.record,
    purpose: row.purpose ?? 'informational',
    offer: row.offer ?? null,
  });
  return {
    business_name: d.business_name,
    callback_number: d.callback_number,
    language: d.language,
    identification: d.identification,
    purpose: d.purpose,
    opt_out: d.opt_out,
    transcription_notice: d.transcription_notice,
    recording_notice: d.recording_notice,
    callback: d.callback,
    identification_spoken_at_ms: spokenAt(row.transcript, d.identification),
    callback_spoken_at_ms: spokenAt(row.transcript, d.callback),
  };
}

/**
 * Whether a task's calls are played by the simulated network: every test-mode task, and every task
 * of a stack whose live calls go to the simulated network too (the local stack). Its times are
 * wall-clock times and its durations the simulated conversation's, which plays faster than real
 * time (docs/product-rules.md#test-mode).
 */
export const isSimulatedTask = (row: Pick<TaskRow, 'livemode'>, liveCallsSimulated: boolean) =>
  !row.livemode || liveCallsSimulated;

export function toApiTask(
  row: TaskRow,
  attempts: AttemptRow[],
  taskBaseUrl: string,
  liveCallsSimulated = false,
) {
  const url = `${taskBaseUrl}/${row.id}`;
  return {
    id: row.id,
    object: 'task' as const,
    status: row.status,
    outcome: row.outcome,
    phone_number: row.phone_number,
    from_number: row.from_number ?? null,
    from_number_id: row.from_number_id ?? null,
    agent_id: row.agent_id ?? null,
    agent_version: row.agent_version ?? null,
    direction: row.direction ?? 'outbound',
    goal: row.goal,
    context: row.context,
    metadata: row.metadata,
    voice: row.voice,
    language: row.language,
    speaking_style: row.speaking_style,
    first_sentence: row.first_sentence,
    max_duration_minutes: row.max_duration_minutes,
    voicemail: { action: row.voicemail_action, message: row.voicemail_message },
    retry: {
      max_attempts: row.retry_max_attempts,
      interval_minutes: row.retry_interval_minutes,
      compress_waits: row.retry_waits_compressed === true,
    },
    webhook_url: row.webhook_url,
    call_window: { start: hhmm(row.call_window_start), end: hhmm(row.call_window_end) },
    time_zones: row.time_zones,
    schedule_at: row.schedule_at,
    scheduled_for: row.scheduled_for,
    scheduled_reason: scheduledReason(row),
    livemode: row.livemode,
    simulated: isSimulatedTask(row, liveCallsSimulated),
    test_clock: row.test_clock,
    source: row.source,
    batch_id: row.batch_id,
    batch_index: row.batch_index,
    created_at: row.created_at,
    started_at: row.started_at,
    ended_at: row.ended_at,
    duration_seconds: row.duration_seconds,
    billed_minutes: row.billed_minutes,
    cost_usd: row.cost_cents / 100,
    free_minutes_used: row.free_minutes_used,
    attempts: [...attempts]
      .sort((a, b) => a.number - b.number)
      .map((a) => ({
        number: a.number,
        status: a.status,
        started_at: a.started_at,
        ended_at: a.ended_at,
        ended_reason: a.ended_reason,
      })),
    next_attempt_at: row.next_attempt_at,
    // dtmf on every turn: the keys of a key press, null for speech.
    transcript: row.transcript.map((turn) => ({ ...turn, dtmf: turn.dtmf ?? null })),
    transcription: row.content_erased_at ? null : transcription(row.transcript),
    summary: row.summary,
    output_schema: row.output_schema,
    tools: row.tools ?? [],
    transfer: row.transfer ?? null,
    result: row.result,
    result_note: row.result_note,
    record: row.record,
    recording_retention_days: row.recording_retention_days,
    recording_url: recordingUrlOf(row, url),
    recording_status: recordingStatusOf(row),
    recording_expires_at: row.record ? row.recording_expires_at : null,
    call_outcome: callOutcomeOf(row),
    call_outcome_evidence:
      row.status === 'canceled' ? 'The task was canceled.' : row.call_outcome_evidence,
    provider_reason: row.provider_reason,
    failure_reason: failureReasonOf(row.failure_reason) satisfies FailureReason | null,
    opted_out: row.opted_out,
    purpose: row.purpose ?? 'informational',
    offer: row.offer ?? null,
    consent: row.consent ?? null,
    legal_basis: row.legal_basis ?? null,
    disclosures: disclosuresOf(row),
    recording: recordingOf(row),
    content_erased_at: row.content_erased_at,
    events_url: `${url}/events`,
    url,
  };
}

export type ApiTask = ReturnType<typeof toApiTask>;
