import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, unwrap } from '@/lib/api/call-api';
import type { AddNumberRequest } from './add-number-schema';
import type { PhoneNumber } from './list-numbers';
import { numberKeys } from './query-keys';

/** Buys, imports or starts verifying a number (`POST /task/numbers`). */
export async function addNumber(body: AddNumberRequest): Promise<PhoneNumber> {
  return unwrap(callApi.POST('/task/numbers', { body }));
}

export function useAddNumber(userId: string | null | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addNumber,
    onSettled: () => queryClient.invalidateQueries({ queryKey: numberKeys.list(userId ?? '') }),
  });
}
