import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, unwrap } from '@/lib/api/call-api';
import type { components } from '@/lib/api/call-api.generated';
import { numberKeys } from './query-keys';

export type PhoneNumber = components['schemas']['PhoneNumber'];
export type NumberList = components['schemas']['PhoneNumberList'];

/** The account's numbers and what one costs (`GET /task/numbers`). */
export async function listNumbers(signal?: AbortSignal): Promise<NumberList> {
  return unwrap(callApi.GET('/task/numbers', { signal }));
}

export const numbersQuery = (userId: string) =>
  queryOptions({
    queryKey: numberKeys.list(userId),
    queryFn: ({ signal }) => listNumbers(signal),
  });

export function useNumbers(userId: string | null | undefined) {
  return useQuery({ ...numbersQuery(userId ?? ''), enabled: !!userId });
}
