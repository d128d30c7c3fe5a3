// The task's call_outcome (contract/call-outcomes.ts) from the provider's end and the call's own
// evidence. A provider's "completed" is not taken for a person on the line: only a callee who said
// something is human_answered, and a callee whose every line was a screening assistant or a phone
// menu is screened or ivr_stuck (docs/product-rules.md#call-outcomes-and-failure-codes).
import type { CallOutcome, FailureCode } from '../contract/call-outcomes.ts';
import { CONNECTED_TRANSFER_STATUSES } from '../contract/task-transfer.ts';
import type { LineEnd, TranscriptTurn } from '../voice/provider.ts';

export type CallEvidence = {
  line: LineEnd;
  reasonKnown: boolean;
  providerReason: string;
  transcript: TranscriptTurn[] | null;
  voicemailAction: 'hang_up' | 'leave_message';
  /** The call's last transfer and the provider's word for how it ended, if the agent transferred. */
  transfer: { to: string; status: string } | null;
};

/** A call-screening assistant asking who is calling (Google's Call Screen, Apple's, carriers'). */
const SCREENING =
  /\b(screening (service|assistant)|call screen|call assist|is using a screening|record your name|state your name and (the )?reason|say your name and why you're calling|who is calling and why|the person you're calling is using)\b/i;
/** A phone menu reading options. */
const IVR =
  /\b(press (\d|one|two|three|star|pound)|for [a-z ]+,? press|main menu|menu options|dial by name|enter your (account|extension)|your call is important to us|para español)\b/i;

export function resolveCallOutcome(evidence: CallEvidence): {
  callOutcome: CallOutcome;
  evidence: string;
} {
  const reason = evidence.reasonKnown
    ? `The provider ended the call with "${evidence.providerReason}"`
    : `The provider ended the call with "${evidence.providerReason}", a reason we do not know yet`;
  const calleeLines = (evidence.transcript ?? [])
    .filter((t) => t.speaker === 'callee' && t.text.trim() !== '')
    .map((t) => t.text);
  switch (evidence.line) {
    case 'conversation':
    case 'callee_hung_up': {
      if (calleeLines.length === 0)
        return evidence.line === 'callee_hung_up'
          ? { callOutcome: 'declined', evidence: `${reason}; the callee hung up without a word.` }
          : { callOutcome: 'no_answer', evidence: `${reason}; nobody on the line said anything.` };
      if (calleeLines.every((line) => SCREENING.test(line)))
        return {
          callOutcome: 'screened',
          evidence: `${reason}; every callee line (${calleeLines.length}) was a call-screening assistant's.`,
        };
      if (calleeLines.every((line) => IVR.test(line)))
        return {
          callOutcome: 'ivr_stuck',
          evidence: `${reason}; every callee line (${calleeLines.length}) was a phone menu's.`,
        };
      const spoke = `the callee spoke ${calleeLines.length} ${calleeLines.length === 1 ? 'time' : 'times'}`;
      // Transferred only when the provider says the person took the call: a transfer begun (or
      // the call's end by forwarding) is no evidence anyone answered.
      if (evidence.transfer && transferConnected(evidence.transfer))
        return {
          callOutcome: 'transferred',
          evidence: `${reason}; ${spoke}, then was connected to ${evidence.transfer.to} (the transfer ended "${evidence.transfer.status}").`,
        };
      return {
        callOutcome: 'human_answered',
        evidence: evidence.transfer
          ? `${reason}; ${spoke}; the transfer to ${evidence.transfer.to} did not connect ("${evidence.transfer.status}").`
          : `${reason}; ${spoke}.`,
      };
    }
    case 'voicemail':
      return evidence.voicemailAction === 'leave_message'
        ? {
            callOutcome: 'voicemail_left',
            evidence: `${reason}; the task asked for a voicemail message, and the agent left it.`,
          }
        : {
            callOutcome: 'voicemail_no_message',
            evidence: `${reason}; the task's voicemail action is hang_up.`,
          };
    default:
      return { callOutcome: evidence.line, evidence: `${reason}.` };
  }
}

/** failure_reason's code for a call that ended `failed`. */
export function failureCodeOf(callOutcome: CallOutcome): FailureCode {
  switch (callOutcome) {
    case 'declined':
    case 'invalid_number':
    case 'carrier_failed':
      return callOutcome;
    default:
      return 'provider_failed';
  }
}

/** Whether the provider's word for how a transfer ended means the person took the call. */
export function transferConnected(transfer: { status: string }): boolean {
  return CONNECTED_TRANSFER_STATUSES.includes(transfer.status);
}
