// What an inbound text asks for: a carrier keyword (STOP, HELP, START), or a call request whose
// first US number is the callee and whose remaining words are the goal.

export type SmsIntent =
  | { kind: 'stop' }
  | { kind: 'start' }
  | { kind: 'help' }
  | { kind: 'call'; phoneNumber: string; goal: string }
  | { kind: 'no_number' }
  | { kind: 'no_goal'; phoneNumber: string };

// The keywords carriers and Twilio treat as opt-out, opt-in and help (the whole message, any case).
const STOP = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT'];
const START = ['START', 'YES', 'UNSTOP'];
const HELP = ['HELP', 'INFO'];

// +1 415 555 0100, (415) 555-0100, 415.555.0100, 4155550100, +14155550100.
const US_NUMBER = /(?:\+?1[\s.-]*)?\(?\b([2-9]\d{2})\)?[\s.-]*([2-9]\d{2})[\s.-]*(\d{4})\b/;

export function parseSms(body: string): SmsIntent {
  const text = body.trim();
  const keyword = text.toUpperCase().replace(/[^A-Z]/g, '');
  if (text.split(/\s+/).length === 1) {
    if (STOP.includes(keyword)) return { kind: 'stop' };
    if (START.includes(keyword)) return { kind: 'start' };
    if (HELP.includes(keyword)) return { kind: 'help' };
  }
  const match = US_NUMBER.exec(text);
  if (!match) return { kind: 'no_number' };
  const phoneNumber = `+1${match[1]}${match[2]}${match[3]}`;
  const rest = `${text.slice(0, match.index)} ${text.slice(match.index + match[0].length)}`
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(please\s+)?(call|phone|ring|dial|text)\b\s*/i, '')
    .replace(/^(and|to|,|:|-)\s*/i, '')
    .trim();
  if (rest.length === 0) return { kind: 'no_goal', phoneNumber };
  return { kind: 'call', phoneNumber, goal: rest.charAt(0).toUpperCase() + rest.slice(1) };
}
