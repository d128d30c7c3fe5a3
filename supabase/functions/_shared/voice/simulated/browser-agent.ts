// The simulated agent of a browser call ("Talk to your agent" in test mode): what it answers to
// each thing the user says, decided by rules, so a call costs nothing and answers the same way
// every time. It speaks as an agent pursuing the goal: its opening is the real one (the mandatory
// disclosures, then what the call is for), never its instructions.
import { asksNotToBeCalled } from '../../contract/opt-out-words.ts';
import { phrasesFor, purposeOf, speakingSeconds } from './conversation.ts';

/**
 * What the call is for, as the agent says it: the goal's first clause, in the call's language
 * where the simulated network speaks it (else English).
 */
export const reasonLine = (goal: string, language = 'en') =>
  phrasesFor(language).reason(purposeOf(goal));

/** What the agent says back, and whether the call ends with it (and how it is summed up). */
export type AgentReply = { text: string; ends: boolean; summary?: string; optedOut?: boolean };

const GOODBYE = /\b(bye|goodbye|that'?s all|hang up|talk later)\b/i;
const AI_QUESTION = /\b(robot|bot|ai|artificial|machine|real person|human|automated)\b/i;
const WHO = /\b(who (is|are) (this|you)|who('?s| is) calling|what company|which company)\b/i;
const PERSON = /\b(speak|talk) (to|with) (a|an|the)? ?(person|human|manager|someone)\b/i;
const YES = /^(yes|yeah|yep|sure|ok(ay)?|correct|that works|sounds good|confirmed?)\b/i;
const NO = /^(no|nope|not really|i can'?t|that doesn'?t work)\b/i;

/** The first words of a browser call's summary: what it was about. */
export const browserCallAbout = (goal: string) => `A browser test call about: ${purposeOf(goal)}.`;

/**
 * The agent's answer to what the user just said. An opt-out (the platform's own test of a
 * callee's words) and a goodbye end the call at once, whatever else was said.
 */
export function agentReply(input: {
  goal: string;
  voice: string;
  businessName: string;
  heard: string;
  /** The call's language: an opt-out is heard in it, as on a phone call (opt-out-words.ts). */
  language?: string;
}): AgentReply {
  const heard = input.heard.trim();
  if (asksNotToBeCalled(heard, input.language ?? 'en'))
    return {
      text: "Understood. You won't be called again about this. Goodbye.",
      ends: true,
      optedOut: true,
      summary: `${browserCallAbout(input.goal)} The user asked not to be called again; the agent confirmed and ended the call.`,
    };
  if (GOODBYE.test(heard))
    return {
      text: 'Thank you for your time. Goodbye!',
      ends: true,
      summary: `${browserCallAbout(input.goal)} The user said goodbye.`,
    };
  if (PERSON.test(heard))
    return {
      text: "I can't connect you with a person on this call, but I'll note that you asked for one.",
      ends: false,
    };
  if (WHO.test(heard))
    return {
      text: `This is ${input.voice}, an AI assistant calling on behalf of ${input.businessName}. ${reasonLine(input.goal)}`,
      ends: false,
    };
  if (AI_QUESTION.test(heard))
    return {
      text: `Yes, I'm an AI assistant calling on behalf of ${input.businessName}.`,
      ends: false,
    };
  if (YES.test(heard))
    return { text: "Thank you, I've noted that. Is there anything else?", ends: false };
  if (NO.test(heard))
    return {
      text: "No problem, I've noted that. Is there anything else I can help with?",
      ends: false,
    };
  if (heard.endsWith('?'))
    return {
      text: `Good question. I can't answer that on this call, but I'll pass it on. ${reasonLine(input.goal)}`,
      ends: false,
    };
  return {
    text: `Thanks, I've noted that. ${reasonLine(input.goal)} Does that work for you?`,
    ends: false,
  };
}

/** How long saying `text` takes, in ms, at the simulated network's pace of speech. */
export const speakingMs = (text: string) => Math.round(speakingSeconds(text) * 1000);
