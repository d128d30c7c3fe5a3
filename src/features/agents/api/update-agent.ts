import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, unwrap } from '@/lib/api/call-api';
import type { components } from '@/lib/api/call-api.generated';
import { agentBody, type AgentFieldsValues } from './agent-fields-schema';
import { agentKeys } from './query-keys';

type Change = { id: string; values: AgentFieldsValues };

/** `PATCH /task/agents/{id}`: changed fields make a new version; throws ApiError. */
export function updateAgent({ id, values }: Change) {
  return unwrap(
    callApi.PATCH('/task/agents/{id}', {
      params: { path: { id } },
      body: agentBody(values, true) as components['schemas']['UpdateAgentRequest'],
    }),
  );
}

export function useUpdateAgent(userId: string | null | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAgent,
    onSettled: (_agent, _error, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: agentKeys.list(userId ?? '') }),
        queryClient.invalidateQueries({ queryKey: agentKeys.versions(userId ?? '', id) }),
      ]),
  });
}
