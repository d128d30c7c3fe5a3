import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { callApi, unwrap } from '@/lib/api/call-api';
import type { ApiTask } from '@/lib/call-types';
import { toCreateTaskBody, type CreateCallValues } from './create-call-schema';
import { callsKeys } from './query-keys';

/** What `POST /task` answers (the task object; the fields the app reads). */
export type CreatedTask = Pick<ApiTask, 'id' | 'status' | 'events_url'>;

/** Places a call through the call API as the signed-in user; throws ApiError. */
export async function createCall(values: CreateCallValues): Promise<CreatedTask> {
  const task = await unwrap(callApi.POST('/task', { body: toCreateTaskBody(values) }));
  return task as CreatedTask;
}

/** Invalidates the user's calls (the list gains the new one), then runs the caller's onSuccess. */
export function useCreateCall(
  userId: string | null | undefined,
  options: Omit<UseMutationOptions<CreatedTask, Error, CreateCallValues>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: createCall,
    onSuccess: async (...args) => {
      if (userId) await queryClient.invalidateQueries({ queryKey: callsKeys.list(userId) });
      await options.onSuccess?.(...args);
    },
  });
}
