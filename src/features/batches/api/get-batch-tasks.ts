import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, taskUrl } from '@/features/calls/api/call-api';
import type { BatchTask } from './batch-types';
import { batchesKeys } from './query-keys';

/** Every task of a batch (`GET /task?batch_id=`, 100 a page), in the order of the upload. */
export async function getBatchTasks(
  apiKey: string,
  batchId: string,
  signal?: AbortSignal,
): Promise<BatchTask[]> {
  const tasks: BatchTask[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `?batch_id=${encodeURIComponent(batchId)}&limit=100${
      cursor ? `&starting_after=${encodeURIComponent(cursor)}` : ''
    }`;
    const page: { data: BatchTask[]; next_cursor: string | null } = await callApi(
      apiKey,
      `${taskUrl()}${query}`,
      { signal },
    );
    tasks.push(...page.data);
    cursor = page.next_cursor;
  } while (cursor);
  return tasks.sort((a, b) => (a.batch_index ?? 0) - (b.batch_index ?? 0));
}

export function batchTasksQueryOptions(
  userId: string | null | undefined,
  apiKey: string | null | undefined,
  batchId: string | null,
  options: { pollMs: number | false } = { pollMs: false },
) {
  return queryOptions({
    queryKey: batchesKeys.tasks(userId ?? '', batchId ?? ''),
    queryFn: ({ signal }) => getBatchTasks(apiKey!, batchId!, signal),
    enabled: !!userId && !!apiKey && !!batchId,
    refetchInterval: options.pollMs,
  });
}

export function useBatchTasks(
  userId: string | null | undefined,
  apiKey: string | null | undefined,
  batchId: string | null,
  options: { pollMs: number | false } = { pollMs: false },
) {
  return useQuery(batchTasksQueryOptions(userId, apiKey, batchId, options));
}
