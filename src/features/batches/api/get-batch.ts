import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api/call-api';
import type { Batch } from './batch-types';
import { batchUrl } from './batch-url';
import { batchesKeys } from './query-keys';

/** While a batch runs, its progress is read again this often (ms). */
export const BATCH_POLL_MS = 1_000;

export function getBatch(
  accessToken: string,
  batchId: string,
  signal?: AbortSignal,
): Promise<Batch> {
  return callApi<Batch>(accessToken, batchUrl(batchId), { signal });
}

export function batchQueryOptions(
  userId: string | null | undefined,
  accessToken: string | null | undefined,
  batchId: string | null,
) {
  return queryOptions({
    queryKey: batchesKeys.detail(userId ?? '', batchId ?? ''),
    queryFn: ({ signal }) => getBatch(accessToken!, batchId!, signal),
    enabled: !!userId && !!accessToken && !!batchId,
    refetchInterval: (query) =>
      query.state.data && query.state.data.completed_at === null ? BATCH_POLL_MS : false,
  });
}

export function useBatch(
  userId: string | null | undefined,
  accessToken: string | null | undefined,
  batchId: string | null,
) {
  return useQuery(batchQueryOptions(userId, accessToken, batchId));
}
