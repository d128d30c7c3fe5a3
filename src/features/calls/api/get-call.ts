import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { callApi, unwrap } from '@/lib/api/call-api';
import { callDetailOf, type CallDetail } from '@/lib/call-types';
import { callsKeys } from './query-keys';

/**
 * One of the signed-in user's calls from `GET /task/{id}` (the session's account), with its
 * attempts, or null when there is no such call. Throws ApiError otherwise.
 */
export async function getCall(taskId: string, signal?: AbortSignal): Promise<CallDetail | null> {
  try {
    const task = await unwrap(
      callApi.GET('/task/{id}', { params: { path: { id: taskId } }, signal }),
    );
    return callDetailOf(task);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** How often a finished call whose recording is still being copied is read again. */
const RECORDING_POLL_MS = 2000;

export function callQueryOptions(userId: string | null | undefined, taskId: string | null) {
  return queryOptions({
    queryKey: callsKeys.detail(userId ?? '', taskId ?? ''),
    queryFn: ({ signal }) => getCall(taskId!, signal),
    enabled: !!userId && !!taskId,
    // A recording is copied to storage after the call ends: ask again until it is there.
    refetchInterval: (query) =>
      query.state.data?.recording_status === 'pending' ? RECORDING_POLL_MS : false,
  });
}

export function useCall(userId: string | null | undefined, taskId: string | null) {
  return useQuery(callQueryOptions(userId, taskId));
}
