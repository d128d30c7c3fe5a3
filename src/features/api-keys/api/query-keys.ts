/** Query keys of the API keys feature. */
export const apiKeyKeys = {
  all: ['api-keys'] as const,
  user: (userId: string) => [...apiKeyKeys.all, userId] as const,
  current: (userId: string) => [...apiKeyKeys.user(userId), 'current'] as const,
};
