import { apiKeyQueryKey } from '@/lib/api-key';

/** Query keys of the API keys feature; the current key's query is shared (lib/api-key.ts). */
export const apiKeyKeys = {
  all: ['api-keys'] as const,
  user: (userId: string) => [...apiKeyKeys.all, userId] as const,
  current: apiKeyQueryKey,
};
