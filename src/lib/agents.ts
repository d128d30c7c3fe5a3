import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, unwrap } from '@/lib/api/call-api';
import type { components } from '@/lib/api/call-api.generated';

// The account's agents, read by the Agents page and by the forms that place a call with one.

export type Agent = components['schemas']['Agent'];

/** Under the agents feature's prefix, so its changes refresh every list. */
export const agentsQueryKey = (userId: string) => ['agents', userId, 'list'] as const;

/** The account's agents, newest first, each at its latest version (`GET /task/agents`). */
export async function listAgents(signal?: AbortSignal): Promise<Agent[]> {
  const page = await unwrap(
    callApi.GET('/task/agents', { params: { query: { limit: 100 } }, signal }),
  );
  return page.data;
}

export const agentsQuery = (userId: string) =>
  queryOptions({ queryKey: agentsQueryKey(userId), queryFn: ({ signal }) => listAgents(signal) });

export function useAgents(userId: string | null | undefined) {
  return useQuery({ ...agentsQuery(userId ?? ''), enabled: !!userId });
}
