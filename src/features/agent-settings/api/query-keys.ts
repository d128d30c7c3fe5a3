import { agentSettingsQueryKey } from '@/lib/agent-settings';

/** Query keys of the agent settings feature; the saved settings' query is shared (lib/agent-settings.ts). */
export const agentSettingsKeys = {
  all: ['agent-settings'] as const,
  user: (userId: string) => [...agentSettingsKeys.all, userId] as const,
  current: agentSettingsQueryKey,
};
