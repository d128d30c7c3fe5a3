// The phone agent's choices: what the call API's `voice`, `language` and `speaking_style` accept,
// what the settings form offers, and the defaults when neither the request nor the account's
// settings name one (the database's check constraints and defaults hold the same values; an
// integration test compares them). Plain TypeScript, imported by the app and the functions.
import { CALL_LANGUAGE_CODES, CALL_LANGUAGES, type CallLanguageCode } from './call-languages.ts';

export const VOICE_OPTIONS = [
  { value: 'Aria', label: 'Aria', description: 'Warm, friendly' },
  { value: 'Roger', label: 'Roger', description: 'Conversational male' },
  { value: 'Sarah', label: 'Sarah', description: 'Professional female' },
  { value: 'George', label: 'George', description: 'Deep male' },
] as const;

/**
 * Languages travel as ISO 639-1 codes (or `auto`) and show by their names; how each is heard and
 * spoken is in call-languages.ts.
 */
export const LANGUAGE_OPTIONS: readonly { value: CallLanguageCode; label: string }[] =
  CALL_LANGUAGES.map((l) => ({ value: l.code, label: l.label }));

export const SPEAKING_STYLE_OPTIONS = [
  {
    value: 'Professional',
    label: 'Professional',
    description: 'Courteous, clear and to the point',
  },
  {
    value: 'Conversational',
    label: 'Conversational',
    description: 'Relaxed and natural, like a colleague',
  },
  { value: 'Friendly', label: 'Friendly', description: 'Upbeat and warm' },
] as const;

export type Voice = (typeof VOICE_OPTIONS)[number]['value'];
export type Language = CallLanguageCode;
export type SpeakingStyle = (typeof SPEAKING_STYLE_OPTIONS)[number]['value'];

const values = <T extends string>(options: readonly { value: T }[]) =>
  options.map((option) => option.value) as unknown as readonly [T, ...T[]];

export const VOICES = values(VOICE_OPTIONS);
export const LANGUAGES = CALL_LANGUAGE_CODES;
export const SPEAKING_STYLES = values(SPEAKING_STYLE_OPTIONS);

/** What a call uses when neither the request nor the account's saved settings choose. */
export const DEFAULT_AGENT_OPTIONS = {
  voice: 'Aria',
  language: 'en',
  speaking_style: 'Professional',
} as const satisfies { voice: Voice; language: Language; speaking_style: SpeakingStyle };

const pick = <T extends string>(allowed: readonly T[], value: unknown, fallback: T): T =>
  (allowed as readonly unknown[]).includes(value) ? (value as T) : fallback;

/**
 * The agent options of a call: the request's choice, else the account's saved setting, else the
 * default; an unknown value counts as no choice.
 */
export function chooseAgentOptions(
  ...layers: (
    { voice?: unknown; language?: unknown; speaking_style?: unknown } | null | undefined
  )[]
): { voice: Voice; language: Language; speaking_style: SpeakingStyle } {
  let chosen: { voice: Voice; language: Language; speaking_style: SpeakingStyle } = {
    ...DEFAULT_AGENT_OPTIONS,
  };
  for (const layer of [...layers].reverse()) {
    chosen = {
      voice: pick(VOICES, layer?.voice, chosen.voice),
      language: pick(LANGUAGES, layer?.language, chosen.language),
      speaking_style: pick(SPEAKING_STYLES, layer?.speaking_style, chosen.speaking_style),
    };
  }
  return chosen;
}
