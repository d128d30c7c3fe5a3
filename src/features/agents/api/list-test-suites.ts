import { useQuery } from '@tanstack/react-query';
import { callApi, unwrap } from '@/lib/api/call-api';
import type { components } from '@/lib/api/call-api.generated';
import { agentKeys } from './query-keys';

export type TestSuite = components['schemas']['TestSuite'];

/** An agent's test suites (`GET /task/agents/{id}/test-suites`). */
export async function listTestSuites(id: string, signal?: AbortSignal) {
  const page = await unwrap(
    callApi.GET('/task/agents/{id}/test-suites', { params: { path: { id } }, signal }),
  );
  return page.data;
}

export function useTestSuites(userId: string | null | undefined, id: string) {
  return useQuery({
    queryKey: agentKeys.suites(userId ?? '', id),
    queryFn: ({ signal }) => listTestSuites(id, signal),
    enabled: !!userId,
  });
}
