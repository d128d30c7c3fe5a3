// The task's status machine (docs/product-rules.md#task-statuses-and-outcomes): queued → ringing →
// in_progress → one
// terminal status, with retry_scheduled between attempts. It only decides: given the task as read
// and one event, it returns the change to apply (public.task_apply applies it atomically, if the
// task is still as it was read) or null when the event changes nothing: a terminal status is
// never left, and repeated or out-of-order messages are ignored.
import type { FailureCode } from '../contract/call-outcomes.ts';
import { isTerminalStatus, type TaskStatus } from '../contract/task-vocabulary.ts';
import { OPT_OUT_KEY } from '../contract/disclosures.ts';
import { asksNotToBeCalled } from '../contract/opt-out-words.ts';
import type { TranscriptTurn, VoiceEvent } from '../voice/provider.ts';
import { failureCodeOf, resolveCallOutcome } from './call-outcome.ts';

export type TaskSnapshot = {
  status: TaskStatus;
  currentAttempt: number;
  retryMaxAttempts: number;
  retryIntervalMinutes: number;
  /** Test mode: each minute of the interval waits one second (docs/product-rules.md#test-mode). */
  retryWaitsCompressed?: boolean;
  /** end_ms of the last transcript turn, so live turns follow one another. */
  lastTurnEndMs: number;
  /** What the agent does on reaching voicemail (voicemail_left or voicemail_no_message). */
  voicemailAction: 'hang_up' | 'leave_message';
  /**
   * The simulated network plays the call: the task's start and end are the wall-clock moments the
   * call connected and ended (the network's own timestamps run on its compressed clock), while
   * its duration is the simulated conversation's length.
   */
  simulated?: boolean;
  /** The call's language: a callee's words that opt out are heard in it (opt-out-words.ts). */
  language?: string;
  /**
   * The callee already opted out during this task (its callee.opted_out was written): a plan
   * carries no second one, since task_apply takes a plan with an event seen before for a repeat
   * of the whole message and applies none of it.
   */
  optedOut?: boolean;
};

export type AttemptSnapshot = {
  number: number;
  status: string;
  answeredAt: string | null;
  settled: boolean;
};

export type PlanEvent = { type: string; data: Record<string, unknown>; dedupe_key?: string };

export type Transition = {
  expectedStatus: TaskStatus;
  attempt: number | null;
  plan: {
    status?: TaskStatus;
    task?: Record<string, unknown>;
    attempt?: Record<string, unknown>;
    settle?: { duration_seconds: number; answered: boolean };
    events: PlanEvent[];
  };
};

export const isTerminal = isTerminalStatus;

export function decide(
  task: TaskSnapshot,
  attempt: AttemptSnapshot,
  event: VoiceEvent,
  now: Date,
): Transition | null {
  const base = { expectedStatus: task.status, attempt: attempt.number };
  const current = attempt.number === task.currentAttempt;

  if (event.kind === 'ended') return decideEnded(task, attempt, event, now, current);
  // The callee picked up a call whose task was canceled meanwhile: remember it, so the end
  // report bills what was talked.
  if (
    event.kind === 'answered' &&
    current &&
    task.status === 'canceled' &&
    attempt.status === 'canceled'
  ) {
    if (attempt.answeredAt || attempt.settled) return null;
    return { ...base, plan: { attempt: { answered_at: event.at }, events: [] } };
  }
  // Anything but the end of a past attempt, or of a finished task, is history.
  if (!current || isTerminal(task.status) || task.status === 'retry_scheduled') return null;

  switch (event.kind) {
    case 'ringing':
      if (task.status !== 'queued') return null;
      return {
        ...base,
        plan: {
          status: 'ringing',
          attempt: { status: 'ringing', started_at: task.simulated ? now.toISOString() : event.at },
          events: [{ type: 'call.ringing', data: { attempt: attempt.number } }],
        },
      };
    case 'answered':
      if (task.status !== 'queued' && task.status !== 'ringing') return null;
      return {
        ...base,
        plan: {
          status: 'in_progress',
          task: { started_at: task.simulated ? now.toISOString() : event.at },
          attempt: {
            status: 'in_progress',
            answered_at: task.simulated ? now.toISOString() : event.at,
          },
          events: [{ type: 'call.answered', data: { attempt: attempt.number } }],
        },
      };
    case 'turn': {
      // The provider's own times from the call's start when it gives them (so the turn agrees
      // with the final transcript); else from the answer, the turn starting where the last ended.
      const answeredMs = attempt.answeredAt ? Date.parse(attempt.answeredAt) : NaN;
      const atMs = event.at ? Date.parse(event.at) : NaN;
      const start = event.startMs ?? task.lastTurnEndMs;
      const end = Math.max(
        start,
        event.endMs ??
          (Number.isFinite(answeredMs) && Number.isFinite(atMs) ? atMs - answeredMs : start),
      );
      const turn: TranscriptTurn = {
        speaker: event.speaker,
        text: event.text,
        start_ms: start,
        end_ms: end,
        ...(event.dtmf ? { dtmf: event.dtmf } : {}),
      };
      const keys: PlanEvent[] = event.dtmf
        ? [
            {
              type: 'keypad.pressed',
              data: { speaker: event.speaker, digits: event.dtmf, attempt: attempt.number },
              dedupe_key: `keys:${event.key}`,
            },
          ]
        : [];
      // The callee's press of the opt-out key, or words that ask not to be called again, list the
      // number at once (by the same event the end-of-call analysis raises; its dedupe key makes
      // the two one).
      if (isCalleeOptOut(event, task.language) && !task.optedOut)
        keys.push({
          type: 'callee.opted_out',
          data: { attempt: attempt.number },
          dedupe_key: `opted_out:${attempt.number}`,
        });
      return {
        ...base,
        plan: {
          task: { append_transcript: turn },
          events: [
            {
              type: 'transcript.turn',
              data: { ...turn, attempt: attempt.number },
              dedupe_key: event.key,
            },
            ...keys,
          ],
        },
      };
    }
  }
}

function decideEnded(
  task: TaskSnapshot,
  attempt: AttemptSnapshot,
  event: Extract<VoiceEvent, { kind: 'ended' }>,
  now: Date,
  current: boolean,
): Transition | null {
  const status = event.outcome;
  const answered = status === 'success' || status === 'voicemail' || attempt.answeredAt !== null;
  const settle = { duration_seconds: answered ? event.durationSeconds : 0, answered };
  const attemptFields = {
    status,
    // A simulated call's attempt keeps the wall-clock moments, as its task does: the network's
    // own times are its compressed clock's.
    ended_at: task.simulated ? now.toISOString() : event.endedAt,
    ended_reason: event.providerReason,
    ...(event.startedAt
      ? { started_at: task.simulated ? now.toISOString() : event.startedAt }
      : {}),
  };
  const base = { expectedStatus: task.status, attempt: attempt.number };
  const dedupe = `ended:${attempt.number}`;

  // A callee who asked not to be called again is listed whatever became of the task
  // (public.do_not_call, by a trigger on this event).
  const optOut: PlanEvent[] =
    event.optedOut && !task.optedOut
      ? [
          {
            type: 'callee.opted_out',
            data: { attempt: attempt.number },
            dedupe_key: `opted_out:${attempt.number}`,
          },
        ]
      : [];

  // The task already ended (canceled, or a past attempt): bill what was talked, change nothing else.
  if (!current || isTerminal(task.status) || task.status === 'retry_scheduled') {
    if (attempt.settled) return null;
    return { ...base, plan: { attempt: attemptFields, settle, events: optOut } };
  }

  const { callOutcome, evidence } = resolveCallOutcome({
    line: event.line,
    reasonKnown: event.reasonKnown,
    providerReason: event.providerReason,
    transcript: event.transcript,
    voicemailAction: task.voicemailAction,
    transfer: event.transfer,
  });
  const lineFields = {
    call_outcome: callOutcome,
    call_outcome_evidence: evidence,
    provider_reason: event.providerReason,
  };
  const callEnded: PlanEvent = {
    type: 'call.ended',
    data: {
      status,
      attempt: attempt.number,
      ended_reason: event.providerReason,
      call_outcome: callOutcome,
    },
    dedupe_key: dedupe,
  };
  // The person took the transferred call: said once the provider's report says so.
  const transferred: PlanEvent[] =
    callOutcome === 'transferred' && event.transfer
      ? [
          {
            type: 'call.transferred',
            data: { to: event.transfer.to, attempt: attempt.number },
            dedupe_key: `transferred:${attempt.number}`,
          },
        ]
      : [];
  const retriesUsed = attempt.number - 1;
  if ((status === 'no_answer' || status === 'busy') && retriesUsed < task.retryMaxAttempts) {
    const minute = task.retryWaitsCompressed ? 1_000 : 60_000;
    const next = new Date(now.getTime() + task.retryIntervalMinutes * minute).toISOString();
    return {
      ...base,
      plan: {
        status: 'retry_scheduled',
        task: { next_attempt_at: next, ...lineFields },
        attempt: attemptFields,
        settle,
        events: [
          callEnded,
          {
            type: 'task.retry_scheduled',
            data: { next_attempt_at: next, attempt: attempt.number + 1 },
          },
        ],
      },
    };
  }

  const fields: Record<string, unknown> = {
    ended_at: task.simulated ? now.toISOString() : event.endedAt,
    // Whatever else was said, a callee who opted out did not let the goal be met; nor can a
    // voicemail, a screening assistant or a phone menu meet it.
    outcome:
      event.optedOut ||
      task.optedOut ||
      (callOutcome !== 'human_answered' && callOutcome !== 'transferred')
        ? 'not_achieved'
        : outcomeOf(status, event.successEvaluation),
    ...lineFields,
  };
  if (event.summary !== null) fields.summary = event.summary;
  if (event.transcript !== null && event.transcript.length > 0)
    fields.transcript = event.transcript;
  if (status === 'failed') fields.failure_reason = failureCodeOf(callOutcome);
  if (event.recordingConsent) fields.recording_consent = event.recordingConsent;
  return {
    ...base,
    plan: {
      status,
      task: fields,
      attempt: attemptFields,
      settle,
      events: [...transferred, callEnded, ...optOut, { type: 'task.completed', data: {} }],
    },
  };
}

/** Whether the goal was met: only a conversation can meet it, and the analysis says if it did. */
export function outcomeOf(status: string, successEvaluation: string | null): string {
  if (status !== 'success') return 'not_achieved';
  const verdict = successEvaluation?.trim().toLowerCase();
  if (verdict === 'true' || verdict === 'pass' || verdict === 'passed') return 'achieved';
  if (verdict === 'false' || verdict === 'fail' || verdict === 'failed') return 'not_achieved';
  return 'unknown';
}

/**
 * The provider refused or could not be reached: the attempt, and so the task, failed. If the
 * task was canceled while the provider was being asked, nothing was placed: the attempt is
 * closed unbilled and the task stays as it is.
 */
export function decidePlacementFailure(
  task: TaskSnapshot,
  attempt: AttemptSnapshot,
  reason: FailureCode,
  now: Date,
): Transition | null {
  const at = now.toISOString();
  if (isTerminal(task.status) || attempt.number !== task.currentAttempt)
    return closeUnbilled(task, attempt, 'placement-failed', at);
  const evidence =
    reason === 'no_final_report'
      ? 'The provider gave no final report for the call in time.'
      : 'The provider refused the call or could not be reached to place it.';
  return {
    expectedStatus: task.status,
    attempt: attempt.number,
    plan: {
      status: 'failed',
      task: {
        ended_at: at,
        outcome: 'not_achieved',
        failure_reason: reason,
        call_outcome: 'provider_failed',
        call_outcome_evidence: evidence,
      },
      attempt: { status: 'failed', ended_at: at, ended_reason: 'placement-failed' },
      settle: { duration_seconds: 0, answered: false },
      events: [
        {
          type: 'call.ended',
          data: { status: 'failed', attempt: attempt.number, call_outcome: 'provider_failed' },
        },
        { type: 'task.completed', data: {} },
      ],
    },
  };
}

/**
 * The watchdog gave up on an attempt (docs/product-rules.md#task-statuses-and-outcomes): the
 * provider has no answer for a call
 * past its time, so the task fails with the reason; an unknown call bills nothing. An ended
 * task's attempt that the provider never confirmed is closed unbilled, releasing the hold.
 */
export function decideUnreconciled(
  task: TaskSnapshot,
  attempt: AttemptSnapshot,
  reason: FailureCode,
  now: Date,
): Transition | null {
  if (task.status === 'retry_scheduled') return null;
  const at = now.toISOString();
  if (isTerminal(task.status) || attempt.number !== task.currentAttempt)
    return closeUnbilled(task, attempt, 'watchdog-timeout', at);
  const decided = decidePlacementFailure(task, attempt, reason, now);
  if (!decided) return null;
  return {
    ...decided,
    plan: {
      ...decided.plan,
      attempt: { status: 'failed', ended_at: at, ended_reason: 'watchdog-timeout' },
    },
  };
}

function closeUnbilled(
  task: TaskSnapshot,
  attempt: AttemptSnapshot,
  endedReason: string,
  at: string,
): Transition | null {
  if (attempt.settled) return null;
  return {
    expectedStatus: task.status,
    attempt: attempt.number,
    plan: {
      attempt: { ended_at: at, ended_reason: endedReason },
      settle: { duration_seconds: 0, answered: false },
      events: [],
    },
  };
}

/** A callee's keypad entry that is the opt-out key (and nothing else, a trailing # aside). */
export const isKeypadOptOut = (event: VoiceEvent): boolean =>
  event.kind === 'turn' &&
  event.speaker === 'callee' &&
  (event.dtmf === OPT_OUT_KEY || event.dtmf === `${OPT_OUT_KEY}#`);

/**
 * A callee's turn that opts out, judged by the platform and not the model: the opt-out key, or
 * words in the call's language (or English) asking not to be called again.
 */
export const isCalleeOptOut = (event: VoiceEvent, language = 'en'): boolean =>
  isKeypadOptOut(event) ||
  (event.kind === 'turn' &&
    event.speaker === 'callee' &&
    !event.dtmf &&
    asksNotToBeCalled(event.text, language));
