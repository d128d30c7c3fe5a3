/** Query keys of the agent settings feature. */
export const agentSettingsKeys = {
  all: ['agent-settings'] as const,
  user: (userId: string) => [...agentSettingsKeys.all, userId] as const,
  current: (userId: string) => [...agentSettingsKeys.user(userId), 'current'] as const,
};
