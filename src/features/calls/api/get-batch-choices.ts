import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, unwrap } from '@/lib/api/call-api';
import { callsKeys } from './query-keys';

/** A batch the calls list can be filtered by: its id, when it was sent and its size. */
export type BatchChoice = { id: string; created_at: string; total: number };

/** The account's newest batches (`GET /task/batches`), for the list's batch filter. */
export async function getBatchChoices(signal?: AbortSignal): Promise<BatchChoice[]> {
  const page = await unwrap(
    callApi.GET('/task/batches', { params: { query: { limit: 20 } }, signal }),
  );
  return (page.data ?? []).map((batch) => ({
    id: batch.id,
    created_at: batch.created_at,
    total: batch.counts.total,
  }));
}

export function useBatchChoices(userId: string | null | undefined) {
  return useQuery(
    queryOptions({
      queryKey: callsKeys.batchChoices(userId ?? ''),
      queryFn: ({ signal }) => getBatchChoices(signal),
      enabled: !!userId,
    }),
  );
}
