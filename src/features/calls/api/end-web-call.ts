import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, unwrap } from '@/lib/api/call-api';
import type { ApiTask } from '@/lib/call-types';
import { callsKeys } from './query-keys';
import { TEST_MODE_HEADERS } from './web-call-types';

/** `POST /task/{id}/web-call/end`: hangs up (again is no error); throws ApiError. */
export function endWebCall(taskId: string): Promise<ApiTask> {
  return unwrap(
    callApi.POST('/task/{id}/web-call/end', {
      params: { path: { id: taskId } },
      headers: TEST_MODE_HEADERS,
    }),
  );
}

/** Hangs up, then refreshes the user's calls (the ended call joins the list). */
export function useEndWebCall(userId: string | null | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endWebCall,
    onSettled: async () => {
      if (userId) await queryClient.invalidateQueries({ queryKey: callsKeys.user(userId) });
    },
  });
}
