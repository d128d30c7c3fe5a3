import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { callApi, unwrap } from '@/lib/api/call-api';
import type { Batch } from './batch-types';
import { batchesKeys } from './query-keys';

/** `POST /task/batches/{id}/cancel`: what has not ended is canceled. Throws ApiError. */
export async function cancelBatch(batchId: string): Promise<Batch> {
  const batch = await unwrap(
    callApi.POST('/task/batches/{batch_id}/cancel', { params: { path: { batch_id: batchId } } }),
  );
  return batch as Batch;
}

export function useCancelBatch(
  userId: string | null | undefined,
  options: Omit<UseMutationOptions<Batch, Error, string>, 'mutationFn'> = {},
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
