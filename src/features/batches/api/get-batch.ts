import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/features/calls/api/call-api';
import type { Batch } from './batch-types';
import { batchUrl } from './batch-url';
import { batchesKeys } from './query-keys';

/** While a batch runs, its progress is read again this often (ms). */
export const BATCH_POLL_MS = 1_000;

export function getBatch(apiKey: string, batchId: string, signal?: AbortSignal): Promise<Batch> {
  return callApi<Batch>(apiKey, batchUrl(batchId), { signal });
}

export function batchQueryOptions(
  userId: string | null | undefined,
  apiKey: string | null | undefined,
  batchId: string | null,
) {
  return queryOptions({
    queryKey: batchesKeys.detail(userId ?? '', batchId ?? ''),
    queryFn: ({ signal }) => getBatch(apiKey!, batchId!, signal),
    enabled: !!userId && !!apiKey && !!batchId,
    refetchInterval: (query) =>
      query.state.data && query.state.data.completed_at === null ? BATCH_POLL_MS : false,
  });
}

export function useBatch(
  userId: string | null | undefined,
  apiKey: string | null | undefined,
  batchId: string | null,
) {
  return useQuery(batchQueryOptions(userId, apiKey, batchId));
}
