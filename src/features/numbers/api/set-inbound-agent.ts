import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, unwrap } from '@/lib/api/call-api';
import type { components } from '@/lib/api/call-api.generated';
import type { PhoneNumber } from './list-numbers';
import { numberKeys } from './query-keys';

export type InboundAgent = components['schemas']['InboundAgent'];

/** Sets the agent that answers calls to a number (`POST /task/numbers/{id}/inbound`). */
export async function setInboundAgent(input: {
  id: string;
  agent: InboundAgent | null;
}): Promise<PhoneNumber> {
  return unwrap(
    callApi.POST('/task/numbers/{number_id}/inbound', {
      params: { path: { number_id: input.id } },
      body: input.agent,
    }),
  );
}

export function useSetInboundAgent(userId: string | null | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setInboundAgent,
    onSettled: () => queryClient.invalidateQueries({ queryKey: numberKeys.list(userId ?? '') }),
  });
}
