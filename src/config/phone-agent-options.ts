/**
 * Phone agent choices, shared by the settings form, the docs and the call API.
 * `value` is what the API's `voice`, `speaking_style` and `language` fields accept.
 *
 * Speaking styles and languages are shown by their labels (Professional / Conversational /
 * Friendly; English / Spanish / French / German); languages travel as their ISO 639-1 codes
 * (en, es, fr, de), which is also what the call API's examples send (`"language": "en"`).
 */
export const voices = [
  { value: 'Aria', label: 'Aria', description: 'Warm, friendly' },
  { value: 'Roger', label: 'Roger', description: 'Conversational male' },
  { value: 'Sarah', label: 'Sarah', description: 'Professional female' },
  { value: 'George', label: 'George', description: 'Deep male' },
] as const;

export const speakingStyles = [
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

export const languages = [
  { value: 'en', label: 'English' },
  { value: 'es', label: 'Spanish' },
  { value: 'fr', label: 'French' },
  { value: 'de', label: 'German' },
] as const;

export type Voice = (typeof voices)[number]['value'];
export type SpeakingStyle = (typeof speakingStyles)[number]['value'];
export type Language = (typeof languages)[number]['value'];

export type PhoneAgentSettings = {
  voice: Voice;
  speakingStyle: SpeakingStyle;
  language: Language;
};

export const DEFAULT_PHONE_AGENT_SETTINGS: PhoneAgentSettings = {
  voice: 'Aria',
  speakingStyle: 'Professional',
  language: 'en',
};

export const voiceValues = voices.map((v) => v.value) as [Voice, ...Voice[]];
export const speakingStyleValues = speakingStyles.map((s) => s.value) as [
  SpeakingStyle,
  ...SpeakingStyle[],
];
export const languageValues = languages.map((l) => l.value) as [Language, ...Language[]];
