import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PhoneAgentSettings } from '@/config/phone-agent-options';
import { supabase } from '@/lib/supabase';
import { agentSettingsKeys } from './query-keys';

/**
 * Saves the settings (one row per user, upsert). The call API uses them as defaults; the default
 * agent must be one of the user's agents, not archived (the database refuses any other).
 */
export async function saveAgentSettings(
  userId: string | null | undefined,
  settings: PhoneAgentSettings,
): Promise<void> {
  if (!userId) throw new Error('You need to log in to save your settings.');
  const { error } = await supabase.from('agent_settings').upsert({
    user_id: userId,
    voice: settings.voice,
    speaking_style: settings.speakingStyle,
    language: settings.language,
    default_agent_id: settings.defaultAgentId || null,
  });
  if (error) throw new Error("Your settings couldn't be saved. Please try again.");
}

export function useSaveAgentSettings(userId: string | null | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: PhoneAgentSettings) => saveAgentSettings(userId, settings),
    onSuccess: () =>
      userId
        ? queryClient.invalidateQueries({ queryKey: agentSettingsKeys.user(userId) })
        : undefined,
  });
}
