import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, unwrap } from '@/lib/api/call-api';
import type { ApiTaskList } from '@/lib/call-types';
import type { BatchTask } from './batch-types';
import { batchesKeys } from './query-keys';

/** Every task of a batch (`GET /task?batch_id=`, 100 a page), in the order of the upload. */
export async function getBatchTasks(batchId: string, signal?: AbortSignal): Promise<BatchTask[]> {
  const tasks: BatchTask[] = [];
  let cursor: string | null = null;
  do {
    const page: ApiTaskList = await unwrap(
      callApi.GET('/task', {
        params: { query: { batch_id: batchId, limit: 100, starting_after: cursor ?? undefined } },
        signal,
      }),
    );
    tasks.push(...((page.data ?? []) as BatchTask[]));
    cursor = page.next_cursor ?? null;
  } while (cursor);
  return tasks.sort((a, b) => (a.batch_index ?? 0) - (b.batch_index ?? 0));
}

export function batchTasksQueryOptions(
  userId: string | null | undefined,
  batchId: string | null,
  options: { pollMs: number | false } = { pollMs: false },
) {
  return queryOptions({
    queryKey: batchesKeys.tasks(userId ?? '', batchId ?? ''),
    queryFn: ({ signal }) => getBatchTasks(batchId!, signal),
    enabled: !!userId && !!batchId,
    refetchInterval: options.pollMs,
  });
}

export function useBatchTasks(
  userId: string | null | undefined,
  batchId: string | null,
  options: { pollMs: number | false } = { pollMs: false },
) {
  return useQuery(batchTasksQueryOptions(userId, batchId, options));
}
