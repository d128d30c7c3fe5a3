import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, unwrap } from '@/lib/api/call-api';
import type { PhoneNumber } from './list-numbers';
import { numberKeys } from './query-keys';

/** Verifies a caller ID with the code texted to it (`POST /task/numbers/{id}/verify`). */
export async function verifyNumber(input: { id: string; code: string }): Promise<PhoneNumber> {
  return unwrap(
    callApi.POST('/task/numbers/{number_id}/verify', {
      params: { path: { number_id: input.id } },
      body: { code: input.code },
    }),
  );
}

export function useVerifyNumber(userId: string | null | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyNumber,
    onSettled: () => queryClient.invalidateQueries({ queryKey: numberKeys.list(userId ?? '') }),
  });
}
