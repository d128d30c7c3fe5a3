// The integrator's tools during a call (docs/product-rules.md#tools-during-the-call): the agent's
// call is checked against the tool's parameters, POSTed signed to the tool's url under a hard
// deadline, and the answer handed back; both are recorded as events. Whatever goes wrong, the
// agent gets an answer at once that tells it to carry on without the tool: a call never hangs on one.
import { type Db, must } from '../db.ts';
import { goalRemovesDisclosure } from '../contract/disclosure-screen.ts';
import { argumentsProblem } from '../json-schema/output-schema.ts';
import type { ToolAnswer, ToolCall } from '../voice/provider.ts';
import type { TaskRow } from './task-object.ts';
import type { ToolResponse } from '../webhooks/tool-request.ts';
import { foundText, KNOWLEDGE_TOOL, type KnowledgeService } from './knowledge.ts';

export type ToolDeps = {
  db: Db;
  /** The agent's documents, for its built-in search_knowledge tool. */
  knowledge?: Pick<KnowledgeService, 'search'>;
  /** POSTs one signed tool request (webhooks/tool-request.ts). */
  request: (target: {
    url: string;
    secret: string;
    id: string;
    body: string;
  }) => Promise<ToolResponse>;
};

const CARRY_ON =
  'Tell the person you cannot check this right now and carry on with the call without it.';

/** The answer's text for the agent: JSON on one line (a string stays as it is). */
export const answerText = (answer: unknown) =>
  typeof answer === 'string' ? answer : JSON.stringify(answer ?? null);

export function createTaskTools(deps: ToolDeps) {
  const { db } = deps;

  async function record(
    task: TaskRow,
    attempt: number,
    type: 'tool.called' | 'tool.answered' | 'knowledge.searched',
    data: Record<string, unknown>,
    key: string,
  ) {
    return must(
      await db.rpc('task_record_call_event', {
        p_task_id: task.id,
        p_attempt: attempt,
        p_type: type,
        p_data: { ...data, attempt },
        p_dedupe_key: key,
      }),
    ) as number | null;
  }

  async function secretOf(userId: string): Promise<string | null> {
    const rows = must(
      await db.from('webhook_secrets').select('secret').eq('user_id', userId).limit(1),
    ) as { secret: string }[];
    return rows[0]?.secret ?? null;
  }

  /**
   * The agent searched its documents: the passages found (with their document and place) are
   * its answer, and the lookup is an event of the task.
   */
  async function searchKnowledge(task: TaskRow, attempt: number, call: ToolCall) {
    const args = (call.arguments ?? {}) as { query?: unknown };
    const query = typeof args.query === 'string' ? args.query.trim() : '';
    const found = query && deps.knowledge ? await deps.knowledge.search(task.agent_id!, query) : [];
    await record(
      task,
      attempt,
      'knowledge.searched',
      {
        tool_call_id: call.id,
        query,
        results: found.map(({ document_id, document, place }) => ({
          document_id,
          document,
          place,
        })),
      },
      `knowledge.searched:${call.id}`,
    );
    return { toolCallId: call.id, result: foundText(found) } satisfies ToolAnswer;
  }

  async function answerOne(task: TaskRow, attempt: number, call: ToolCall): Promise<ToolAnswer> {
    const tool = (task.tools ?? []).find((t) => t.name === call.name);
    if (!tool && call.name === KNOWLEDGE_TOOL && task.agent_id)
      return await searchKnowledge(task, attempt, call);
    const base = { tool_call_id: call.id, name: call.name };
    const fail = async (error: string, extra: Record<string, unknown> = {}) => {
      await record(
        task,
        attempt,
        'tool.answered',
        { ...base, ok: false, error, result: null, ...extra },
        `tool.answered:${call.id}`,
      );
      return { toolCallId: call.id, error: `${error}. ${CARRY_ON}` } satisfies ToolAnswer;
    };
    if (!tool) {
      await record(
        task,
        attempt,
        'tool.called',
        { ...base, arguments: call.arguments },
        `tool.called:${call.id}`,
      );
      return await fail(`There is no tool named ${call.name}`, { duration_ms: 0 });
    }
    // A repeated provider message (a retry after a lost answer) calls the integrator again: its
    // answer is what the agent is waiting for. The events are recorded once.
    await record(
      task,
      attempt,
      'tool.called',
      { ...base, arguments: call.arguments },
      `tool.called:${call.id}`,
    );
    const problem = argumentsProblem(tool.parameters, call.arguments);
    if (problem)
      return await fail(`The arguments do not fit the tool's parameters (${problem})`, {
        duration_ms: 0,
      });
    const secret = await secretOf(task.user_id);
    if (!secret) return await fail('The account has no signing secret', { duration_ms: 0 });
    const body = JSON.stringify({
      type: 'tool.call',
      task_id: task.id,
      attempt,
      tool_call_id: call.id,
      name: tool.name,
      arguments: call.arguments,
      metadata: task.metadata,
    });
    const response = await deps.request({ url: tool.url, secret, id: `tool_${call.id}`, body });
    if (!response.ok)
      return await fail(`The tool did not answer: ${response.error}`, {
        duration_ms: response.durationMs,
        status_code: response.statusCode,
      });
    // An answer is data for the agent, never an instruction: one that would have it deny being
    // an AI or hide who is calling is withheld, as the same words in a goal are refused.
    if (goalRemovesDisclosure(answerText(response.answer)))
      return await fail(
        'The tool answered with words that would change what the agent says about itself, so the answer was withheld',
        { duration_ms: response.durationMs, status_code: response.statusCode },
      );
    await record(
      task,
      attempt,
      'tool.answered',
      {
        ...base,
        ok: true,
        result: response.answer,
        error: null,
        duration_ms: response.durationMs,
        status_code: response.statusCode,
      },
      `tool.answered:${call.id}`,
    );
    return { toolCallId: call.id, result: answerText(response.answer) };
  }

  return {
    /** Answers every tool call of one provider message, in parallel, each within the deadline. */
    async answer(task: TaskRow, attempt: number, calls: ToolCall[]): Promise<ToolAnswer[]> {
      return await Promise.all(
        calls.map((call) =>
          answerOne(task, attempt, call).catch((error: Error) => {
            // A database failure must not leave the agent waiting either.
            console.error(`[task ${task.id}] tool ${call.name} failed: ${error.message}`);
            return {
              toolCallId: call.id,
              error: `The tool failed. ${CARRY_ON}`,
            } satisfies ToolAnswer;
          }),
        ),
      );
    },
  };
}

export type TaskTools = ReturnType<typeof createTaskTools>;
