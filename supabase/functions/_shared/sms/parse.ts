// What an inbound text asks for: a carrier keyword (STOP, HELP, START), or a call request whose
// first phone number is the callee and whose remaining words are the goal.

export type SmsIntent =
  | { kind: 'stop' }
  | { kind: 'start' }
  | { kind: 'help' }
  | { kind: 'call'; phoneNumber: string; goal: string; livemode: boolean }
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

export function parseSms(body: string): SmsIntent {
  const livemode = !TEST_PREFIX.test(body.trim());
  const text = body.trim().replace(TEST_PREFIX, '');
  const keyword = text.toUpperCase().replace(/[^A-Z]/g, '');
  if (text.split(/\s+/).length === 1) {
    if (STOP.includes(keyword)) return { kind: 'stop' };
    if (START.includes(keyword)) return { kind: 'start' };
    if (HELP.includes(keyword)) return { kind: 'help' };
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
  if (rest.length === 0) return { kind: 'no_goal', phoneNumber };
  return {
    kind: 'call',
    phoneNumber,
    goal: rest.charAt(0).toUpperCase() + rest.slice(1),
    livemode,
  };
}
