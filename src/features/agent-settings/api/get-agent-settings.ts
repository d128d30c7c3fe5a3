import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PhoneAgentSettings } from '@/config/phone-agent-options';
import { supabase } from '@/lib/supabase';
import { settingsFromRow } from './agent-settings-schema';
import { agentSettingsKeys } from './query-keys';

/** The user's saved phone-agent settings, or the defaults when there is no row. */
export async function getAgentSettings(userId: string): Promise<PhoneAgentSettings> {
  const { data, error } = await supabase
    .from('agent_settings')
    .select('voice, speaking_style, language')
    .eq('user_id', userId)
    .maybeSingle<{ voice: string; speaking_style: string; language: string }>();
  if (error) throw error;
  return settingsFromRow(data);
}

export function agentSettingsQueryOptions(userId: string | null | undefined) {
  return queryOptions({
    queryKey: agentSettingsKeys.current(userId ?? ''),
    queryFn: () => getAgentSettings(userId!),
    enabled: !!userId,
  });
}

export function useAgentSettings(userId: string | null | undefined) {
  return useQuery(agentSettingsQueryOptions(userId));
}
