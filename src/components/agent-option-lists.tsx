import { languages, voices } from '@/config/phone-agent-options';

/** The agent's voices as a select's options: each name, and how it sounds when `described`. */
export function VoiceOptions({ described = false }: { described?: boolean }) {
  return voices.map((voice) => (
    <option key={voice.value} value={voice.value}>
      {described ? `${voice.label} — ${voice.description.toLowerCase()}` : voice.label}
    </option>
  ));
}

/** The call languages as a select's options. */
export function LanguageOptions() {
  return languages.map((language) => (
    <option key={language.value} value={language.value}>
      {language.label}
    </option>
  ));
}
