import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, unwrap } from '@/lib/api/call-api';
import { callsKeys } from './query-keys';

/**
 * The audio of one of the account's recorded calls, from `GET /task/{id}/recording` as the
 * signed-in user (the audio is never readable any other way). Throws ApiError.
 */
export function getCallRecording(taskId: string, signal?: AbortSignal): Promise<Blob> {
  return unwrap(
    callApi.GET('/task/{id}/recording', {
      params: { path: { id: taskId } },
      parseAs: 'blob',
      signal,
    }),
    {
      unexpected: 'The call service could not send the recording. Please try again.',
      unanswered: 'Could not reach the call service to fetch the recording.',
    },
  );
}

export function callRecordingQueryOptions(userId: string | null | undefined, taskId: string) {
  return queryOptions({
    queryKey: callsKeys.recording(userId ?? '', taskId),
    queryFn: ({ signal }) => getCallRecording(taskId, signal),
    enabled: !!userId,
    // The audio does not change; fetch it once per open view.
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

export function useCallRecording(
  userId: string | null | undefined,
  taskId: string,
  enabled: boolean,
) {
  const options = callRecordingQueryOptions(userId, taskId);
  return useQuery({ ...options, enabled: options.enabled && enabled });
}
