import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, unwrap } from '@/lib/api/call-api';
import type { components } from '@/lib/api/call-api.generated';
import { agentBody, type AgentFieldsValues } from './agent-fields-schema';
import { agentKeys } from './query-keys';

/** `POST /task/agents`: the agent at version 1; throws ApiError. */
export function createAgent(values: AgentFieldsValues) {
  return unwrap(
    callApi.POST('/task/agents', {
      body: agentBody(values, false) as components['schemas']['CreateAgentRequest'],
    }),
  );
}

export function useCreateAgent(userId: string | null | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAgent,
    onSettled: () => queryClient.invalidateQueries({ queryKey: agentKeys.list(userId ?? '') }),
  });
}
