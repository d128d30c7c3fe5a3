import { useQuery } from '@tanstack/react-query';
import { callApi, unwrap } from '@/lib/api/call-api';
import type { components } from '@/lib/api/call-api.generated';
import { agentKeys } from './query-keys';

export type AgentVersion = components['schemas']['AgentVersion'];

/** Every version of an agent, newest first (`GET /task/agents/{id}/versions`). */
export async function listAgentVersions(id: string, signal?: AbortSignal) {
  const page = await unwrap(
    callApi.GET('/task/agents/{id}/versions', { params: { path: { id } }, signal }),
  );
  return page.data;
}

export function useAgentVersions(userId: string | null | undefined, id: string) {
  return useQuery({
    queryKey: agentKeys.versions(userId ?? '', id),
    queryFn: ({ signal }) => listAgentVersions(id, signal),
    enabled: !!userId,
  });
}
