import { z } from 'zod';
import { languageValues, speakingStyleValues, voiceValues } from '@/config/phone-agent-options';

/** The settings form: the fixed choices (the table's check constraints). */
export const agentSettingsSchema = z.object({
  voice: z.enum(voiceValues, 'Choose a voice.'),
  speakingStyle: z.enum(speakingStyleValues, 'Choose a speaking style.'),
  language: z.enum(languageValues, 'Choose a language.'),
  defaultAgentId: z.string().regex(/^(agt_[0-9A-Z]{26})?$/, 'Choose one of your agents, or none.'),
});
