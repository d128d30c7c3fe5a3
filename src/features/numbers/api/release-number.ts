import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, unwrap } from '@/lib/api/call-api';
import type { PhoneNumber } from './list-numbers';
import { numberKeys } from './query-keys';

/** Releases a number: no call shows it from now on (`POST /task/numbers/{id}/release`). */
export async function releaseNumber(id: string): Promise<PhoneNumber> {
  return unwrap(
    callApi.POST('/task/numbers/{number_id}/release', { params: { path: { number_id: id } } }),
  );
}

export function useReleaseNumber(userId: string | null | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: releaseNumber,
    onSettled: () => queryClient.invalidateQueries({ queryKey: numberKeys.list(userId ?? '') }),
  });
}
