import { queryOptions, useQuery } from '@tanstack/react-query';
import { chooseAgentOptions } from '@contract/agent-options.ts';
import type { PhoneAgentSettings } from '@/config/phone-agent-options';
import { supabase } from '@/lib/supabase';

/** A database row (or none) → the settings; unknown values and a missing row mean the defaults. */
export function settingsFromRow(
  row: {
    voice: string;
    speaking_style: string;
    language: string;
    default_agent_id?: string | null;
  } | null,
): PhoneAgentSettings {
  const chosen = chooseAgentOptions(row);
  return {
    voice: chosen.voice,
    speakingStyle: chosen.speaking_style,
    language: chosen.language,
    defaultAgentId: row?.default_agent_id ?? '',
  };
}

/**
 * The account's saved phone-agent settings (`agent_settings`): the Phone Agent tab edits them, the
 * test-call form starts from them, the call API uses them as defaults (and a call that names no
 * agent runs with the default agent). The defaults (Aria, Professional, en, no default agent)
 * when nothing is saved. Throws on a Supabase error.
 */
export async function getAgentSettings(userId: string): Promise<PhoneAgentSettings> {
  const { data, error } = await supabase
    .from('agent_settings')
    .select('voice, speaking_style, language, default_agent_id')
    .eq('user_id', userId)
    .maybeSingle();
  if (error) throw error;
  return settingsFromRow(data);
}

/** Under the agent settings feature's prefix, so saving invalidates it. */
export const agentSettingsQueryKey = (userId: string) =>
  ['agent-settings', userId, 'current'] as const;

export function agentSettingsQueryOptions(userId: string | null | undefined) {
  return queryOptions({
    queryKey: agentSettingsQueryKey(userId ?? ''),
    queryFn: () => getAgentSettings(userId!),
    enabled: !!userId,
  });
}

export function useAgentSettings(userId: string | null | undefined) {
  return useQuery(agentSettingsQueryOptions(userId));
}
