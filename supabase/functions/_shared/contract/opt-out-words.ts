// What a callee says that asks not to be called again, judged by the platform on each of the
// callee's turns as it arrives (the model's judgment and the post-call analysis stay a second net):
// the stop word the marketing opening offers in the call's language, or English "stop", said on
// its own; or a plain request not to be called again, in the languages our callers use most.
// Plain TypeScript, imported by the functions and their tests.
import type { Language } from './agent-options.ts';

/** The word each call language's opening asks a callee to say to opt out (disclosures.ts). */
export const STOP_WORDS: Record<Exclude<Language, 'auto'>, string> = {
  en: 'stop',
  es: 'basta',
  fr: 'stop',
  de: 'stopp',
  it: 'stop',
  pt: 'pare',
  nl: 'stop',
  pl: 'stop',
  ru: 'стоп',
  ja: '停止',
  ko: '중지',
  zh: '停止',
  uk: 'стоп',
  tr: 'dur',
  ar: 'توقف',
  hi: 'स्टॉप',
  id: 'berhenti',
  ms: 'berhenti',
  fil: 'stop',
  vi: 'dừng lại',
  sv: 'stopp',
  da: 'stop',
  no: 'stopp',
  fi: 'lopeta',
  cs: 'stop',
  sk: 'stop',
  hu: 'stop',
  ro: 'stop',
  bg: 'стоп',
  hr: 'stop',
  el: 'στοπ',
  ta: 'நிறுத்து',
};

// Requests not to be called again, in any call: each pattern is matched against the normalized
// turn (lower case, punctuation gone, apostrophes kept).
const REQUESTS: RegExp[] = [
  // English
  /\b(stop|quit) (calling|phoning|ringing)\b/,
  /\b(do not|don't|dont|never) (call|phone|ring|contact) (me|us|this number|here)\b/,
  /\b(remove|take|delete|drop) (me|my number|this number|us) (off|from) (your|the|this) (list|calling list|call list|database)\b/,
  /\b(put|add) (me|my number|this number) (on|to) (your|the) do[ -]?not[ -]?call list\b/,
  /\bunsubscribe\b/,
  // Spanish
  /\bno (me|nos) (llame|llamen|vuelva a llamar|vuelvan a llamar|llames)\b/,
  /\bdej(e|en|a) de llamar/,
  /\b(b[oó]rre(me|nme)|s[aá]que(me|nme)|qu[ií]te(me|nme)) de (su|la|esta) lista\b/,
  // French
  /\bne (m|nous)'?\s?appele[zr] plus\b/,
  /\barr[eê]te[zr] de (m|nous)'?\s?appeler\b/,
  /\b(retirez|supprimez|enlevez)[- ]moi de (votre|la) liste\b/,
  // German
  /\b(rufen sie|ruf) (mich|uns) nicht mehr an\b/,
  /\bh[oö]ren sie auf,? (mich|uns) anzurufen\b/,
  /\b(streichen|l[oö]schen|entfernen) sie (mich|meine nummer) (von|aus) ihrer liste\b/,
  // Italian
  /\bnon (mi|ci) (chiamate|chiami|richiamate) pi[uù](?!\p{L})/u,
  /\bsmettete di chiamar(mi|ci)\b/,
  // Portuguese
  /\bn[aã]o (me|nos) (ligue|liguem) mais\b/,
  /\bpar(e|em) de (me )?ligar\b/,
  // Dutch
  /\bbel (me|mij|ons) niet meer\b/,
  // Polish
  /\bprosz[eę] (do mnie )?nie dzwoni[cć](?!\p{L})/u,
  /\bnie dzwo[nń]cie (do mnie|wi[eę]cej)\b/,
  // Russian and Ukrainian
  /(больше )?не звоните (мне|нам)( больше)?/,
  /(більше )?не телефонуйте (мені|нам)/,
];

const normalize = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[’‘`´]/g, "'")
    .replace(/[^\p{L}\p{N}\p{M}'\s-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Each language's "the stop word alone, once or repeated" pattern, made once. */
const STOP_ALONE = new Map<string, RegExp>();

function stopAlone(language: string): RegExp {
  let pattern = STOP_ALONE.get(language);
  if (!pattern) {
    const word = STOP_WORDS[language as keyof typeof STOP_WORDS];
    const words = [...new Set(['stop', ...(word ? [normalize(word)] : [])])];
    pattern = new RegExp(
      `^(?:(?:${words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?:\\s|$))+$`,
      'u',
    );
    STOP_ALONE.set(language, pattern);
  }
  return pattern;
}

/**
 * Whether a callee's turn asks not to be called again: the call language's stop word (or English
 * "stop") said on its own, once or repeated, or a plain request in words.
 */
export function asksNotToBeCalled(text: string, language: string): boolean {
  const said = normalize(text);
  if (!said) return false;
  if (stopAlone(language).test(said)) return true;
  return REQUESTS.some((request) => request.test(said));
}
