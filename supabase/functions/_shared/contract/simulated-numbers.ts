// The simulated phone network's scripted callees (local stack only): the last four digits of the
// dialled number choose what the person at the other end does. The 555-01xx range is reserved for
// fiction, so these numbers never ring a real phone. The local Vapi fake plays them; the dashboard
// and /docs list them. Plain TypeScript, imported by the app, the functions and the fakes.

export type CalleeBehaviour =
  | 'agrees' // answers; a short conversation that follows the goal; the goal is met
  | 'declines' // answers and declines; the goal is not met
  | 'busy'
  | 'no-answer'
  | 'voicemail'
  | 'carrier-failure'
  | 'talks-until-max-duration'
  | 'opts-out' // answers and asks not to be called again; the goal is not met
  | 'presses-opt-out-key' // answers and presses 9 (the announced opt-out key); the goal is not met
  | 'end-messages-lost' // answers and agrees, but the end-of-call messages never arrive
  | 'objects-to-recording' // asked to consent to a recording, says no; the call goes on unrecorded
  | 'asks-tool' // answers and asks something only the task's first tool can answer, then agrees
  | 'asks-knowledge' // answers and asks a question the agent's documents answer, then agrees
  | 'screens-then-answers' // a call-screening assistant asks who is calling; then the person agrees
  | 'screens-nobody' // a call-screening assistant asks who is calling; nobody comes on
  | 'asks-for-person' // answers and asks for a person: the agent transfers the call (task.transfer)
  | 'transfer-unanswered' // a transfer number nobody answers (called directly: no answer)
  | 'phone-menu' // a phone menu: the agent must press the key that reaches a person
  | 'answers-by-keypad'; // answers the agent's question with a key press ("press 1 for …")

export type SimulatedNumber = {
  /** The number in E.164 form, in the 415 area code. */
  number: string;
  digits: string;
  /** What the callee does on the first attempt, and on every later one. */
  first: CalleeBehaviour;
  later: CalleeBehaviour;
  /** /docs' short phrase for it, and the dashboard's sentence. */
  summary: string;
  behaviour: string;
};

const simulated = (
  digits: string,
  summary: string,
  behaviour: string,
  first: CalleeBehaviour,
  later: CalleeBehaviour = first,
): SimulatedNumber => ({ number: `+1415555${digits}`, digits, first, later, summary, behaviour });

export const SIMULATED_NUMBERS: readonly SimulatedNumber[] = [
  simulated(
    '0100',
    'answers and agrees',
    'Answers; a short conversation that achieves the goal.',
    'agrees',
  ),
  simulated('0101', 'answers and declines', 'Answers and declines: goal not achieved.', 'declines'),
  simulated('0102', 'busy', 'Busy.', 'busy'),
  simulated('0103', 'no answer', 'No answer.', 'no-answer'),
  simulated('0104', 'voicemail', 'Voicemail.', 'voicemail'),
  simulated('0105', 'the carrier fails the call', 'The carrier fails the call.', 'carrier-failure'),
  simulated(
    '0106',
    'no answer on the first attempt, answers and agrees on the next',
    'No answer first; answers and achieves on the retry.',
    'no-answer',
    'agrees',
  ),
  simulated(
    '0107',
    'answers and talks until the maximum duration',
    'Talks until the maximum duration is reached.',
    'talks-until-max-duration',
  ),
  simulated(
    '0108',
    'answers and agrees; the end-of-call messages are lost',
    'Ends normally but the end report is lost; the watchdog reconciles it.',
    'end-messages-lost',
  ),
  simulated(
    '0109',
    'answers and asks not to be called again',
    'Answers and asks not to be called again: goal not achieved, the number joins your do-not-call list.',
    'opts-out',
  ),
  simulated(
    '0110',
    "answers and asks a question only the task's first tool can answer",
    "Answers and asks something only your first tool can answer: the agent calls it (your tool's url gets the signed request), reads the answer back, and the callee agrees.",
    'asks-tool',
  ),
  simulated(
    '0111',
    "answers and asks a question the agent's documents answer",
    'Answers and asks "Do you take my insurance, and what are your hours?": a call of an agent with documents (agent_id) searches them (its search_knowledge tool, event knowledge.searched), reads back what it found with the document and place, and the callee agrees.',
    'asks-knowledge',
  ),
  // Away from 555-0112 and after, which the next scripted callees take.
  simulated(
    '0190',
    'answers and presses 9 to opt out',
    'Answers and presses 9 on the keypad to opt out: the platform itself (not the agent) lists the number on your do-not-call list, says so and ends the call, and your waiting calls to it are canceled. In test mode the number is listed at the press the same way; the goodbye and hang-up reach the call only when it plays in the same instance, else the callee hangs up.',
    'presses-opt-out-key',
  ),
  // Transfer to a person and keypad: 555-0140 to 0144.
  simulated(
    '0140',
    'answers and asks for a person',
    'Answers and asks to speak with a person: with a transfer on the task the agent transfers the call (call.transferred, call_outcome "transferred"); without one it says it cannot and carries on, and the callee agrees.',
    'asks-for-person',
  ),
  simulated(
    '0141',
    'a transfer number that answers',
    'As transfer.to: answers the transfer (warm: hears the summary first) and talks with the callee for a minute, billed as part of the call. Called directly: answers and agrees.',
    'agrees',
  ),
  simulated(
    '0142',
    'a transfer number nobody answers',
    'As transfer.to: rings out. A warm transfer brings the agent back to the callee, who hears that nobody could take the call, and carries on; a cold one has handed the callee over, so the call ends. Called directly: no answer.',
    'transfer-unanswered',
  ),
  simulated(
    '0143',
    'a phone menu',
    'A phone menu: "For billing, press 1. For appointments, press 2. To speak with a person, press 0." The agent presses a key with keypad tones (the key the goal names, like "press 2", else 0) and reaches a person, who agrees; a key the menu does not offer plays the menu once more, then the menu hangs up (call_outcome "ivr_stuck").',
    'phone-menu',
  ),
  simulated(
    '0144',
    'answers by keypad',
    'Answers and, asked to press a key ("press 1 for on time, 2 for delayed"), presses 2: the transcript shows {"speaker": "callee", "dtmf": "2"} and the result takes the second option (an enum\'s second value, false, 2).',
    'answers-by-keypad',
  ),
  // 415 is a California area code: a recorded call asks every callee's consent first.
  simulated(
    '0130',
    'answers, consents to the recording and agrees',
    'Asked for consent to record (a recorded call to an all-party-consent state), says yes: the call is recorded after the answer, and the goal is achieved.',
    'agrees',
  ),
  simulated(
    '0131',
    'answers, objects to the recording and agrees',
    'Asked for consent to record, says no: the call goes on unrecorded (recording.status "declined"), and the goal is achieved.',
    'objects-to-recording',
  ),
  // Call screening (a phone's assistant that asks who is calling before it rings the person).
  simulated(
    '0150',
    'a call-screening assistant asks who is calling, then the person answers and agrees',
    'A call-screening assistant asks who is calling and why; the agent gives its identity and purpose, then the person comes on and agrees (call_outcome human_answered, goal achieved).',
    'screens-then-answers',
  ),
  simulated(
    '0151',
    'a call-screening assistant asks who is calling; nobody comes on',
    'A call-screening assistant asks who is calling and why; the agent gives its identity and purpose, but nobody comes on (call_outcome screened, goal not achieved).',
    'screens-nobody',
  ),
];

/** What the callee at `number` does on the `attempt`-th call, from 1 (any other number agrees). */
export function calleeBehaviour(number: string, attempt: number): CalleeBehaviour {
  const callee = SIMULATED_NUMBERS.find((c) => number.endsWith(`555${c.digits}`));
  if (!callee) return 'agrees';
  return attempt <= 1 ? callee.first : callee.later;
}

/**
 * The local network's scripted callers who call an account's own number back (the Vapi stand-in's
 * `POST /simulate/inbound-call`, `{ from, to, script }`): each plays the callee behaviour named.
 */
export const SIMULATED_CALLBACKS = [
  { script: 'asks-who-called', behaviour: 'agrees', summary: 'asks who called them and why' },
  { script: 'leaves-message', behaviour: 'agrees', summary: 'leaves a message' },
  {
    script: 'presses-opt-out-key',
    behaviour: 'presses-opt-out-key',
    summary: 'asks to be taken off the list by pressing 9',
  },
  {
    script: 'says-stop-calling',
    behaviour: 'opts-out',
    summary: 'asks, in words, not to be called again',
  },
  { script: 'asks-for-person', behaviour: 'asks-for-person', summary: 'asks for a person' },
] as const satisfies readonly { script: string; behaviour: CalleeBehaviour; summary: string }[];
export type CallbackScript = (typeof SIMULATED_CALLBACKS)[number]['script'];
