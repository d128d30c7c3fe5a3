// Vapi's `endedReason` (fern/apis/api/openapi.json, Call.endedReason) → our outcome of the attempt.
// Vapi's strings stop here: the task service sees only the outcome and a failure sentence.
import type { CallOutcome } from '../provider.ts';

/**
 * Every line of the organisation was busy (its concurrent-call limit): the call was never dialled.
 * POST /call answers it at once; the adapter puts the task back to wait (never a failure).
 */
export const CONCURRENCY_LIMIT_REACHED = 'call.start.error-subscription-concurrency-limit-reached';

const NO_ANSWER = new Set(['customer-did-not-answer', 'call.forwarding.no-answer']);
const BUSY = new Set(['customer-busy', 'call.forwarding.operator-busy']);
const CANCELED = new Set(['manually-canceled', 'scheduled-call-deleted', 'call-deleted']);
/** The conversation took place and ended the way conversations end. */
const COMPLETED = new Set([
  'customer-ended-call',
  'assistant-ended-call',
  'assistant-said-end-call-phrase',
  'assistant-ended-call-with-hangup-task',
  'assistant-ended-call-after-message-spoken',
  'assistant-forwarded-call',
  'exceeded-max-duration',
  'silence-timed-out',
  'vonage-completed',
  'call.in-progress.twilio-completed-call',
  'call.in-progress.sip-completed-call',
]);

/** Start errors, pipeline errors, carrier failures and anything unknown are failures. */
export function statusForEndedReason(reason: string): CallOutcome {
  if (NO_ANSWER.has(reason)) return 'no_answer';
  if (BUSY.has(reason)) return 'busy';
  if (reason === 'voicemail') return 'voicemail';
  if (CANCELED.has(reason)) return 'canceled';
  if (COMPLETED.has(reason)) return 'success';
  return 'failed';
}

/** A sentence for `failure_reason`, so a failed task says why without the provider's jargon. */
export function describeEndedReason(reason: string): string {
  if (reason === 'twilio-failed-to-connect-call' || reason.includes('failed-to-connect'))
    return 'The carrier could not connect the call.';
  if (reason === 'twilio-reported-customer-misdialed')
    return 'The carrier reported the number as misdialed.';
  if (reason.startsWith('call.start.error'))
    return 'The call could not be started by the voice provider.';
  if (reason.includes('pipeline-error') || reason.includes('error-'))
    return 'The voice agent failed during the call.';
  return `The call ended: ${reason}.`;
}
