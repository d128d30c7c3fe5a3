import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callApi, unwrap } from '@/lib/api/call-api';
import type { Voice } from '@/config/phone-agent-options';

// Voice samples, heard wherever a voice is chosen (the Phone Agent page, a number's inbound agent).

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

/** A voice's sample in a language: the same for every account and every visit. */
export const voiceSampleQueryKey = (voice: string, language: string) =>
  ['voice-samples', voice, language] as const;

export function voiceSampleQueryOptions(voice: Voice, language: string) {
  return queryOptions({
    queryKey: voiceSampleQueryKey(voice, language),
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
