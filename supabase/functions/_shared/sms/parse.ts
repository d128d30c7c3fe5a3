// What an inbound text asks for: a carrier keyword (STOP, HELP, START), or a call request whose
// first phone number is the callee and whose remaining words are the goal.

export type SmsIntent =
  | { kind: 'stop' }
  | { kind: 'start' }
  | { kind: 'help' }
  | {
      kind: 'call';
      phoneNumber: string;
      /** Absent when the text names an agent and no goal: the agent's goal is the call's. */
      goal?: string;
      livemode: boolean;
      /** The agent the text names ("@Refill desk call …"), as the account spells it. */
      agent?: string;
    }
  | { kind: 'unknown_agent'; mention: string }
  | { kind: 'no_number' }
  | { kind: 'no_goal'; phoneNumber: string };

// The keywords carriers and Twilio treat as opt-out, opt-in and help (the whole message, any case).
const STOP = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT'];
const START = ['START', 'YES', 'UNSTOP'];
const HELP = ['HELP', 'INFO'];

/**
 * The first phone number in a text: a NANP number however it is written (+14155550100,
 * +1 415 555 0100, +1 (415) 555-0100, 1-415-555-0100, (415) 555-0100, 415.555.0100,
 * 415 555 0100, 4155550100), or another country's number in E.164 (+44 20 7946 0958), so the
 * reply can say why it is not called. Whether a number may be called is the shared number
 * rule's decision, not this pattern's: it takes any area code.
 */
const PHONE_NUMBER =
  /(?<![\d+])(?:(?:\+?1[\s.-]*)?(?:\(\s*(\d{3})\s*\)|(\d{3}))[\s.-]*(\d{3})[\s.-]*(\d{4})(?!\d)|\+([2-9](?:[\s.-]?\d){5,16})(?!\d))/;

/** The number found at `match`, in E.164. */
function e164Of(match: RegExpExecArray): string {
  if (match[5] !== undefined) return `+${match[5].replace(/\D/g, '')}`;
  return `+1${match[1] ?? match[2]}${match[3]}${match[4]}`;
}

/** A text that starts with the word TEST asks for a test call (the simulated network, free). */
const TEST_PREFIX = /^test\b[\s:,-]*/i;

/** A text that names one of the account's agents starts (after TEST) with @ and its name. */
export const namesAgent = (body: string) => body.trim().replace(TEST_PREFIX, '').startsWith('@');

/**
 * The agent a text starting with @ names: the longest of the account's agent names that the text
 * goes on with (any case), ending at a word's end, and the words after it.
 */
function agentMentioned(text: string, agentNames: readonly string[]) {
  const after = text.slice(1);
  const name = agentNames
    .filter(
      (candidate) =>
        candidate.length > 0 &&
        after.slice(0, candidate.length).toLowerCase() === candidate.toLowerCase() &&
        !/[\p{L}\p{N}]/u.test(after.charAt(candidate.length)),
    )
    .sort((a, b) => b.length - a.length)[0];
  return name === undefined ? null : { name, rest: after.slice(name.length) };
}

/**
 * What a text asks for. `agentNames` are the sender's account's agents, for a text that names one
 * (namesAgent): without them, such a text names an agent nobody has.
 */
export function parseSms(body: string, agentNames: readonly string[] = []): SmsIntent {
  const livemode = !TEST_PREFIX.test(body.trim());
  let text = body.trim().replace(TEST_PREFIX, '');
  const keyword = text.toUpperCase().replace(/[^A-Z]/g, '');
  if (text.split(/\s+/).length === 1) {
    if (STOP.includes(keyword)) return { kind: 'stop' };
    if (START.includes(keyword)) return { kind: 'start' };
    if (HELP.includes(keyword)) return { kind: 'help' };
  }
  let agent: string | undefined;
  if (text.startsWith('@')) {
    const mentioned = agentMentioned(text, agentNames);
    if (!mentioned) return { kind: 'unknown_agent', mention: text.slice(1).split(/\s+/)[0] ?? '' };
    agent = mentioned.name;
    text = mentioned.rest.replace(/^[\s:,-]+/, '');
  }
  const match = PHONE_NUMBER.exec(text);
  if (!match) return { kind: 'no_number' };
  const phoneNumber = e164Of(match);
  const rest = `${text.slice(0, match.index)} ${text.slice(match.index + match[0].length)}`
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(please\s+)?(call|phone|ring|dial|text)\b\s*/i, '')
    .replace(/^(and|to|,|:|-)\s*/i, '')
    .trim();
  // A named agent may bring its own goal.
  if (rest.length === 0 && agent === undefined) return { kind: 'no_goal', phoneNumber };
  return {
    kind: 'call',
    phoneNumber,
    ...(rest.length === 0 ? {} : { goal: rest.charAt(0).toUpperCase() + rest.slice(1) }),
    livemode,
    ...(agent === undefined ? {} : { agent }),
  };
}
