import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { callApi, unwrap } from '@/lib/api/call-api';
import { TEST_MODE_HEADERS, type SpokenTurn } from './web-call-types';

export const startWebCallSchema = z.object({
  goal: z
    .string()
    .trim()
    .min(1, 'Say what the agent is to do on the call')
    .max(4000, 'At most 4,000 characters'),
});
export type StartWebCallValues = z.infer<typeof startWebCallSchema>;

export type StartedWebCall = { id: string; reply: SpokenTurn };

/** `POST /task/web-calls` as the signed-in user (always a test call); throws ApiError. */
export async function startWebCall(values: StartWebCallValues): Promise<StartedWebCall> {
  const call = await unwrap(
    callApi.POST('/task/web-calls', { body: { goal: values.goal }, headers: TEST_MODE_HEADERS }),
  );
  return { id: call.id, reply: call.reply };
}

export function useStartWebCall() {
  return useMutation({ mutationFn: startWebCall });
}
