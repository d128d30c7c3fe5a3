/**
 * The task (call) as the dashboard reads it from `public.tasks` through PostgREST (RLS: owners
 * read their own rows). Field names are the table's; the API's task object is built from them.
 */
export const taskStatuses = [
  'scheduled',
  'queued',
  'ringing',
  'in_progress',
  'retry_scheduled',
  'success',
  'no_answer',
  'busy',
  'voicemail',
  'failed',
  'canceled',
] as const;
export type TaskStatus = (typeof taskStatuses)[number];

export const terminalStatuses: readonly TaskStatus[] = [
  'success',
  'no_answer',
  'busy',
  'voicemail',
  'failed',
  'canceled',
];

export function isTerminal(status: string): boolean {
  return (terminalStatuses as readonly string[]).includes(status);
}

export type TaskOutcome = 'achieved' | 'not_achieved' | 'unknown';

export type TranscriptTurn = {
  speaker: 'agent' | 'callee' | string;
  text: string;
  start_ms: number;
  end_ms: number;
};

/** One row of the Calls list. */
export type CallSummary = {
  id: string;
  status: TaskStatus;
  outcome: TaskOutcome | null;
  phone_number: string;
  /** Null once the call content is erased, 30 days after the call ended. */
  goal: string | null;
  created_at: string;
  started_at: string | null;
  ended_at: string | null;
  duration_seconds: number;
  billed_minutes: number;
  cost_cents: number;
  free_minutes_used: number;
  /** When a scheduled call will be placed, and the callee's time zones it is judged in. */
  scheduled_for: string | null;
  time_zones: string[];
};

export type CallAttempt = {
  number: number;
  status: string;
  started_at: string | null;
  ended_at: string | null;
  ended_reason: string | null;
  duration_seconds: number;
};

/** Everything the call's detail shows. */
export type CallDetail = CallSummary & {
  voice: string;
  language: string;
  speaking_style: string;
  max_duration_minutes: number;
  context: Record<string, unknown>;
  metadata: Record<string, unknown>;
  next_attempt_at: string | null;
  transcript: TranscriptTurn[];
  summary: string | null;
  failure_reason: string | null;
  source: string;
  attempts: CallAttempt[];
  /** The integrator's JSON Schema, and the call's result by it (null fields: not settled). */
  output_schema: Record<string, unknown> | null;
  result: Record<string, unknown> | null;
  /** Why every field of the result is null, when they are. */
  result_note: string | null;
  record: boolean;
  /** When the recording is (or was) erased; null while none is kept. */
  recording_expires_at: string | null;
};

/** What the Calls tab shows for a goal erased on the retention schedule. */
export const ERASED_GOAL = 'Content erased 30 days after the call';

export const CALL_SUMMARY_COLUMNS =
  'id, status, outcome, phone_number, goal, created_at, started_at, ended_at, duration_seconds, billed_minutes, cost_cents, free_minutes_used, scheduled_for, time_zones';
