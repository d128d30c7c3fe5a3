import { agentsQueryKey } from '@/lib/agents';

/** Query keys of the agents feature; the list is shared (lib/agents.ts). */
export const agentKeys = {
  all: ['agents'] as const,
  list: agentsQueryKey,
  versions: (userId: string, agentId: string) =>
    [...agentKeys.all, userId, agentId, 'versions'] as const,
  documents: (userId: string, agentId: string) =>
    [...agentKeys.all, userId, agentId, 'documents'] as const,
  suites: (userId: string, agentId: string) =>
    [...agentKeys.all, userId, agentId, 'suites'] as const,
};
