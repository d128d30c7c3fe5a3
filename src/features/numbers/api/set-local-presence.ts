import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, unwrap } from '@/lib/api/call-api';
import type { components } from '@/lib/api/call-api.generated';
import { numberKeys } from './query-keys';

export type LocalPresence = components['schemas']['LocalPresence'];

/**
 * Turns local presence on or off (`POST /task/numbers/local-presence`): calls that name no number
 * show the account's number in the callee's area code when it has one.
 */
export async function setLocalPresence(enabled: boolean): Promise<LocalPresence> {
  return unwrap(callApi.POST('/task/numbers/local-presence', { body: { enabled } }));
}

export function useSetLocalPresence(userId: string | null | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setLocalPresence,
    onSettled: () => queryClient.invalidateQueries({ queryKey: numberKeys.list(userId ?? '') }),
  });
}
