/**
 * Calls by text message, as /docs explains them: each example text with what the SMS parser
 * (supabase/functions/_shared/sms/parse.ts) reads from it, so a unit test runs the parser on it
 * and the page cannot promise a format the service does not read.
 */
export type SmsExample = {
  text: string;
  /** The goal is absent when a named agent brings its own. */
  reads: { phoneNumber: string; goal?: string; livemode: boolean; agent?: string };
};

/** The agents the examples' account has, for the example that names one. */
export const smsExampleAgents = ['Refill desk'];

export const smsExamples: SmsExample[] = [
  {
    text: '+1 415 555 0100 confirm my appointment tomorrow at 3 pm',
    reads: {
      phoneNumber: '+14155550100',
      goal: 'Confirm my appointment tomorrow at 3 pm',
      livemode: true,
    },
  },
  {
    text: 'Call (415) 555-0100 and ask when the parcel will arrive',
    reads: {
      phoneNumber: '+14155550100',
      goal: 'Ask when the parcel will arrive',
      livemode: true,
    },
  },
  {
    text: 'TEST 415 555 0100 confirm my appointment',
    reads: { phoneNumber: '+14155550100', goal: 'Confirm my appointment', livemode: false },
  },
  {
    text: '@Refill desk call 415 555 0100',
    reads: { phoneNumber: '+14155550100', livemode: true, agent: 'Refill desk' },
  },
];

/** The whole-message keywords carriers and the service answer. */
export const smsKeywords = [
  { keyword: 'HELP', meaning: 'What to text, and how to stop.' },
  { keyword: 'STOP', meaning: 'No more texts from the service (START to undo).' },
];
