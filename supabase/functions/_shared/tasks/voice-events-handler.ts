// The voice-events function: the provider's server messages for one attempt of one task,
// authenticated by the per-task token we gave the provider, applied through the status machine.
import { ServiceError } from '../errors.ts';
import { signatureAuth } from '../http/auth.ts';
import { createHandler, jsonResponse } from '../http/handler.ts';
import type { TaskService } from './service.ts';
import type { VoiceProvider } from '../voice/provider.ts';
import type { TaskTools } from './task-tools.ts';
import { transferRefusalLine } from '../contract/task-transfer.ts';

export const TOKEN_HEADER = 'x-dialwise-task-token';

export function createVoiceEventsHandler(deps: {
  service: TaskService;
  provider: VoiceProvider;
  /** Answers the agent's calls of the integrator's tools. */
  tools?: TaskTools;
  /** Runs after a provider message was applied (e.g. the result SMS of an SMS-created task). */
  afterEvent?: (taskId: string) => Promise<void>;
}) {
  /** The task and attempt a message is for, when it carries that task's token. */
  const taskToken = signatureAuth((request) => {
    const url = new URL(request.url);
    return deps.service.providerMessageTask(
      url.searchParams.get('task_id') ?? '',
      Number(url.searchParams.get('attempt')),
      request.headers.get(TOKEN_HEADER) ?? '',
    );
  });

  // A database failure answers 500, so the provider retries the message later.
  return createHandler(
    {
      name: 'voice-events',
      methods: ['POST'],
      auth: taskToken,
      cors: null,
      // An end-of-call report carries the whole transcript and message list.
      maxBodyBytes: 8 * 1024 * 1024,
    },
    async (_request, { caller, text }) => {
      // The task's token first: nothing of an unauthenticated body is read.
      const message = await caller();
      const { taskId, attempt } = message;
      let body: unknown;
      try {
        body = JSON.parse(await text());
      } catch {
        throw new ServiceError('invalid_request', 'The message is not valid JSON.');
      }
      // The agent transfers: the target is checked now, and the provider told where, or why not.
      if (deps.provider.isTransferDestinationRequest(body)) {
        const transfer = message.found.row.transfer;
        const refusal = transfer ? await deps.service.transferRefusal(taskId) : 'no_transfer';
        if (refusal) console.log(`[task ${taskId}] transfer refused: ${refusal}`);
        return jsonResponse(
          200,
          deps.provider.transferDestinationResponse(
            transfer && refusal === null
              ? { transfer }
              : { refusal: transferRefusalLine(refusal ?? 'no_transfer') },
          ),
        );
      }
      const toolCalls = deps.provider.parseToolCalls(body);
      // The agent waits for this answer mid-call: it always gets one (never a 5xx).
      if (toolCalls) {
        const answers = deps.tools
          ? await deps.tools.answer(message.found.row, attempt, toolCalls)
          : toolCalls.map((call) => ({ toolCallId: call.id, error: 'No tools are available.' }));
        return jsonResponse(200, deps.provider.toolCallsResponse(answers));
      }
      const event = deps.provider.parseServerMessage(body);
      // Messages we do not use (most conversation updates) are acknowledged, so the provider does
      // not retry them.
      if (event) {
        await deps.service.applyVoiceEvent(taskId, attempt, event, message.found);
        // Best effort: a failure is logged and retried with the task's next message.
        await deps
          .afterEvent?.(taskId)
          .catch((error: Error) =>
            console.error(`[task ${taskId}] after-event hook failed: ${error.message}`),
          );
      }
      return jsonResponse(200, { received: true });
    },
  );
}
