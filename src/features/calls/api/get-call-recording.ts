import { queryOptions, useQuery } from '@tanstack/react-query';
import { CallApiError, callApiErrorFrom, taskUrl } from '@/lib/api/call-api';
import { callsKeys } from './query-keys';

/**
 * The audio of one of the account's recorded calls, from `GET /task/{id}/recording` with the
 * user's session (the audio is never readable any other way). Throws `CallApiError`.
 */
export async function getCallRecording(
  accessToken: string,
  taskId: string,
  signal?: AbortSignal,
): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(taskUrl(taskId, '/recording'), {
      headers: { Authorization: `Bearer ${accessToken}` },
      signal,
    });
  } catch (cause) {
    if ((cause as Error).name === 'AbortError') throw cause;
    throw new CallApiError({
      status: 0,
      code: 'network_error',
      message: 'Could not reach the call service to fetch the recording.',
    });
  }
  if (!response.ok) throw await callApiErrorFrom(response);
  return response.blob();
}

export function callRecordingQueryOptions(
  userId: string | null | undefined,
  taskId: string,
  accessToken: string | null | undefined,
) {
  return queryOptions({
    queryKey: [...callsKeys.detail(userId ?? '', taskId), 'recording'] as const,
    queryFn: ({ signal }) => getCallRecording(accessToken!, taskId, signal),
    enabled: !!userId && !!accessToken,
    // The audio does not change; fetch it once per open view.
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

export function useCallRecording(
  userId: string | null | undefined,
  taskId: string,
  accessToken: string | null | undefined,
  enabled: boolean,
) {
  const options = callRecordingQueryOptions(userId, taskId, accessToken);
  return useQuery({ ...options, enabled: options.enabled && enabled });
}
