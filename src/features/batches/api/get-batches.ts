import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, unwrap } from '@/lib/api/call-api';
import { batchListPollMs } from './batch-live';
import type { Batch } from './batch-types';
import { batchesKeys } from './query-keys';

/** The account's newest batches (`GET /task/batches`), at most `limit`. Throws ApiError. */
export async function getBatches(limit = 20, signal?: AbortSignal): Promise<Batch[]> {
  const page = await unwrap(callApi.GET('/task/batches', { params: { query: { limit } }, signal }));
  return (page.data ?? []) as Batch[];
}

export function batchesQueryOptions(userId: string | null | undefined) {
  return queryOptions({
    queryKey: batchesKeys.list(userId ?? ''),
    queryFn: ({ signal }) => getBatches(20, signal),
    enabled: !!userId,
    // A running batch's counts move: the list follows them, as the progress panel does.
    refetchInterval: (query) => batchListPollMs(query.state.data),
  });
}

export function useBatches(userId: string | null | undefined) {
  return useQuery(batchesQueryOptions(userId));
}
