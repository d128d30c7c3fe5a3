// The simulated agent of a browser call ("Talk to your agent" in test mode, and the voice
// stand-in's live ones): what it answers to each thing the user says, decided by rules, so a call
// costs nothing and answers the same way every time. It speaks as an agent pursuing the goal: its
// opening is the real one (the mandatory disclosures, then what the call is for), never its
// instructions.
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

/** What the agent recognises and answers, in one language. */
type Lines = {
  goodbye: RegExp;
  aiQuestion: RegExp;
  who: RegExp;
  person: RegExp;
  yes: RegExp;
  no: RegExp;
  optedOut: string;
  bye: string;
  noPerson: string;
  whoWeAre: (voice: string, business: string) => string;
  anAi: (business: string) => string;
  noted: string;
  notedNo: string;
  passedOn: string;
  carryOn: string;
  doesItWork: string;
};

// The languages the simulated network speaks (conversation.ts); any other is answered in English.
const LINES: Record<'en' | 'es' | 'fr' | 'de' | 'ja', Lines> = {
  en: {
    goodbye: /\b(bye|goodbye|that'?s all|hang up|talk later)\b/i,
    aiQuestion: /\b(robot|bot|ai|artificial|machine|real person|human|automated)\b/i,
    who: /\b(who (is|are) (this|you)|who('?s| is) calling|what company|which company)\b/i,
    person: /\b(speak|talk) (to|with) (a|an|the)? ?(person|human|manager|someone)\b/i,
    yes: /^(yes|yeah|yep|sure|ok(ay)?|correct|that works|sounds good|confirmed?)(?!\p{L})/iu,
    no: /^(no|nope|not really|i can'?t|that doesn'?t work)(?!\p{L})/iu,
    optedOut: "Understood. You won't be called again about this. Goodbye.",
    bye: 'Thank you for your time. Goodbye!',
    noPerson:
      "I can't connect you with a person on this call, but I'll note that you asked for one.",
    whoWeAre: (voice, business) =>
      `This is ${voice}, an AI assistant calling on behalf of ${business}.`,
    anAi: (business) => `Yes, I'm an AI assistant calling on behalf of ${business}.`,
    noted: "Thank you, I've noted that. Is there anything else?",
    notedNo: "No problem, I've noted that. Is there anything else I can help with?",
    passedOn: "Good question. I can't answer that on this call, but I'll pass it on.",
    carryOn: "Thanks, I've noted that.",
    doesItWork: 'Does that work for you?',
  },
  es: {
    goodbye: /\b(adi[oó]s|hasta luego|eso es todo|cuelgo)\b/i,
    aiQuestion:
      /\b(robot|bot|ia|inteligencia artificial|m[aá]quina|persona real|humano|autom[aá]tico)\b/i,
    who: /(qui[eé]n (es|habla|llama)|de qu[eé] empresa)/i,
    person: /\b(hablar con) (una|un|el|la)? ?(persona|humano|encargad[oa]|alguien)\b/i,
    yes: /^(s[ií]|claro|vale|de acuerdo|correcto|me parece bien)(?!\p{L})/iu,
    no: /^(no|para nada|no puedo)(?!\p{L})/iu,
    optedOut: 'Entendido. No le volveremos a llamar por esto. Adiós.',
    bye: 'Gracias por su tiempo. ¡Adiós!',
    noPerson: 'No puedo pasarle con una persona en esta llamada, pero anotaré que lo ha pedido.',
    whoWeAre: (voice, business) =>
      `Le habla ${voice}, un asistente de inteligencia artificial que llama en nombre de ${business}.`,
    anAi: (business) =>
      `Sí, soy un asistente de inteligencia artificial que llama en nombre de ${business}.`,
    noted: 'Gracias, lo he anotado. ¿Algo más?',
    notedNo: 'No hay problema, lo he anotado. ¿Le puedo ayudar en algo más?',
    passedOn: 'Buena pregunta. No puedo responderla en esta llamada, pero la transmitiré.',
    carryOn: 'Gracias, lo he anotado.',
    doesItWork: '¿Le viene bien?',
  },
  fr: {
    goodbye: /\b(au revoir|bonne journ[eé]e|c'est tout|je raccroche)\b/i,
    aiQuestion:
      /\b(robot|bot|ia|intelligence artificielle|machine|vraie personne|humain|automatique)\b/i,
    who: /(qui (est|parle|appelle)|quelle (soci[eé]t[eé]|entreprise))/i,
    person: /\b(parler [àa]) (une|un|la|le)? ?(personne|humain|responsable|quelqu'un)\b/i,
    yes: /^(oui|d'accord|bien s[uû]r|ok|c'est bon|parfait)(?!\p{L})/iu,
    no: /^(non|pas vraiment|je ne peux pas)(?!\p{L})/iu,
    optedOut: 'Entendu. Nous ne vous rappellerons plus à ce sujet. Au revoir.',
    bye: 'Merci pour votre temps. Au revoir !',
    noPerson:
      'Je ne peux pas vous passer une personne pendant cet appel, mais je note votre demande.',
    whoWeAre: (voice, business) =>
      `Ici ${voice}, un assistant d'intelligence artificielle qui appelle au nom de ${business}.`,
    anAi: (business) =>
      `Oui, je suis un assistant d'intelligence artificielle qui appelle au nom de ${business}.`,
    noted: "Merci, c'est noté. Autre chose ?",
    notedNo: "Pas de problème, c'est noté. Puis-je vous aider pour autre chose ?",
    passedOn:
      'Bonne question. Je ne peux pas y répondre pendant cet appel, mais je la transmettrai.',
    carryOn: "Merci, c'est noté.",
    doesItWork: 'Cela vous convient-il ?',
  },
  de: {
    goodbye: /\b(tsch[uü]ss|auf wiederh[oö]ren|auf wiedersehen|das war'?s|ich lege auf)\b/i,
    aiQuestion:
      /\b(roboter|bot|ki|k[uü]nstliche intelligenz|maschine|echter mensch|mensch|automatisch)\b/i,
    who: /(wer (ist|spricht|ruft)|welche firma)/i,
    person:
      /\b(mit) (einem|einer|dem|der)? ?(menschen|person|mitarbeiter|jemandem) (sprechen|reden)\b/i,
    yes: /^(ja|genau|klar|okay|ok|passt|in ordnung|einverstanden)(?!\p{L})/iu,
    no: /^(nein|eher nicht|das geht nicht)(?!\p{L})/iu,
    optedOut: 'Verstanden. Sie werden hierzu nicht mehr angerufen. Auf Wiederhören.',
    bye: 'Danke für Ihre Zeit. Auf Wiederhören!',
    noPerson:
      'Ich kann Sie in diesem Anruf nicht mit einer Person verbinden, notiere aber Ihren Wunsch.',
    whoWeAre: (voice, business) =>
      `Hier spricht ${voice}, ein KI-Assistent im Auftrag von ${business}.`,
    anAi: (business) => `Ja, ich bin ein KI-Assistent und rufe im Auftrag von ${business} an.`,
    noted: 'Danke, ich habe es notiert. Gibt es noch etwas?',
    notedNo: 'Kein Problem, ich habe es notiert. Kann ich sonst noch helfen?',
    passedOn:
      'Gute Frage. Die kann ich in diesem Anruf nicht beantworten, aber ich gebe sie weiter.',
    carryOn: 'Danke, ich habe es notiert.',
    doesItWork: 'Passt Ihnen das?',
  },
  ja: {
    goodbye: /(さようなら|失礼します|以上です|切ります|バイバイ)/,
    aiQuestion: /(ロボット|ボット|AI|人工知能|機械|人間|自動)/i,
    who: /(どなた|誰|どちら様|どこの会社)/,
    person: /(担当者|人間|誰か).*(話|代わ)/,
    yes: /^(はい|ええ|大丈夫|了解|承知|いいです)/,
    no: /^(いいえ|いや|無理|だめ)/,
    optedOut: '承知しました。この件で今後お電話することはありません。失礼します。',
    bye: 'お時間をいただきありがとうございました。失礼します。',
    noPerson: 'この通話では担当者におつなぎできませんが、ご希望は記録しておきます。',
    whoWeAre: (voice, business) =>
      `${business}の代理でお電話しているAIアシスタントの${voice}です。`,
    anAi: (business) => `はい、${business}の代理でお電話しているAIアシスタントです。`,
    noted: 'ありがとうございます、記録しました。ほかに何かございますか。',
    notedNo: '問題ありません、記録しました。ほかにお手伝いできることはありますか。',
    passedOn: '良いご質問です。この通話ではお答えできませんが、お伝えしておきます。',
    carryOn: 'ありがとうございます、記録しました。',
    doesItWork: 'ご都合はいかがでしょうか。',
  },
};

/** The agent's lines in the call's language ('es', 'es-ES', …); English for any other. */
const linesFor = (language: string) =>
  LINES[language.toLowerCase().split('-')[0] as keyof typeof LINES] ?? LINES.en;

/** Whether the user's words say yes, in the call's language. */
export const saysYes = (heard: string, language = 'en') =>
  linesFor(language).yes.test(heard.trim());

/** Who the agent is and for whom, as its system prompt names them (the adapter's wording). */
export function promptFacts(prompt: string | null) {
  return {
    voice: /^You are ([^,]+),/.exec(prompt ?? '')?.[1] ?? 'your agent',
    businessName: /business named "([^"]*)"/.exec(prompt ?? '')?.[1] ?? 'our business',
  };
}

/** The first words of a browser call's summary: what it was about. */
export const browserCallAbout = (goal: string) => `A browser test call about: ${purposeOf(goal)}.`;

/**
 * The agent's answer to what the user just said, in the call's language where the simulated
 * network speaks it (English otherwise). An opt-out (the platform's own test of a callee's words)
 * and a goodbye end the call at once, whatever else was said. Summaries are in English, as the
 * provider's analysis writes them.
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
  const language = input.language ?? 'en';
  const say = linesFor(language);
  const reason = reasonLine(input.goal, language);
  if (asksNotToBeCalled(heard, language))
    return {
      text: say.optedOut,
      ends: true,
      optedOut: true,
      summary: `${browserCallAbout(input.goal)} The user asked not to be called again; the agent confirmed and ended the call.`,
    };
  if (say.goodbye.test(heard))
    return {
      text: say.bye,
      ends: true,
      summary: `${browserCallAbout(input.goal)} The user said goodbye.`,
    };
  if (say.person.test(heard)) return { text: say.noPerson, ends: false };
  if (say.who.test(heard))
    return { text: `${say.whoWeAre(input.voice, input.businessName)} ${reason}`, ends: false };
  if (say.aiQuestion.test(heard)) return { text: say.anAi(input.businessName), ends: false };
  if (say.yes.test(heard)) return { text: say.noted, ends: false };
  if (say.no.test(heard)) return { text: say.notedNo, ends: false };
  if (/[?？]$/.test(heard)) return { text: `${say.passedOn} ${reason}`, ends: false };
  return { text: `${say.carryOn} ${reason} ${say.doesItWork}`, ends: false };
}

/** How long saying `text` takes, in ms, at the simulated network's pace of speech. */
export const speakingMs = (text: string) => Math.round(speakingSeconds(text) * 1000);
