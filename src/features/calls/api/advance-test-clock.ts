import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { callApi, unwrap } from '@/lib/api/call-api';
import type { ApiTask } from '@/lib/call-types';
import { callsKeys } from './query-keys';

export type AdvanceTestClockInput = { taskId: string; minutes: number };

/** `POST /task/{id}/test-clock/advance` as the signed-in user (test mode); throws ApiError. */
export function advanceTestClock({ taskId, minutes }: AdvanceTestClockInput): Promise<ApiTask> {
  return unwrap(
    callApi.POST('/task/{id}/test-clock/advance', {
      params: { path: { id: taskId } },
      body: { minutes },
    }),
  );
}

/** Refreshes the user's calls after the clock moved, then the caller's onSuccess. */
export function useAdvanceTestClock(
  userId: string | null | undefined,
  options: Omit<UseMutationOptions<ApiTask, Error, AdvanceTestClockInput>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: advanceTestClock,
    onSettled: async () => {
      if (userId) await queryClient.invalidateQueries({ queryKey: callsKeys.user(userId) });
    },
  });
}
