import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { callApi, taskUrl } from '@/lib/call-api';
import { toCreateTaskBody, type CreateCallValues } from './create-call-schema';
import { callsKeys } from './query-keys';

/** What `POST /task` answers (the task object; the fields the app reads). */
export type CreatedTask = { id: string; status: string; events_url: string };

export type CreateCallVariables = { apiKey: string; values: CreateCallValues };

/** Places a call through the call API with the account's key; throws `CallApiError`. */
export function createCall({ apiKey, values }: CreateCallVariables): Promise<CreatedTask> {
  return callApi<CreatedTask>(apiKey, taskUrl(), {
    method: 'POST',
    json: toCreateTaskBody(values),
  });
}

/** Invalidates the user's calls (the list gains the new one), then runs the caller's onSuccess. */
export function useCreateCall(
  userId: string | null | undefined,
  options: Omit<UseMutationOptions<CreatedTask, Error, CreateCallVariables>, 'mutationFn'> = {},
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
