import { queryOptions, useQuery } from '@tanstack/react-query';
import { CallApiError, callApiErrorFrom, taskUrl } from '@/lib/call-api';
import { callsKeys } from './query-keys';

/**
 * The audio of one of the account's recorded calls, from `GET /task/{id}/recording` with the
 * account's key (the audio is never readable any other way). Throws `CallApiError`.
 */
export async function getCallRecording(
  apiKey: string,
  taskId: string,
  signal?: AbortSignal,
): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(taskUrl(taskId, '/recording'), {
      headers: { Authorization: `Bearer ${apiKey}` },
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
  apiKey: string | null | undefined,
) {
  return queryOptions({
    queryKey: [...callsKeys.detail(userId ?? '', taskId), 'recording'] as const,
    queryFn: ({ signal }) => getCallRecording(apiKey!, taskId, signal),
    enabled: !!userId && !!apiKey,
    // The audio does not change; fetch it once per open view.
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

export function useCallRecording(
  userId: string | null | undefined,
  taskId: string,
  apiKey: string | null | undefined,
  enabled: boolean,
) {
  const options = callRecordingQueryOptions(userId, taskId, apiKey);
  return useQuery({ ...options, enabled: options.enabled && enabled });
}
