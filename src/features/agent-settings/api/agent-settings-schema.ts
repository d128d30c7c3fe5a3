import { z } from 'zod';
import {
  DEFAULT_PHONE_AGENT_SETTINGS,
  languageValues,
  speakingStyleValues,
  voiceValues,
  type PhoneAgentSettings,
} from '@/config/phone-agent-options';

/** The settings form: the fixed choices of spec §5 (the table's check constraints). */
export const agentSettingsSchema = z.object({
  voice: z.enum(voiceValues, 'Choose a voice.'),
  speakingStyle: z.enum(speakingStyleValues, 'Choose a speaking style.'),
  language: z.enum(languageValues, 'Choose a language.'),
});

/** A database row (or none) → the form's values; a missing row means the defaults. */
export function settingsFromRow(
  row: { voice: string; speaking_style: string; language: string } | null,
): PhoneAgentSettings {
  const parsed = agentSettingsSchema.safeParse(
    row ? { voice: row.voice, speakingStyle: row.speaking_style, language: row.language } : {},
  );
  return parsed.success ? parsed.data : DEFAULT_PHONE_AGENT_SETTINGS;
}
