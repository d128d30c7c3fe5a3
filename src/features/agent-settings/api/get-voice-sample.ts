import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callApi, unwrap } from '@/lib/api/call-api';
import type { Voice } from '@/config/phone-agent-options';
import { agentSettingsKeys } from './query-keys';

/**
 * A voice saying its greeting in a call language, from `GET /task/voices/{voice}/sample` (a WAV
 * made with the voice service calls use). Throws ApiError.
 */
export function getVoiceSample(voice: Voice, language: string, signal?: AbortSignal) {
  return unwrap(
    callApi.GET('/task/voices/{voice}/sample', {
      params: { path: { voice }, query: { language } },
      parseAs: 'blob',
      signal,
    }),
    {
      unexpected: 'The voice sample could not be made. Please try again.',
      unanswered: 'Could not reach the call service to fetch the voice sample.',
    },
  );
}

export function voiceSampleQueryOptions(voice: Voice, language: string) {
  return queryOptions({
    queryKey: agentSettingsKeys.sample(voice, language),
    queryFn: ({ signal }) => getVoiceSample(voice, language, signal),
    // A voice and language always say the same words.
    staleTime: Infinity,
  });
}

/** Reads a sample once (then from the cache); the caller plays it. */
export function useFetchVoiceSample() {
  const queryClient = useQueryClient();
  return useCallback(
    (voice: Voice, language: string) =>
      queryClient.fetchQuery(voiceSampleQueryOptions(voice, language)),
    [queryClient],
  );
}
