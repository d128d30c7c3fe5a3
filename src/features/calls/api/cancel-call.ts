import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { callApi, unwrap } from '@/lib/api/call-api';
import type { ApiTask } from '@/lib/call-types';
import { callsKeys } from './query-keys';

/** `POST /task/{id}/cancel` as the signed-in user; throws ApiError (409 when it ended). */
export function cancelCall(taskId: string): Promise<ApiTask> {
  return unwrap(callApi.POST('/task/{id}/cancel', { params: { path: { id: taskId } } }));
}

/** Refreshes the user's calls (list and detail) after a cancel, then the caller's onSuccess. */
export function useCancelCall(
  userId: string | null | undefined,
  options: Omit<UseMutationOptions<ApiTask, Error, string>, 'mutationFn'> = {},
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
