import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { callApi, taskUrl } from '@/lib/call-api';
import { callsKeys } from './query-keys';

export type CancelCallVariables = { apiKey: string; taskId: string };

/** `POST /task/{id}/cancel` with the account's key; throws `CallApiError` (409 when it ended). */
export function cancelCall({ apiKey, taskId }: CancelCallVariables): Promise<{ status: string }> {
  return callApi<{ status: string }>(apiKey, taskUrl(taskId, '/cancel'), { method: 'POST' });
}

/** Refreshes the user's calls (list and detail) after a cancel, then the caller's onSuccess. */
export function useCancelCall(
  userId: string | null | undefined,
  options: Omit<
    UseMutationOptions<{ status: string }, Error, CancelCallVariables>,
    'mutationFn'
  > = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: cancelCall,
    onSettled: async () => {
      if (userId) await queryClient.invalidateQueries({ queryKey: callsKeys.user(userId) });
    },
  });
}
