/**
 * Phone agent choices, shared by the settings form, the docs and the call API (the contract holds
 * them: what the API's `voice`, `speaking_style` and `language` fields accept, their labels and the
 * defaults). Here they take the names the app's forms use.
 */
import {
  DEFAULT_AGENT_OPTIONS,
  LANGUAGE_OPTIONS,
  LANGUAGES,
  SPEAKING_STYLE_OPTIONS,
  SPEAKING_STYLES,
  VOICE_OPTIONS,
  VOICES,
  type Language,
  type SpeakingStyle,
  type Voice,
} from '@contract/agent-options.ts';

export type { Language, SpeakingStyle, Voice };

export const voices = VOICE_OPTIONS;
export const speakingStyles = SPEAKING_STYLE_OPTIONS;
export const languages = LANGUAGE_OPTIONS;

export type PhoneAgentSettings = {
  voice: Voice;
  speakingStyle: SpeakingStyle;
  language: Language;
  /** The agent a call that names none runs with (agt_…); '' for none. */
  defaultAgentId: string;
};

export const DEFAULT_PHONE_AGENT_SETTINGS: PhoneAgentSettings = {
  voice: DEFAULT_AGENT_OPTIONS.voice,
  speakingStyle: DEFAULT_AGENT_OPTIONS.speaking_style,
  language: DEFAULT_AGENT_OPTIONS.language,
  defaultAgentId: '',
};

export const voiceValues = VOICES as unknown as [Voice, ...Voice[]];
export const speakingStyleValues = SPEAKING_STYLES as unknown as [
  SpeakingStyle,
  ...SpeakingStyle[],
];
export const languageValues = LANGUAGES as unknown as [Language, ...Language[]];
