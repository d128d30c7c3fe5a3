import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { callApi } from '@/features/calls/api/call-api';
import type { Batch } from './batch-types';
import { batchUrl } from './batch-url';
import { batchesKeys } from './query-keys';

export type CancelBatchVariables = { apiKey: string; batchId: string };

/** `POST /task/batches/{id}/cancel`: what has not ended is canceled. */
export function cancelBatch({ apiKey, batchId }: CancelBatchVariables): Promise<Batch> {
  return callApi<Batch>(apiKey, batchUrl(batchId, '/cancel'), { method: 'POST' });
}

export function useCancelBatch(
  userId: string | null | undefined,
  options: Omit<UseMutationOptions<Batch, Error, CancelBatchVariables>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: cancelBatch,
    onSettled: async () => {
      if (userId) await queryClient.invalidateQueries({ queryKey: batchesKeys.user(userId) });
    },
  });
}
