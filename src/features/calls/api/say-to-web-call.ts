import { useMutation } from '@tanstack/react-query';
import { callApi, unwrap } from '@/lib/api/call-api';
import { TEST_MODE_HEADERS, type WebCallTurn } from './web-call-types';

export type SayInput = { taskId: string; text: string };

/** `POST /task/{id}/web-call/say`: what the user says, answered by the agent; throws ApiError. */
export function sayToWebCall({ taskId, text }: SayInput): Promise<WebCallTurn> {
  return unwrap(
    callApi.POST('/task/{id}/web-call/say', {
      params: { path: { id: taskId } },
      body: { text },
      headers: TEST_MODE_HEADERS,
    }),
  );
}

export function useSayToWebCall() {
  return useMutation({ mutationFn: sayToWebCall });
}
