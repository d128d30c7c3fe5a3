import { useQuery } from '@tanstack/react-query';
import { callApi, unwrap } from '@/lib/api/call-api';
import type { components } from '@/lib/api/call-api.generated';
import { agentKeys } from './query-keys';

export type AgentDocument = components['schemas']['AgentDocument'];

/** The documents an agent answers from (`GET /task/agents/{id}/documents`). */
export async function listDocuments(id: string, signal?: AbortSignal) {
  const page = await unwrap(
    callApi.GET('/task/agents/{id}/documents', { params: { path: { id } }, signal }),
  );
  return page.data;
}

export function useDocuments(userId: string | null | undefined, id: string) {
  return useQuery({
    queryKey: agentKeys.documents(userId ?? '', id),
    queryFn: ({ signal }) => listDocuments(id, signal),
    enabled: !!userId,
  });
}
