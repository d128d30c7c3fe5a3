import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  DEFAULT_PHONE_AGENT_SETTINGS,
  languageValues,
  speakingStyleValues,
  voiceValues,
  type PhoneAgentSettings,
} from '@/config/phone-agent-options';
import { supabase } from '@/lib/supabase';
import { callsKeys } from './query-keys';

const pick = <T extends string>(allowed: readonly T[], value: unknown, fallback: T): T =>
  (allowed as readonly unknown[]).includes(value) ? (value as T) : fallback;

/**
 * The account's saved phone-agent settings (`agent_settings`), which prefill the test-call form;
 * the defaults (Aria, Professional, en) when nothing is saved. Throws on a Supabase error.
 */
export async function getAgentSettings(userId: string): Promise<PhoneAgentSettings> {
  const { data, error } = await supabase
    .from('agent_settings')
    .select('voice, speaking_style, language')
    .eq('user_id', userId)
    .maybeSingle<{ voice: string; speaking_style: string; language: string }>();
  if (error) throw error;
  const defaults = DEFAULT_PHONE_AGENT_SETTINGS;
  return {
    voice: pick(voiceValues, data?.voice, defaults.voice),
    speakingStyle: pick(speakingStyleValues, data?.speaking_style, defaults.speakingStyle),
    language: pick(languageValues, data?.language, defaults.language),
  };
}

export function agentSettingsQueryOptions(userId: string | null | undefined) {
  return queryOptions({
    queryKey: callsKeys.agentSettings(userId ?? ''),
    queryFn: () => getAgentSettings(userId!),
    enabled: !!userId,
    // Read again on every mount: settings saved in the Phone Agent tab prefill the form when it shows again.
    staleTime: 0,
  });
}

export function useAgentSettings(userId: string | null | undefined) {
  return useQuery(agentSettingsQueryOptions(userId));
}
