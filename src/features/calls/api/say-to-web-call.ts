import { useMutation } from '@tanstack/react-query';
import { callApi, unwrap } from '@/lib/api/call-api';
import type { DashboardMode } from '@/lib/api/dashboard-mode';
import { modeHeaders, type WebCallTurn } from './web-call-types';

export type SayInput = { taskId: string; mode: DashboardMode; text: string };

/**
 * `POST /task/{id}/web-call/say`: what the user says, answered by the agent (a live call's agent
 * answers over its socket: reply is null); throws ApiError.
 */
export function sayToWebCall({ taskId, mode, text }: SayInput): Promise<WebCallTurn> {
  return unwrap(
    callApi.POST('/task/{id}/web-call/say', {
      params: { path: { id: taskId } },
      body: { text },
      headers: modeHeaders(mode),
    }),
  );
}

export function useSayToWebCall() {
  return useMutation({ mutationFn: sayToWebCall });
}
