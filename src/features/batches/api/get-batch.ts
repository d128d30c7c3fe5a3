import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, unwrap } from '@/lib/api/call-api';
import { shareBatchRead } from './batch-live';
import type { Batch } from './batch-types';
import { batchesKeys } from './query-keys';

/** While a batch runs, its progress is read again this often (ms). */
export const BATCH_POLL_MS = 1_000;

/** `GET /task/batches/{id}`: the batch and its counts. Throws ApiError. */
export async function getBatch(batchId: string, signal?: AbortSignal): Promise<Batch> {
  const batch = await unwrap(
    callApi.GET('/task/batches/{batch_id}', { params: { path: { batch_id: batchId } }, signal }),
  );
  return batch as Batch;
}

export function batchQueryOptions(userId: string | null | undefined, batchId: string | null) {
  return queryOptions({
    queryKey: batchesKeys.detail(userId ?? '', batchId ?? ''),
    queryFn: async ({ signal, client }) => {
      const batch = await getBatch(batchId!, signal);
      shareBatchRead(client, userId!, batch);
      return batch;
    },
    enabled: !!userId && !!batchId,
    refetchInterval: (query) =>
      query.state.data && query.state.data.completed_at === null ? BATCH_POLL_MS : false,
  });
}

export function useBatch(userId: string | null | undefined, batchId: string | null) {
  return useQuery(batchQueryOptions(userId, batchId));
}
