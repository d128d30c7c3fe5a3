// Vapi's `endedReason` (its OpenAPI, Call.endedReason) → what became of the line, and the
// attempt's status. Vapi's strings stop here: the task service sees a LineEnd, and keeps the raw
// reason only as provider_reason. Every value of Vapi's pinned list (ended-reasons.json) is
// matched by a rule below (a test walks the whole list); a reason Vapi adds later matches none and
// is provider_failed, with its raw words kept.
import type { CallOutcome, LineEnd } from '../provider.ts';

/**
 * Every line of the organisation was busy (its concurrent-call limit): the call was never dialled.
 * POST /call answers it at once; the adapter puts the task back to wait (never a failure).
 */
export const CONCURRENCY_LIMIT_REACHED = 'call.start.error-subscription-concurrency-limit-reached';

const EXACT: Record<string, LineEnd> = {
  // The conversation took place and ended the way conversations end.
  'assistant-ended-call': 'conversation',
  'assistant-said-end-call-phrase': 'conversation',
  'assistant-ended-call-with-hangup-task': 'conversation',
  'assistant-ended-call-after-message-spoken': 'conversation',
  'assistant-forwarded-call': 'conversation',
  'exceeded-max-duration': 'conversation',
  'silence-timed-out': 'conversation',
  'vonage-completed': 'conversation',
  'call.in-progress.twilio-completed-call': 'conversation',
  'call.in-progress.sip-completed-call': 'conversation',
  'call.ending.hook-executed-say': 'conversation',
  'call.ending.hook-executed-transfer': 'conversation',
  // The callee hung up: a conversation if they spoke first, a decline if not.
  'customer-ended-call': 'callee_hung_up',
  'customer-ended-call-before-warm-transfer': 'callee_hung_up',
  'customer-ended-call-after-warm-transfer-attempt': 'callee_hung_up',
  'customer-ended-call-during-transfer': 'callee_hung_up',
  voicemail: 'voicemail',
  'customer-did-not-answer': 'no_answer',
  'call.forwarding.no-answer': 'no_answer',
  // A ringing hook ran because nobody picked up.
  'call.ringing.hook-executed-say': 'no_answer',
  'call.ringing.hook-executed-transfer': 'no_answer',
  'customer-busy': 'busy',
  'call.forwarding.operator-busy': 'busy',
  'vonage-rejected': 'declined',
  'customer-did-not-give-microphone-permission': 'declined',
  'call.ringing.sip-inbound-caller-hungup-before-call-connect': 'declined',
  'twilio-reported-customer-misdialed': 'invalid_number',
  'twilio-failed-to-connect-call': 'carrier_failed',
  'vonage-failed-to-connect-call': 'carrier_failed',
  'vonage-disconnected': 'carrier_failed',
  'phone-call-provider-closed-websocket': 'carrier_failed',
  'call.in-progress.error-assistant-did-not-receive-customer-audio': 'carrier_failed',
  'manually-canceled': 'canceled',
  'scheduled-call-deleted': 'canceled',
  'call-deleted': 'canceled',
  'worker-shutdown': 'provider_failed',
  'assistant-not-valid': 'provider_failed',
  'assistant-not-found': 'provider_failed',
  'assistant-join-timed-out': 'provider_failed',
  'phone-call-provider-bypass-enabled-but-no-call-received': 'provider_failed',
};

/** Families of reasons, tried in order after the exact ones. */
const PATTERNS: ReadonlyArray<readonly [RegExp, LineEnd]> = [
  // The phone network's side (SIP trunks, the telephony provider's transport) failed.
  [/sip-(inbound|outbound)-call-failed-to-connect$/, 'carrier_failed'],
  [/^call\.in-progress\.error-providerfault-outbound-sip-/, 'carrier_failed'],
  [/^call\.in-progress\.error-providerfault-transport-never-connected$/, 'carrier_failed'],
  // Vapi's own pipeline, its model/voice/transcriber vendors, its start-up checks.
  [/^pipeline-error-/, 'provider_failed'],
  [/^call\.in-progress\.error-/, 'provider_failed'],
  [/^call\.start\./, 'provider_failed'],
  [/^call-start-error-/, 'provider_failed'],
  [/^assistant-request-/, 'provider_failed'],
];

/** The line's end for a reason, and whether any rule knew it. */
export function lineEndForEndedReason(reason: string): { line: LineEnd; known: boolean } {
  const exact = EXACT[reason];
  if (exact) return { line: exact, known: true };
  for (const [pattern, line] of PATTERNS) if (pattern.test(reason)) return { line, known: true };
  return { line: 'provider_failed', known: false };
}

/** The attempt's status (the API's coarse `status`) for a line's end. */
export function statusForLineEnd(line: LineEnd): CallOutcome {
  switch (line) {
    case 'conversation':
    case 'callee_hung_up':
      return 'success';
    case 'voicemail':
    case 'no_answer':
    case 'busy':
    case 'canceled':
      return line;
    default:
      return 'failed';
  }
}

export function statusForEndedReason(reason: string): CallOutcome {
  return statusForLineEnd(lineEndForEndedReason(reason).line);
}
