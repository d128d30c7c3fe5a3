import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { callApi, unwrap } from '@/lib/api/call-api';
import type { Voice } from '@/config/phone-agent-options';
import type { DashboardMode } from '@/lib/api/dashboard-mode';
import { modeHeaders, type SpokenTurn, type WebCallSocket } from './web-call-types';

/** '' in a select: the account's saved phone-agent setting (or, for the agent, its default agent). */
const YOUR_SETTING = '';
/** The agent select's choice of no agent at all, not even the default one. */
export const NO_AGENT = 'none';

export const startWebCallSchema = z.object({
  goal: z
    .string()
    .trim()
    .min(1, 'Say what the agent is to do on the call')
    .max(4000, 'At most 4,000 characters'),
  voice: z.string(),
  language: z.string(),
  agentId: z.string(),
});
export type StartWebCallValues = z.infer<typeof startWebCallSchema>;

/** A test call: the agent's opening. A live one: the provider's socket to connect the audio to. */
export type StartedWebCall = {
  id: string;
  mode: DashboardMode;
  reply: SpokenTurn | null;
  websocket: WebCallSocket | null;
};

/** `POST /task/web-calls` as the signed-in user, in `mode`; throws ApiError. */
export async function startWebCall({
  mode,
  ...values
}: StartWebCallValues & { mode: DashboardMode }): Promise<StartedWebCall> {
  const body = {
    goal: values.goal,
    ...(values.voice !== YOUR_SETTING ? { voice: values.voice as Voice } : {}),
    ...(values.language !== YOUR_SETTING ? { language: values.language } : {}),
    ...(values.agentId === NO_AGENT
      ? { agent_id: null }
      : values.agentId !== YOUR_SETTING
        ? { agent_id: values.agentId }
        : {}),
  };
  const call = await unwrap(callApi.POST('/task/web-calls', { body, headers: modeHeaders(mode) }));
  return { id: call.id, mode, reply: call.reply, websocket: call.websocket };
}

export function useStartWebCall() {
  return useMutation({ mutationFn: startWebCall });
}
