import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/features/calls/api/call-api';
import type { Batch } from './batch-types';
import { batchUrl } from './batch-url';
import { batchesKeys } from './query-keys';

/** The account's newest batches (`GET /task/batches`), at most `limit`. */
export async function getBatches(apiKey: string, limit = 20, signal?: AbortSignal) {
  const page = await callApi<{ data: Batch[] }>(apiKey, `${batchUrl()}?limit=${limit}`, { signal });
  return page.data;
}

export function batchesQueryOptions(
  userId: string | null | undefined,
  apiKey: string | null | undefined,
) {
  return queryOptions({
    queryKey: batchesKeys.list(userId ?? ''),
    queryFn: ({ signal }) => getBatches(apiKey!, 20, signal),
    enabled: !!userId && !!apiKey,
  });
}

export function useBatches(userId: string | null | undefined, apiKey: string | null | undefined) {
  return useQuery(batchesQueryOptions(userId, apiKey));
}
