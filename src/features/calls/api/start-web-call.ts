import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { callApi, unwrap } from '@/lib/api/call-api';
import type { Voice } from '@/config/phone-agent-options';
import { TEST_MODE_HEADERS, type SpokenTurn } from './web-call-types';

/** '' in a select: the account's saved phone-agent setting. */
const YOUR_SETTING = '';

export const startWebCallSchema = z.object({
  goal: z
    .string()
    .trim()
    .min(1, 'Say what the agent is to do on the call')
    .max(4000, 'At most 4,000 characters'),
  voice: z.string(),
  language: z.string(),
});
export type StartWebCallValues = z.infer<typeof startWebCallSchema>;

export type StartedWebCall = { id: string; reply: SpokenTurn };

/** `POST /task/web-calls` as the signed-in user (always a test call); throws ApiError. */
export async function startWebCall(values: StartWebCallValues): Promise<StartedWebCall> {
  const body = {
    goal: values.goal,
    ...(values.voice !== YOUR_SETTING ? { voice: values.voice as Voice } : {}),
    ...(values.language !== YOUR_SETTING ? { language: values.language } : {}),
  };
  const call = await unwrap(callApi.POST('/task/web-calls', { body, headers: TEST_MODE_HEADERS }));
  return { id: call.id, reply: call.reply };
}

export function useStartWebCall() {
  return useMutation({ mutationFn: startWebCall });
}
