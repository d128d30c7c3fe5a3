import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, CallApiError, taskUrl } from '@/lib/api/call-api';
import { callDetailOf, type ApiTask, type CallDetail } from '@/lib/call-types';
import { callsKeys } from './query-keys';

/**
 * One of the signed-in user's calls from `GET /task/{id}` (the session's account), with its
 * attempts, or null when there is no such call. Throws `CallApiError` otherwise.
 */
export async function getCall(
  accessToken: string,
  taskId: string,
  signal?: AbortSignal,
): Promise<CallDetail | null> {
  try {
    return callDetailOf(await callApi<ApiTask>(accessToken, taskUrl(taskId), { signal }));
  } catch (error) {
    if (error instanceof CallApiError && error.status === 404) return null;
    throw error;
  }
}

export function callQueryOptions(
  userId: string | null | undefined,
  accessToken: string | null | undefined,
  taskId: string | null,
) {
  return queryOptions({
    queryKey: callsKeys.detail(userId ?? '', taskId ?? ''),
    queryFn: ({ signal }) => getCall(accessToken!, taskId!, signal),
    enabled: !!userId && !!accessToken && !!taskId,
  });
}

export function useCall(
  userId: string | null | undefined,
  accessToken: string | null | undefined,
  taskId: string | null,
) {
  return useQuery(callQueryOptions(userId, accessToken, taskId));
}
