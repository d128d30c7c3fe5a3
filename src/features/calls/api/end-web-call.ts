import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, unwrap } from '@/lib/api/call-api';
import type { ApiTask } from '@/lib/call-types';
import { callsKeys } from './query-keys';
import type { DashboardMode } from '@/lib/api/dashboard-mode';
import { modeHeaders } from './web-call-types';

export type EndInput = { taskId: string; mode: DashboardMode };

/** `POST /task/{id}/web-call/end`: hangs up (again is no error); throws ApiError. */
export function endWebCall({ taskId, mode }: EndInput): Promise<ApiTask> {
  return unwrap(
    callApi.POST('/task/{id}/web-call/end', {
      params: { path: { id: taskId } },
      headers: modeHeaders(mode),
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
