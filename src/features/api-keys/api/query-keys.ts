import { apiKeyQueryKey } from '@/lib/api-key';
import { testApiKeyQueryKey } from '@/lib/test-api-key';

/** Query keys of the API keys feature; the key list's query is shared (lib/api-key.ts). */
export const apiKeyKeys = {
  all: ['api-keys'] as const,
  user: (userId: string) => [...apiKeyKeys.all, userId] as const,
  list: apiKeyQueryKey,
  testKey: testApiKeyQueryKey,
};
