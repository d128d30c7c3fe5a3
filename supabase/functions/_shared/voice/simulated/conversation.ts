import { agentReply, promptFacts, saysYes } from './browser-agent.ts';
import { KNOWLEDGE_TOOL } from '../../contract/knowledge-tool.ts';
import type { Behaviour } from './callees.ts';
import { fillFromFiction } from './fiction.ts';
import { settledSentence, settleFields } from './settled.ts';
import { OPT_OUT_KEY } from '../../contract/disclosures.ts';

/**
 * The conversation generator: turns a callee's behaviour and the assistant's settings into a
 * deterministic script in simulated seconds (from the moment the call was created). The callee's
 * lines follow the goal, read from the assistant's system prompt.
 */
export type Role = 'assistant' | 'user';

export type Step =
  | { at: number; kind: 'status'; status: 'ringing' | 'in-progress' }
  | {
      at: number;
      kind: 'turn';
      role: Role;
      text: string;
      seconds: number;
      /** Spoken from the answer of the tool call before it (its text is the fallback). */
      fromTool?: boolean;
      /** Spoken from the transfer destination's fallback message, when it has one. */
      fromTransferFallback?: boolean;
      /**
       * Keys pressed, not words: the callee's presses reach the agent as its turn (keypadInputPlan),
       * the agent's are its dtmf tool's calls.
       */
      dtmf?: string;
    }
  | { at: number; kind: 'tool'; name: string; arguments: Record<string, unknown> }
  /**
   * The agent's transferCall: Vapi dials the destination (status-update `forwarding`); when the
   * person answers, the call is theirs (transfer-update), else the fallback message is spoken.
   */
  | {
      at: number;
      kind: 'transfer';
      /** null: the destination is asked for as the transfer happens (transfer-destination-request). */
      to: string | null;
      mode: string;
      answered: boolean;
      /** For a destination asked for: how the call goes on when the person does not answer. */
      unanswered?: Branch;
      /** And when the server gives no destination (the transfer may not be made now). */
      refused?: Branch;
    }
  | { at: number; kind: 'end'; endedReason: string };

/** The rest of a call from a transfer on, when it goes another way than the script's. */
export type Branch = { steps: Step[]; outcome: Outcome; summary: string | null };

export type Outcome = 'met' | 'not-met' | 'none';

export type Script = {
  steps: Step[];
  outcome: Outcome;
  summary: string | null;
  /** The callee asked not to be called again (the end-of-call analysis reports it). */
  optedOut?: boolean;
  /** The callee's answer to the consent step, when the assistant has one; null otherwise. */
  recordingConsent?: 'granted' | 'declined' | null;
  /** When the callee granted consent, in simulated seconds (Vapi's `grantedAt`). */
  consentGrantedAt?: number | null;
};

/** What the callee of 555-0109 says once it hears why it is called. */
export const OPT_OUT_LINE =
  'Please do not call me again. Take this number off your list, I do not want these calls.';

/**
 * What the callee of 555-0190 sends: the opt-out key. With `assistant.keypadInputPlan.enabled` Vapi
 * adds the press to the conversation as a user message ("User's Keypad Entry: 9").
 */
export { OPT_OUT_KEY };

export type ScriptInput = {
  behaviour: Behaviour;
  /** The system prompt (assistant.model.messages, role system). */
  systemPrompt: string | null;
  firstMessage: string | null;
  /** assistant.maxDurationSeconds; Vapi's default is 600. */
  maxDurationSeconds: number;
  voicemailMessage: string | null;
  /** assistant.voicemailDetection is set and not 'off' (Vapi's default is off). */
  voicemailDetection: boolean;
  /** assistant.transcriber.language (e.g. 'es', 'fr-FR'); the conversation is held in it. */
  language?: string | null;
  /**
   * assistant.compliancePlan.recordingConsentPlan.message: Vapi's consent step speaks it before
   * the assistant's first message, and records only if the callee agrees.
   */
  consentRequest?: string | null;
  /** assistant.endCallMessage: the assistant says it as it closes the call. */
  endCallMessage?: string | null;
  /** The assistant's function tools (assistant.model.tools of type function). */
  tools?: { name: string; parameters: Record<string, unknown> }[];
  /** The object schemas of the structured outputs asked for: the callee says what it settles. */
  outputSchemas?: Record<string, unknown>[];
  /**
   * The assistant's transferCall destination (its first number), when it has one; `to` null when
   * the tool names none and the assistant's server is asked at the moment of the transfer.
   */
  transfer?: { to: string | null; mode: string; fallbackMessage: string | null } | null;
  /** The assistant has Vapi's dtmf tool, so it can press keys. */
  dtmfTool?: boolean;
  /**
   * A test suite's scripted callee (test mode only, never sent to Vapi): what it says and presses
   * turn by turn; it replaces the number's behaviour.
   */
  scenario?: CalleeScenario | null;
};

/** A scripted callee of a test suite: its turns, and its answer to the recording question. */
export type CalleeScenario = {
  turns: ({ say: string } | { press: string })[];
  recording_consent?: 'granted' | 'declined';
};

/** What the callee of 555-0140 asks. */
export const PERSON_REQUEST = 'Actually, can I speak to a real person, please?';
/** The agent's line before it transfers. */
export const TRANSFER_LINE = 'Of course. I am connecting you with a person now, please hold.';
/** The agent's line when the task has no transfer. */
export const NO_TRANSFER_LINE =
  'I am sorry, I cannot transfer this call, but I can help you with it myself.';
/** The agent's line when the server gives no destination for the transfer. */
export const TRANSFER_REFUSED_LINE =
  'I am sorry, I cannot connect you with a person right now, but I can help you with it myself.';
/** Simulated seconds a transfer's line rings before it counts as not answered. */
export const TRANSFER_RING_SECONDS = 30;
/** The transfer number whose line is never answered (555-0142). */
export const UNANSWERED_TRANSFER_DIGITS = '5550142';
/** Simulated seconds the callee talks with the person after a transfer (billed with the call). */
export const TRANSFERRED_LEG_SECONDS = 60;

/** What the phone menu of 555-0143 reads, and the keys it takes. */
export const PHONE_MENU =
  'Thank you for calling. For billing, press 1. For appointments, press 2. To speak with a person, press 0.';
export const PHONE_MENU_KEYS = ['0', '1', '2'];
export const PHONE_MENU_INVALID = `Sorry, that is not a valid option. ${PHONE_MENU}`;
export const PHONE_MENU_GOODBYE =
  'Sorry, we could not process your request. Please call the main menu again later. Goodbye.';
export const PHONE_MENU_CONNECTING =
  'Please hold while we connect your call to the main menu operator.';
export const MENU_PERSON = 'Hello, this is Sam at the front desk. How can I help you?';

/** The key the callee of 555-0144 presses when asked to press one. */
export const KEYPAD_ANSWER = '2';

/** The key the agent presses at a phone menu: the one the goal names ("press 2"), else 0. */
export function menuKeyFor(goal: string): string {
  return /\bpress\s+([0-9*#])\b/i.exec(goal)?.[1] ?? '0';
}

/** What the callee of 555-0110 asks: only the task's first tool can answer it. */
export const TOOL_QUESTION =
  'Before I say yes, can you check that in your system for me? I need to know what it says.';
/** What the callee of 555-0111 asks: only the agent's documents can answer it. */
export const KNOWLEDGE_QUESTION = 'Do you take my insurance, and what are your hours?';
/** What the agent says when the tool failed or did not answer in time. */
export const TOOL_FAILED_LINE =
  'I am sorry, I cannot check that right now. Let us carry on without it.';
/** What the agent says with the tool's answer. */
export const toolAnswerLine = (answer: string) => `I checked that for you: ${answer}`;

/** What the call-screening assistant of 555-0150 and 555-0151 says on answering. */
export const SCREENING_ASK =
  "Hi, the person you're calling is using a screening service. Please say your name and why you're calling.";
/** What it says while it rings the person (555-0150). */
export const SCREENING_HOLD =
  "Thanks. The person you're calling is using a screening service; stay on the line.";
/** What it says when nobody comes on (555-0151). */
export const SCREENING_GONE =
  "The person you're calling is using a screening service and is not available. Goodbye.";

/** Vapi's endedReason values (openapi.json, Call.endedReason) the network produces. */
export const ENDED_REASONS = {
  callerHungUp: 'customer-ended-call',
  assistantEnded: 'assistant-ended-call',
  busy: 'customer-busy',
  noAnswer: 'customer-did-not-answer',
  voicemail: 'voicemail',
  carrierFailure: 'twilio-failed-to-connect-call',
  maxDuration: 'exceeded-max-duration',
  silence: 'silence-timed-out',
  canceled: 'manually-canceled',
  forwarded: 'assistant-forwarded-call',
  /** A `say` through the control URL with `endCallAfterSpoken`. */
  afterMessageSpoken: 'assistant-ended-call-after-message-spoken',
} as const;

const RING_AT = 1;
const RING_SECONDS = 7;
const NO_ANSWER_AFTER = 30;
const BUSY_AFTER = 3;
const CARRIER_FAILS_AFTER = 2;
const SILENCE_TIMEOUT = 30;
const GAP = 1.2;
const WORDS_PER_SECOND = 2.6;

/** Seconds a line takes to say. */
export function speakingSeconds(text: string): number {
  const words = text.trim().split(/\s+/).filter(Boolean).length;
  return Math.round(Math.max(1.2, words / WORDS_PER_SECOND) * 10) / 10;
}

/**
 * The goal from the system prompt: the text after a `Goal:` (or `Task:`, `Objective:`, `Your goal
 * on this call:`) label,
 * else the prompt's first sentence.
 */
export function goalFromPrompt(prompt: string | null): string {
  if (!prompt?.trim()) return 'the reason for this call';
  const labelled =
    /(?:^|\n)\s*(?:[#*-]+\s*)?(?:your\s+)?(?:goal|task|objective)\b[^:：\n]{0,30}[:：]\s*(.+)/i.exec(
      prompt,
    );
  const raw = labelled?.[1] ?? prompt.trim().split(/(?<=[.!?])\s|\n/)[0] ?? prompt;
  const goal = raw.replace(/\s+/g, ' ').trim().slice(0, 600);
  return goal.replace(/[.!?;,:\s]+$/, '') || 'the reason for this call';
}

/** A stable number from text (FNV-1a), so the same goal always gives the same call. */
export function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** How long the callee takes to check before answering: 15–45 s, chosen by the goal. */
export function holdSeconds(goal: string): number {
  return 15 + (stableHash(goal) % 31);
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * What the call is for, as an agent pursuing the goal says it: the goal's first clause, without
 * the contingencies that follow it ("…; offer Thursday if not"), which are for the agent only.
 */
export function purposeOf(goal: string): string {
  const first = goal.split(/\s*;\s*|\s+[—–]\s+|\s+-\s+|(?<=[.!?])\s+/)[0] ?? goal;
  return first.replace(/[.!?;,:\s]+$/, '') || goal;
}

/** Goals that begin with what the agent is to do read as "I'm calling to …". */
const ACTION_FIRST =
  /^(arrange|ask|book|cancel|check|collect|confirm|discuss|find|follow|get|invite|let|notify|offer|remind|reschedule|schedule|see|tell|update|verify)\b/i;

/** "I'm calling to confirm …" or "I'm calling about …": what the call is for, in English. */
function reasonLine(purpose: string): string {
  return ACTION_FIRST.test(purpose)
    ? `I'm calling to ${lowerFirst(purpose)}.`
    : `I'm calling about ${purpose}.`;
}

type Phrases = {
  opening: string;
  whatAbout: string;
  reason: (goal: string) => string;
  checking: string;
  yes: (goal: string) => string;
  no: (goal: string) => string;
  thanks: string;
  understood: string;
  byeYes: string;
  byeNo: string;
  consentYes: string;
  consentNo: string;
};

/** What the two sides say, in the languages the agent speaks (the phone agent's settings). */
const PHRASES: Record<'en' | 'es' | 'fr' | 'de' | 'ja', Phrases> = {
  en: {
    opening: 'Hello, this is an automated assistant calling.',
    whatAbout: 'Hi, yes, speaking. What is this about?',
    reason: reasonLine,
    checking: 'Okay, let me check that. One moment, please.',
    yes: (goal) => `Yes, that works — ${lowerFirst(goal)}. Consider it done.`,
    no: (goal) => `No, I'm sorry, that doesn't work for me. I can't agree to ${lowerFirst(goal)}.`,
    thanks: 'Wonderful, thank you. I have noted that. Have a great day!',
    understood: 'I understand. Thank you for your time. Goodbye.',
    byeYes: 'Thanks, bye.',
    byeNo: 'Bye.',
    consentYes: 'Yes, that is fine, you can record it.',
    consentNo: 'No, I do not agree to be recorded.',
  },
  es: {
    opening: 'Hola, le llama un asistente automático.',
    whatAbout: 'Hola, sí, dígame. ¿De qué se trata?',
    reason: (goal) => `El motivo de mi llamada: ${goal}.`,
    checking: 'De acuerdo, déjeme comprobarlo. Un momento, por favor.',
    yes: (goal) => `Sí, me parece bien — ${lowerFirst(goal)}. Cuente con ello.`,
    no: (goal) => `No, lo siento, no me viene bien. No puedo aceptar: ${lowerFirst(goal)}.`,
    thanks: 'Estupendo, muchas gracias. Lo he anotado. ¡Que tenga un buen día!',
    understood: 'Lo entiendo. Gracias por su tiempo. Adiós.',
    byeYes: 'Gracias, adiós.',
    byeNo: 'Adiós.',
    consentYes: 'Sí, de acuerdo, puede grabarla.',
    consentNo: 'No, no acepto que se grabe.',
  },
  fr: {
    opening: 'Bonjour, ici un assistant automatique.',
    whatAbout: "Bonjour, oui, c'est moi. C'est à quel sujet ?",
    reason: (goal) => `La raison de mon appel : ${goal}.`,
    checking: 'Très bien, je vérifie. Un instant, s’il vous plaît.',
    yes: (goal) => `Oui, cela me convient — ${lowerFirst(goal)}. C'est entendu.`,
    no: (goal) =>
      `Non, désolé, cela ne me convient pas. Je ne peux pas accepter : ${lowerFirst(goal)}.`,
    thanks: 'Parfait, merci beaucoup. C’est noté. Bonne journée !',
    understood: 'Je comprends. Merci pour votre temps. Au revoir.',
    byeYes: 'Merci, au revoir.',
    byeNo: 'Au revoir.',
    consentYes: 'Oui, d’accord, vous pouvez enregistrer.',
    consentNo: 'Non, je ne veux pas être enregistré.',
  },
  de: {
    opening: 'Guten Tag, hier spricht ein automatischer Assistent.',
    whatAbout: 'Hallo, ja, am Apparat. Worum geht es?',
    reason: (goal) => `Der Grund meines Anrufs: ${goal}.`,
    checking: 'In Ordnung, ich sehe kurz nach. Einen Moment, bitte.',
    yes: (goal) => `Ja, das passt — ${goal}. Geht in Ordnung.`,
    no: (goal) => `Nein, tut mir leid, das passt mir nicht. Dem kann ich nicht zustimmen: ${goal}.`,
    thanks: 'Wunderbar, vielen Dank. Ich habe es notiert. Einen schönen Tag noch!',
    understood: 'Ich verstehe. Danke für Ihre Zeit. Auf Wiederhören.',
    byeYes: 'Danke, tschüss.',
    byeNo: 'Tschüss.',
    consentYes: 'Ja, in Ordnung, Sie dürfen aufzeichnen.',
    consentNo: 'Nein, ich bin mit einer Aufzeichnung nicht einverstanden.',
  },
  ja: {
    opening: 'もしもし、自動アシスタントからのお電話です。',
    whatAbout: 'はい、私です。どのようなご用件でしょうか。',
    reason: (goal) => `お電話の用件は次のとおりです：${goal}。`,
    checking: '分かりました、確認しますので少々お待ちください。',
    yes: (goal) => `はい、大丈夫です — ${goal}。承知しました。`,
    no: (goal) => `申し訳ありませんが、都合がつきません。${goal}には応じられません。`,
    thanks: 'ありがとうございます。記録しました。良い一日を！',
    understood: '承知しました。お時間をいただきありがとうございました。失礼します。',
    byeYes: 'ありがとう、失礼します。',
    byeNo: '失礼します。',
    consentYes: 'はい、録音して構いません。',
    consentNo: 'いいえ、録音には同意しません。',
  },
};

/** The phrases for a transcriber language ('es', 'es-ES', …); English for any other. */
export function phrasesFor(language: string | null | undefined): Phrases {
  const code = (language ?? 'en').toLowerCase().split('-')[0] as keyof typeof PHRASES;
  return PHRASES[code] ?? PHRASES.en;
}

/** The lines of a conversation that follows `goal`, in the call's language. */
export function conversationLines(
  goal: string,
  firstMessage: string | null,
  agrees: boolean,
  language?: string | null,
  endCallMessage?: string | null,
) {
  const say = phrasesFor(language);
  const opening = firstMessage?.trim() || say.opening;
  // Both sides speak of what the call is for; the goal's instructions stay unsaid.
  const purpose = purposeOf(goal);
  const ask = say.reason(purpose);
  const answer = agrees ? say.yes(purpose) : say.no(purpose);
  const closing = [agrees ? say.thanks : say.understood, endCallMessage?.trim()]
    .filter(Boolean)
    .join(' ');
  return { opening, ask, answer, closing };
}

/** Appends turns one after another from `start`; returns the time the last one ends. */
function speak(steps: Step[], start: number, turns: [Role, string, number?][]): number {
  let at = start;
  for (const [role, text, pause = GAP] of turns) {
    const seconds = speakingSeconds(text);
    steps.push({ at, kind: 'turn', role, text, seconds });
    at = Math.round((at + seconds + pause) * 10) / 10;
  }
  return at;
}

const SMALL_TALK: [Role, string][] = [
  ['user', 'Sorry, before that — can you tell me again who is calling?'],
  ['assistant', 'Of course. I am calling on behalf of our client, about the matter I mentioned.'],
  ['user', 'Right. And how long would this take? I have a few other things going on today.'],
  ['assistant', 'Not long at all. Coming back to my question, could we settle it now?'],
  ['user', 'Hmm, let me think about it. There is a lot to consider here, you know.'],
  ['assistant', 'Take your time. I am happy to wait while you think it over.'],
];

/** Vapi's consent step: the request, the callee's answer, and what it decides of the recording. */
function consentStep(
  steps: Step[],
  start: number,
  request: string,
  declines: boolean,
  say: Phrases,
): { at: number; consent: Pick<Script, 'recordingConsent' | 'consentGrantedAt'> } {
  const at = speak(steps, start, [
    ['assistant', request],
    ['user', declines ? say.consentNo : say.consentYes],
  ]);
  return {
    at,
    consent: declines
      ? { recordingConsent: 'declined', consentGrantedAt: null }
      : { recordingConsent: 'granted', consentGrantedAt: at },
  };
}

function scriptFor(input: ScriptInput): Script {
  const goal = goalFromPrompt(input.systemPrompt);
  const steps: Step[] = [];
  const end = (at: number, endedReason: string) => steps.push({ at, kind: 'end', endedReason });

  switch (input.behaviour) {
    case 'carrier-failure':
      end(CARRIER_FAILS_AFTER, ENDED_REASONS.carrierFailure);
      return { steps, outcome: 'none', summary: null };
    case 'busy':
      steps.push({ at: RING_AT, kind: 'status', status: 'ringing' });
      end(BUSY_AFTER, ENDED_REASONS.busy);
      return { steps, outcome: 'none', summary: null };
    case 'no-answer':
    case 'transfer-unanswered':
      steps.push({ at: RING_AT, kind: 'status', status: 'ringing' });
      end(RING_AT + NO_ANSWER_AFTER, ENDED_REASONS.noAnswer);
      return { steps, outcome: 'none', summary: null };
    default:
      break;
  }

  const answered = RING_AT + RING_SECONDS;
  steps.push({ at: RING_AT, kind: 'status', status: 'ringing' });
  steps.push({ at: answered, kind: 'status', status: 'in-progress' });
  const lines = conversationLines(
    goal,
    input.firstMessage,
    input.behaviour !== 'declines',
    input.language,
    input.endCallMessage,
  );
  const say = phrasesFor(input.language);
  let start = answered + 0.6;
  // Vapi's consent step comes first: asked, answered, and only then the assistant's first message.
  // A voicemail greeting never consents; every person does, but the callee who objects.
  let consent: Pick<Script, 'recordingConsent' | 'consentGrantedAt'> = {};
  if (input.consentRequest?.trim()) {
    if (input.behaviour === 'voicemail') consent = { recordingConsent: 'declined' };
    else
      ({ at: start, consent } = consentStep(
        steps,
        start,
        input.consentRequest.trim(),
        input.behaviour === 'objects-to-recording',
        say,
      ));
  }

  if (input.behaviour === 'voicemail') {
    const greeting =
      'Hi, you have reached my voicemail. I cannot take your call right now. Please leave a message after the tone.';
    if (!input.voicemailDetection) {
      // Detection off (Vapi's default): the agent talks to the recording until silence ends the call.
      const after = speak(steps, start, [
        ['assistant', lines.opening],
        ['user', greeting],
        ['assistant', lines.ask],
      ]);
      end(after + SILENCE_TIMEOUT, ENDED_REASONS.silence);
      return {
        ...consent,
        steps,
        outcome: 'not-met',
        summary: `The assistant called about: ${goal}. An answering machine picked up and nobody responded, so the goal was not met.`,
      };
    }
    const detected = speak(steps, start, [['user', greeting, 0.8]]);
    if (input.voicemailMessage?.trim()) {
      const after = speak(steps, detected, [['assistant', input.voicemailMessage.trim(), 0.5]]);
      end(after, ENDED_REASONS.voicemail);
      return {
        ...consent,
        steps,
        outcome: 'not-met',
        summary: `The call reached voicemail; the assistant left a message about: ${goal}.`,
      };
    }
    end(detected, ENDED_REASONS.voicemail);
    return {
      ...consent,
      steps,
      outcome: 'not-met',
      summary: 'The call reached voicemail; the assistant hung up without leaving a message.',
    };
  }

  if (input.behaviour === 'talks-until-max-duration') {
    const limit = answered + input.maxDurationSeconds;
    let at = speak(steps, start, [
      ['assistant', lines.opening],
      ['user', 'Hello? Yes, I am here. Who is this?'],
      ['assistant', lines.ask],
    ]);
    for (let i = 0; ; i++) {
      const [role, text] = SMALL_TALK[i % SMALL_TALK.length]!;
      if (at + speakingSeconds(text) > limit) break;
      at = speak(steps, at, [[role, text, GAP + 4]]);
    }
    end(limit, ENDED_REASONS.maxDuration);
    return {
      ...consent,
      steps,
      outcome: 'not-met',
      summary: `The assistant called about: ${goal}. The callee kept talking without deciding until the maximum call duration was reached, so the goal was not met.`,
    };
  }

  if (input.behaviour === 'opts-out') {
    const after = speak(steps, start, [
      ['assistant', lines.opening],
      ['user', 'Hello? Who is this?'],
      ['assistant', lines.ask],
      ['user', OPT_OUT_LINE],
      [
        'assistant',
        [
          'Understood. We will not call this number again. Sorry to bother you.',
          input.endCallMessage?.trim() || 'Goodbye.',
        ].join(' '),
      ],
      ['user', 'Bye.', 0.4],
    ]);
    end(after, ENDED_REASONS.callerHungUp);
    return {
      ...consent,
      steps,
      outcome: 'not-met',
      summary: `The assistant called about: ${goal}. The callee asked not to be called again, so the goal was not met.`,
      optedOut: true,
    };
  }

  if (input.behaviour === 'asks-tool' || input.behaviour === 'asks-knowledge') {
    const knowledge = input.behaviour === 'asks-knowledge';
    // The question of 555-0111 is the documents' to answer; 555-0110's the first tool's.
    const tool = knowledge
      ? input.tools?.find((one) => one.name === KNOWLEDGE_TOOL)
      : input.tools?.[0];
    let at = speak(steps, start, [
      ['assistant', lines.opening],
      ['user', say.whatAbout],
      ['assistant', lines.ask],
      ['user', knowledge ? KNOWLEDGE_QUESTION : TOOL_QUESTION],
    ]);
    if (tool) {
      steps.push({
        at,
        kind: 'tool',
        name: tool.name,
        arguments: knowledge ? { query: KNOWLEDGE_QUESTION } : argumentsFor(tool.parameters, goal),
      });
      at = Math.round((at + 1) * 10) / 10;
      const seconds = 4;
      steps.push({
        at,
        kind: 'turn',
        role: 'assistant',
        text: TOOL_FAILED_LINE,
        seconds,
        fromTool: true,
      });
      at = Math.round((at + seconds + GAP) * 10) / 10;
    } else at = speak(steps, at, [['assistant', TOOL_FAILED_LINE]]);
    const after = speak(steps, at, [
      ['user', lines.answer],
      ['assistant', lines.closing],
      ['user', say.byeYes, 0.4],
    ]);
    end(after, ENDED_REASONS.callerHungUp);
    return {
      steps,
      outcome: 'met',
      summary: knowledge
        ? `The assistant called about: ${goal}. The callee asked about insurance and hours${tool ? ', which the assistant looked up in its documents' : ''}, then agreed, so the goal was met.`
        : `The assistant called about: ${goal}. The callee asked for a check${tool ? ` (the ${tool.name} tool)` : ''}, then agreed, so the goal was met.`,
    };
  }

  if (input.behaviour === 'asks-for-person') {
    let at = speak(steps, start, [
      ['assistant', lines.opening],
      ['user', say.whatAbout],
      ['assistant', lines.ask],
      ['user', PERSON_REQUEST],
    ]);
    const transfer = input.transfer;
    /** The agent carries on without the transfer, after `line`, and the callee agrees. */
    const carryOn = (from: number, line: Step[], why: string): Branch => {
      const branch: Step[] = [...line];
      let after = Math.max(
        from,
        ...line.map((s) => (s.kind === 'turn' ? s.at + s.seconds + GAP : s.at)),
      );
      after = Math.round(after * 10) / 10;
      after = speak(branch, after, [
        ['user', lines.answer],
        ['assistant', lines.closing],
        ['user', say.byeYes, 0.4],
      ]);
      branch.push({ at: after, kind: 'end', endedReason: ENDED_REASONS.callerHungUp });
      return {
        steps: branch,
        outcome: 'met',
        summary: `The assistant called about: ${goal}. The callee asked for a person; ${why}, so the assistant carried on, then the callee agreed.`,
      };
    };
    if (transfer) {
      at = speak(steps, at, [['assistant', TRANSFER_LINE, 0.5]]);
      // The person's line rings out, then the fallback plan's message; the agent stays on the call.
      const timedOut = Math.round((at + TRANSFER_RING_SECONDS) * 10) / 10;
      const fallback: Step[] = [];
      speak(fallback, timedOut, [
        ['assistant', transfer.fallbackMessage ?? 'Nobody could take the call right now.'],
      ]);
      if (transfer.to === null) {
        const refusedLine: Step[] = [];
        speak(refusedLine, at, [['assistant', TRANSFER_REFUSED_LINE]]);
        steps.push({
          at,
          kind: 'transfer',
          to: null,
          mode: transfer.mode,
          answered: true,
          unanswered: carryOn(
            timedOut,
            fallback.map((s) => (s.kind === 'turn' ? { ...s, fromTransferFallback: true } : s)),
            'the transfer was not answered',
          ),
          refused: carryOn(at, refusedLine, 'the transfer could not be made then'),
        });
        end(at + TRANSFERRED_LEG_SECONDS, ENDED_REASONS.forwarded);
        return {
          ...consent,
          steps,
          outcome: 'none',
          summary: `The assistant called about: ${goal}. The callee asked for a person, and the call was transferred (${transfer.mode}).`,
        };
      }
      const answered = !transfer.to.endsWith(UNANSWERED_TRANSFER_DIGITS);
      steps.push({ at, kind: 'transfer', to: transfer.to, mode: transfer.mode, answered });
      if (answered) {
        // The callee talks with the person; the call (and its billing) runs until they hang up.
        end(at + TRANSFERRED_LEG_SECONDS, ENDED_REASONS.forwarded);
        return {
          ...consent,
          steps,
          outcome: 'none',
          summary: `The assistant called about: ${goal}. The callee asked for a person, and the call was transferred to ${transfer.to} (${transfer.mode}).`,
        };
      }
      at = speak(steps, timedOut, [
        ['assistant', transfer.fallbackMessage ?? 'Nobody could take the call right now.'],
      ]);
    } else at = speak(steps, at, [['assistant', NO_TRANSFER_LINE]]);
    const after = speak(steps, at, [
      ['user', lines.answer],
      ['assistant', lines.closing],
      ['user', say.byeYes, 0.4],
    ]);
    end(after, ENDED_REASONS.callerHungUp);
    return {
      ...consent,
      steps,
      outcome: 'met',
      summary: `The assistant called about: ${goal}. The callee asked for a person${transfer ? `; the transfer to ${transfer.to} was not answered, so the assistant carried on` : ''}, then agreed.`,
    };
  }

  if (input.behaviour === 'phone-menu') {
    if (!input.dtmfTool) {
      // The agent cannot press keys: it says a digit aloud, which no menu hears.
      const after = speak(steps, start, [
        ['user', PHONE_MENU],
        ['assistant', 'Zero.'],
        ['user', PHONE_MENU_INVALID],
        ['assistant', 'Zero.'],
        ['user', PHONE_MENU_GOODBYE, 0.2],
      ]);
      end(after, ENDED_REASONS.callerHungUp);
      return { steps, outcome: 'not-met', summary: 'A phone menu answered; no key was pressed.' };
    }
    const key = menuKeyFor(goal);
    const press = (at: number) => {
      steps.push({ at, kind: 'turn', role: 'assistant', text: key, seconds: 0.5, dtmf: key });
      return Math.round((at + 0.5 + GAP) * 10) / 10;
    };
    let at = speak(steps, start, [['user', PHONE_MENU]]);
    at = press(at);
    if (!PHONE_MENU_KEYS.includes(key)) {
      at = speak(steps, at, [['user', PHONE_MENU_INVALID]]);
      at = press(at);
      const after = speak(steps, at, [['user', PHONE_MENU_GOODBYE, 0.2]]);
      end(after, ENDED_REASONS.callerHungUp);
      return {
        steps,
        outcome: 'not-met',
        summary: `A phone menu answered; the key ${key} is not one of its options, so no person was reached.`,
      };
    }
    const after = speak(steps, at, [
      ['user', PHONE_MENU_CONNECTING],
      ['user', MENU_PERSON],
      ['assistant', lines.ask],
      ['user', lines.answer],
      ['assistant', lines.closing],
      ['user', say.byeYes, 0.4],
    ]);
    end(after, ENDED_REASONS.callerHungUp);
    return {
      steps,
      outcome: 'met',
      summary: `A phone menu answered; the assistant pressed ${key}, reached a person and the goal was met.`,
    };
  }

  if (input.behaviour === 'answers-by-keypad') {
    let at = speak(steps, start, [
      ['assistant', lines.opening],
      ['user', 'Hello?'],
      ['assistant', lines.ask],
    ]);
    steps.push({
      at,
      kind: 'turn',
      role: 'user',
      text: KEYPAD_ANSWER,
      seconds: 0.5,
      dtmf: KEYPAD_ANSWER,
    });
    at = Math.round((at + 0.5 + GAP) * 10) / 10;
    const after = speak(steps, at, [
      ['assistant', `Thank you, I have noted your answer: ${KEYPAD_ANSWER}. Goodbye.`],
    ]);
    end(after, ENDED_REASONS.assistantEnded);
    return {
      steps,
      outcome: 'met',
      summary: `The assistant called about: ${goal}. The callee answered by pressing ${KEYPAD_ANSWER} on the keypad.`,
    };
  }

  // The model here misses the press on purpose: it carries on with the goal and its analysis
  // reports no opt-out. The platform acts on the keypad entry itself (a `say` through the control
  // URL, then the end); when nothing does, the callee hangs up after the pitch.
  if (input.behaviour === 'presses-opt-out-key') {
    const at = speak(steps, start, [['assistant', lines.opening]]);
    steps.push({
      at,
      kind: 'turn',
      role: 'user',
      text: OPT_OUT_KEY,
      seconds: 0.4,
      dtmf: OPT_OUT_KEY,
    });
    const after = speak(steps, Math.round((at + 0.4 + 4 * GAP) * 10) / 10, [
      ['assistant', lines.ask],
    ]);
    end(after + 2, ENDED_REASONS.callerHungUp);
    return {
      steps,
      outcome: 'not-met',
      summary: `The assistant called about: ${goal}. The callee pressed a key and hung up.`,
      optedOut: false,
    };
  }

  // A call-screening assistant answers first: the agent says who is calling and why, before
  // anything else of the goal, and the person comes on (0150) or nobody does (0151).
  if (input.behaviour === 'screens-then-answers' || input.behaviour === 'screens-nobody') {
    start = speak(steps, start, [
      ['user', SCREENING_ASK],
      ['assistant', `${lines.opening} ${lines.ask}`],
    ]);
    if (input.behaviour === 'screens-nobody') {
      const after = speak(steps, start, [['user', SCREENING_GONE, 0.4]]);
      end(after, ENDED_REASONS.callerHungUp);
      return {
        ...consent,
        steps,
        outcome: 'not-met',
        summary:
          'A call-screening assistant answered and asked who was calling; the assistant gave its name and purpose, but nobody came on, so the goal was not met.',
      };
    }
    start = speak(steps, start, [['user', SCREENING_HOLD, 3]]);
  }

  const agrees = input.behaviour !== 'declines';
  const settled = (input.outputSchemas ?? []).flatMap(
    (schema) => settleFields(schema, agrees ? 'agreed' : 'declined', goal).lines,
  );
  const statement = settledSentence(settled);
  const screened = input.behaviour === 'screens-then-answers';
  const after = speak(steps, start, [
    ...(screened
      ? ([
          ['user', 'Hello, I heard who is calling. What is it?'],
          ['assistant', lines.ask],
        ] as [Role, string][])
      : ([
          ['assistant', lines.opening],
          ['user', say.whatAbout],
          ['assistant', lines.ask],
        ] as [Role, string][])),
    ['user', say.checking, holdSeconds(goal)],
    ['user', statement ? `${lines.answer} ${statement}` : lines.answer],
    ['assistant', lines.closing],
    ['user', agrees ? say.byeYes : say.byeNo, 0.4],
  ]);
  end(after, ENDED_REASONS.callerHungUp);
  return {
    ...consent,
    steps,
    outcome: agrees ? 'met' : 'not-met',
    // What happened on the call, not the goal again.
    summary: agrees
      ? `${screened ? 'A call-screening assistant asked who was calling; then the callee came on' : 'The callee answered'}, heard the request and agreed${settled.length ? ` (${settled.join('; ')})` : ''}.`
      : `The callee answered, heard the request and declined${settled.length ? ` (${settled.join('; ')})` : ''}.`,
  };
}

/**
 * The call's script, cut at `maxDurationSeconds` after the answer as Vapi cuts a call that runs
 * too long (`exceeded-max-duration`): turns that would not finish in time are not spoken.
 */
export function buildScript(input: ScriptInput): Script {
  const script = input.scenario ? scenarioScript(input, input.scenario) : scriptFor(input);
  const answer = script.steps.find((s) => s.kind === 'status' && s.status === 'in-progress');
  const end = script.steps.find((s) => s.kind === 'end');
  if (!answer || !end || end.at <= answer.at + input.maxDurationSeconds) return script;
  const limit = answer.at + input.maxDurationSeconds;
  const steps: Step[] = script.steps.filter(
    (s) =>
      s.kind === 'status' ||
      ((s.kind === 'tool' || s.kind === 'transfer') && s.at <= limit) ||
      (s.kind === 'turn' && s.at + s.seconds <= limit),
  );
  steps.push({ at: limit, kind: 'end', endedReason: ENDED_REASONS.maxDuration });
  return {
    recordingConsent: script.recordingConsent,
    consentGrantedAt: script.consentGrantedAt,
    steps,
    outcome: 'not-met',
    summary: `The assistant called about: ${goalFromPrompt(input.systemPrompt)}. The call reached its maximum duration before the conversation finished, so the goal was not met.`,
  };
}

/** The arguments the agent fills in for a tool: plausible values for every declared field. */
export function argumentsFor(parameters: Record<string, unknown>, goal: string) {
  return fillFromFiction(parameters, 'agreed', goal);
}

/**
 * A test suite's callee: after the opening and what the call is for, it says and presses what its
 * scenario says, turn by turn; the agent answers each turn as the browser agent does (browser-
 * agent.ts: rules, the same every time), searching its documents for a question when it has them.
 * An opt-out or a goodbye ends the call at once; a press of the opt-out key is the platform's to
 * handle; after the last turn the agent closes and the callee hangs up.
 */
function scenarioScript(input: ScriptInput, scenario: CalleeScenario): Script {
  const goal = goalFromPrompt(input.systemPrompt);
  const facts = promptFacts(input.systemPrompt);
  const language = input.language ?? 'en';
  const steps: Step[] = [];
  const end = (at: number, endedReason: string) => steps.push({ at, kind: 'end', endedReason });
  const answered = RING_AT + RING_SECONDS;
  steps.push({ at: RING_AT, kind: 'status', status: 'ringing' });
  steps.push({ at: answered, kind: 'status', status: 'in-progress' });
  const lines = conversationLines(goal, input.firstMessage, true, language, input.endCallMessage);
  const say = phrasesFor(language);
  let at = answered + 0.6;
  let consent: Pick<Script, 'recordingConsent' | 'consentGrantedAt'> = {};
  if (input.consentRequest?.trim())
    ({ at, consent } = consentStep(
      steps,
      at,
      input.consentRequest.trim(),
      scenario.recording_consent === 'declined',
      say,
    ));
  at = speak(steps, at, [
    ['assistant', lines.opening],
    ['assistant', lines.ask],
  ]);
  const knowledge = input.tools?.find((tool) => tool.name === KNOWLEDGE_TOOL);
  let agreed = false;
  for (const turn of scenario.turns) {
    if ('press' in turn) {
      steps.push({
        at,
        kind: 'turn',
        role: 'user',
        text: turn.press,
        seconds: 0.4,
        dtmf: turn.press,
      });
      at = Math.round((at + 0.4 + GAP) * 10) / 10;
      continue;
    }
    at = speak(steps, at, [['user', turn.say]]);
    const reply = agentReply({
      goal,
      voice: facts.voice,
      businessName: facts.businessName,
      heard: turn.say,
      language,
    });
    agreed ||= saysYes(turn.say, language);
    const plain = !reply.ends && !/\b(AI|KI|IA)\b|AIアシスタント/.test(reply.text);
    if (knowledge && plain && /[?？]\s*$/.test(turn.say.trim())) {
      // A question about the business: the agent looks it up and reads back what it found.
      steps.push({ at, kind: 'tool', name: knowledge.name, arguments: { query: turn.say.trim() } });
      at = Math.round((at + 1) * 10) / 10;
      steps.push({
        at,
        kind: 'turn',
        role: 'assistant',
        text: TOOL_FAILED_LINE,
        seconds: 4,
        fromTool: true,
      });
      at = Math.round((at + 4 + GAP) * 10) / 10;
      continue;
    }
    at = speak(steps, at, [['assistant', reply.text]]);
    if (reply.ends) {
      end(at, ENDED_REASONS.assistantEnded);
      return {
        ...consent,
        steps,
        outcome: 'not-met',
        summary: `The assistant called about: ${goal}. ${reply.optedOut ? 'The callee asked not to be called again.' : 'The callee said goodbye.'}`,
        optedOut: reply.optedOut === true,
      };
    }
  }
  const after = speak(steps, at, [
    ['assistant', lines.closing],
    ['user', say.byeYes, 0.4],
  ]);
  end(after, ENDED_REASONS.callerHungUp);
  return {
    ...consent,
    steps,
    outcome: agreed ? 'met' : 'not-met',
    summary: `The assistant called about: ${goal}. ${agreed ? 'The callee agreed.' : 'The callee did not agree.'}`,
  };
}
