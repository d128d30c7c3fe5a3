import { isTerminalStatus, type TaskStatus } from '@contract/task-vocabulary.ts';
import { callDetailOf, type ApiTask, type CallAttempt, type CallDetail } from '@/lib/call-types';
import type { CallEvent } from './stream-call-events';

/** The status a lifecycle event moves the task to. */
const statusOfEvent: Partial<Record<string, TaskStatus>> = {
  'task.queued': 'queued',
  'task.scheduled': 'scheduled',
  'call.ringing': 'ringing',
  'call.answered': 'in_progress',
  'task.retry_scheduled': 'retry_scheduled',
};

function withAttempt(
  attempts: CallAttempt[],
  number: number,
  change: (attempt: CallAttempt) => CallAttempt,
): CallAttempt[] {
  const blank: CallAttempt = {
    number,
    status: 'queued',
    started_at: null,
    ended_at: null,
    ended_reason: null,
  };
  const existing = attempts.find((a) => a.number === number);
  const next = change(existing ?? blank);
  return [...attempts.filter((a) => a.number !== number), next].sort((a, b) => a.number - b.number);
}

/** One event applied to the call as the dialog shows it. */
export function applyCallEvent(call: CallDetail, event: CallEvent): CallDetail {
  if (event.type === 'task.completed') return callDetailOf(event.data as ApiTask);
  if (isTerminalStatus(call.status)) return call;
  const data = event.data;
  const attempt = typeof data.attempt === 'number' ? data.attempt : null;
  let next = call;
  const status = statusOfEvent[event.type];
  if (status) next = { ...next, status };
  if (event.type === 'task.retry_scheduled' && typeof data.next_attempt_at === 'string')
    next = { ...next, next_attempt_at: data.next_attempt_at };
  if (attempt !== null && event.type === 'call.ringing')
    next = {
      ...next,
      attempts: withAttempt(next.attempts, attempt, (a) => ({
        ...a,
        status: 'ringing',
        started_at: a.started_at ?? event.created_at,
      })),
    };
  if (attempt !== null && event.type === 'call.answered')
    next = {
      ...next,
      started_at: next.started_at ?? event.created_at,
      attempts: withAttempt(next.attempts, attempt, (a) => ({ ...a, status: 'in_progress' })),
    };
  if (attempt !== null && event.type === 'call.ended')
    next = {
      ...next,
      attempts: withAttempt(next.attempts, attempt, (a) => ({
        ...a,
        status: typeof data.status === 'string' ? data.status : a.status,
        ended_at: event.created_at,
        ended_reason: typeof data.ended_reason === 'string' ? data.ended_reason : a.ended_reason,
      })),
    };
  return next;
}

/**
 * The call as the dialog shows it: the API's snapshot, then the stream's events in order. The
 * stream replays a task's events from its start, so its transcript turns are the whole transcript
 * so far; a finished snapshot is final.
 */
export function callView(snapshot: CallDetail, events: readonly CallEvent[]): CallDetail {
  if (isTerminalStatus(snapshot.status) || events.length === 0) return snapshot;
  const turns = events
    .filter((event) => event.type === 'transcript.turn')
    .map((event) => {
      const d = event.data;
      return {
        speaker: d.speaker === 'callee' ? ('callee' as const) : ('agent' as const),
        text: typeof d.text === 'string' ? d.text : '',
        start_ms: Number(d.start_ms) || 0,
        end_ms: Number(d.end_ms) || 0,
        dtmf: typeof d.dtmf === 'string' ? d.dtmf : null,
      };
    });
  const folded = events.reduce(applyCallEvent, snapshot);
  if (isTerminalStatus(folded.status) && events.some((e) => e.type === 'task.completed'))
    return folded;
  return turns.length > 0 ? { ...folded, transcript: turns } : folded;
}
