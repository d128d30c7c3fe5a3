// What became of a task's call, in a closed set an integrator can branch on, and why a task
// failed, as a code with a sentence. Shared by the call API, MCP, the dashboard, /docs and the
// database's check constraints. Plain TypeScript with no Deno or DOM API. What each word means:
// docs/product-rules.md#call-outcomes-and-failure-codes.

/**
 * How the line ended, judged from the provider's end reason and the call's own evidence (who
 * spoke, what the voicemail setting was); beside the goal's `outcome`, never instead of it.
 */
export const CALL_OUTCOMES = [
  'human_answered',
  'voicemail_left',
  'voicemail_no_message',
  'screened',
  'no_answer',
  'busy',
  'declined',
  'ivr_stuck',
  'invalid_number',
  'carrier_failed',
  'provider_failed',
  'canceled',
  'transferred',
] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

/** One line per call outcome: the /docs table, the dashboard, the MCP tools' descriptions. */
export const CALL_OUTCOME_DESCRIPTIONS: Record<CallOutcome, string> = {
  human_answered: 'A person answered and spoke with the agent.',
  voicemail_left: 'Voicemail answered and the agent left the task’s voicemail message.',
  voicemail_no_message: 'Voicemail answered and the agent hung up without a message.',
  screened: 'A call-screening assistant answered and never put a person on.',
  no_answer: 'It rang out, or the line was picked up and nobody ever spoke.',
  busy: 'The line was busy.',
  declined: 'The callee rejected the call or hung up before saying anything.',
  ivr_stuck: 'A phone menu (IVR) answered and the agent never reached a person.',
  invalid_number: 'The carrier reported the number as invalid or misdialed.',
  carrier_failed: 'The carrier could not connect the call, or dropped its audio.',
  provider_failed:
    'The voice provider failed to place or carry the call (also any end reason we do not know yet: provider_reason keeps it).',
  canceled: 'The task was canceled before or during the call.',
  transferred:
    'A person answered and the agent transferred the call to the task’s transfer number, which answered.',
};

export const CALL_OUTCOME_LABELS: Record<CallOutcome, string> = {
  human_answered: 'Person answered',
  voicemail_left: 'Voicemail, message left',
  voicemail_no_message: 'Voicemail, no message',
  screened: 'Call screened',
  no_answer: 'No answer',
  busy: 'Busy',
  declined: 'Declined',
  ivr_stuck: 'Stuck in a phone menu',
  invalid_number: 'Invalid number',
  carrier_failed: 'Carrier failed',
  provider_failed: 'Voice provider failed',
  canceled: 'Canceled',
  transferred: 'Transferred to a person',
};

/** Why a task ended `failed` or `canceled` without a conversation: `failure_reason.code`. */
export const FAILURE_CODES = [
  'insufficient_credits',
  'do_not_call',
  'account_closed',
  'declined',
  'invalid_number',
  'carrier_failed',
  'provider_failed',
  'placement_failed',
  'no_final_report',
  'no_caller_number',
] as const;
export type FailureCode = (typeof FAILURE_CODES)[number];

/** `failure_reason.message`: one fixed sentence per code, so the code is what programs read. */
export const FAILURE_MESSAGES: Record<FailureCode, string> = {
  insufficient_credits: 'The account’s credits could not pay for the call when its turn came.',
  do_not_call: 'The number is on the account’s do-not-call list, so it was not called.',
  account_closed: 'The account was closed before the call was placed.',
  declined: 'The callee rejected the call.',
  invalid_number: 'The carrier reported the number as invalid or misdialed.',
  carrier_failed: 'The carrier could not connect the call.',
  provider_failed: 'The voice provider failed to place or carry the call.',
  placement_failed: 'The voice provider refused the call or could not be reached to place it.',
  no_final_report:
    'The voice provider gave no final report in time; the call was ended and its hold released.',
  no_caller_number:
    'The account released every number of its own before the call was placed, so it had none to show.',
};

export type FailureReason = { code: FailureCode; message: string };

export function isFailureCode(code: string): code is FailureCode {
  return (FAILURE_CODES as readonly string[]).includes(code);
}

/**
 * The API's `failure_reason` from the stored code. A code written before the codes existed (a
 * sentence) reads as provider_failed rather than leaking an unknown word.
 */
export function failureReasonOf(stored: string | null): FailureReason | null {
  if (stored === null) return null;
  const code: FailureCode = isFailureCode(stored) ? stored : 'provider_failed';
  return { code, message: FAILURE_MESSAGES[code] };
}

/**
 * Every placed call's task has its terminal event (or its retry) within max_duration_minutes
 * plus this many minutes of the attempt's start, whatever the provider does: the watchdog hangs
 * up at the cap plus 5 minutes and, with no final report by this bound, fails the task with
 * no_final_report (as long as the dispatcher runs, once a minute).
 */
export const TERMINAL_EVENT_BOUND_MINUTES = 10;
