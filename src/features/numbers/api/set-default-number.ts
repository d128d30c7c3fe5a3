import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, unwrap } from '@/lib/api/call-api';
import type { PhoneNumber } from './list-numbers';
import { numberKeys } from './query-keys';

/** Makes a number the default live calls show (`POST /task/numbers/{id}/default`). */
export async function setDefaultNumber(id: string): Promise<PhoneNumber> {
  return unwrap(
    callApi.POST('/task/numbers/{number_id}/default', { params: { path: { number_id: id } } }),
  );
}

export function useSetDefaultNumber(userId: string | null | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultNumber,
    onSettled: () => queryClient.invalidateQueries({ queryKey: numberKeys.list(userId ?? '') }),
  });
}
