// The words of a task (a call), shared by the call API, the voice pipeline, MCP, the dashboard and
// the database's check constraints (an integration test compares them with the catalog). Plain
// TypeScript with no Deno or DOM API, so the app imports it too. What each word means for the
// integrator: docs/product-rules.md#task-statuses-and-outcomes.

/** Every status a task passes through, from creation to its end. */
export const TASK_STATUSES = [
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
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** The statuses a task ends in; nothing changes a task once it holds one. */
export const TERMINAL_STATUSES = [
  'success',
  'no_answer',
  'busy',
  'voicemail',
  'failed',
  'canceled',
] as const satisfies readonly TaskStatus[];
export type TerminalStatus = (typeof TERMINAL_STATUSES)[number];

export function isTerminalStatus(status: string): status is TerminalStatus {
  return (TERMINAL_STATUSES as readonly string[]).includes(status);
}

/** One attempt (one phone call) of a task: a task's statuses without the waiting ones. */
export const ATTEMPT_STATUSES = [
  'queued',
  'ringing',
  'in_progress',
  'success',
  'no_answer',
  'busy',
  'voicemail',
  'failed',
  'canceled',
] as const satisfies readonly TaskStatus[];
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];

/** Whether the goal was met, once the call has ended. */
export const TASK_OUTCOMES = ['achieved', 'not_achieved', 'unknown'] as const;
export type TaskOutcome = (typeof TASK_OUTCOMES)[number];

/** Where a task (or a batch) was created; inbound: a call to one of the account's numbers. */
export const TASK_SOURCES = ['api', 'dashboard', 'mcp', 'sms', 'inbound'] as const;
export type TaskSource = (typeof TASK_SOURCES)[number];
export const BATCH_SOURCES = ['api', 'dashboard', 'mcp'] as const satisfies readonly TaskSource[];

export const BATCH_STATUSES = ['running', 'completed', 'canceled'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

export const VOICEMAIL_ACTIONS = ['hang_up', 'leave_message'] as const;
export type VoicemailAction = (typeof VOICEMAIL_ACTIONS)[number];

/** The events of a task's log, as its stream and webhooks carry them. */
export const TASK_EVENT_TYPES = [
  'task.queued',
  'task.scheduled',
  'call.ringing',
  'call.answered',
  'transcript.turn',
  'call.ended',
  'task.retry_scheduled',
  'task.completed',
  'callee.opted_out',
  'tool.called',
  'tool.answered',
  'knowledge.searched',
  'call.transferred',
  'keypad.pressed',
  'recording.available',
  'recording.failed',
  'inbound.started',
] as const;
export type TaskEventType = (typeof TASK_EVENT_TYPES)[number];
/**
 * The end of every task's call; it carries the finished task object. Only a recording's event
 * (recording.available or recording.failed) may follow it, once the recording is copied.
 */
export const TASK_COMPLETED_EVENT = 'task.completed' satisfies TaskEventType;

/** How the dashboard names each status and outcome (the /docs tables use the same words). */
export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  scheduled: 'Scheduled',
  queued: 'Queued',
  ringing: 'Ringing',
  in_progress: 'In progress',
  retry_scheduled: 'Retry scheduled',
  // The call itself completed; whether the goal was met is the outcome's to say.
  success: 'Completed',
  no_answer: 'No answer',
  busy: 'Busy',
  voicemail: 'Voicemail',
  failed: 'Failed',
  canceled: 'Canceled',
};

export const TASK_OUTCOME_LABELS: Record<TaskOutcome, string> = {
  achieved: 'Goal achieved',
  not_achieved: 'Goal not achieved',
  unknown: 'Outcome unknown',
};

/**
 * Why a call is placed (docs/product-rules.md#purpose-and-consent): a marketing call needs the
 * callee's prior express written consent, recorded with the task; informational is the default.
 */
export const CALL_PURPOSES = ['informational', 'marketing'] as const;
export type CallPurpose = (typeof CALL_PURPOSES)[number];
/** How the callee's consent was given: in writing (what marketing calls need), or expressly. */
export const CONSENT_TYPES = ['written', 'express'] as const;

/**
 * The exemptions from prior express consent the law names for an artificial-voice call
 * (47 CFR 64.1200(a)(1), (a)(9) and the FCC's exemption orders): a task or the account's attested
 * default may rest on one instead of the callee's consent (docs/product-rules.md#legal-basis).
 */
export const LEGAL_EXEMPTIONS = [
  'emergency',
  'healthcare',
  'financial_alert',
  'package_delivery',
] as const;
export type LegalExemption = (typeof LEGAL_EXEMPTIONS)[number];

/** The default legal bases an account can attest to ('withdrawn' ends the current one). */
export const ATTESTED_BASES = [
  'prior_express_consent',
  'prior_express_written_consent',
  'exemption',
  'withdrawn',
] as const;
export type AttestedBasis = (typeof ATTESTED_BASES)[number];
export type ConsentType = (typeof CONSENT_TYPES)[number];

/** Where a task's recording stands against its callee's consent (the task's `recording.status`). */
export const RECORDING_CONSENT_STATUSES = ['off', 'pending', 'recorded', 'declined'] as const;
export type RecordingConsentStatus = (typeof RECORDING_CONSENT_STATUSES)[number];
