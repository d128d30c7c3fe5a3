// The MCP tools (place_call, place_calls, check_call, get_call, list_calls, cancel_call, list_numbers,
// set_number_inbound_agent) over the task service. Their input
// schemas are the call API's own zod schemas, advertised as JSON Schema; validation stays in the
// service, so a bad argument comes back as a tool error with the API's message.
import { McpServer, type StandardSchemaWithJSON } from 'npm:@modelcontextprotocol/server@2.4.0';
import { z } from 'npm:zod@^4.1.0';
import type { Account } from '../accounts/api-keys.ts';
import { ServiceError } from '../errors.ts';
import type { BatchService } from '../tasks/batches.ts';
import type { AgentService } from '../tasks/agents.ts';
import type { TestSuites } from '../tasks/test-suites.ts';
import {
  createBatchSchema,
  createTaskSchema,
  listQuerySchema,
  parseOrThrow,
} from '../tasks/schema.ts';
import { CALL_OUTCOMES, FAILURE_CODES } from '../contract/call-outcomes.ts';
import { LIMITS } from '../contract/limits.ts';
import { TASK_STATUSES } from '../contract/task-vocabulary.ts';
import type { TaskService } from '../tasks/service.ts';
import { inboundAgentSchema, type NumberService } from '../tasks/phone-numbers.ts';

/**
 * A schema the SDK lists as JSON Schema but does not validate: the service validates with the
 * API's messages, and the SDK's own validation error would hide them.
 */
function advertised<T>(schema: z.ZodType<T>): StandardSchemaWithJSON<unknown, unknown> {
  const json = () => {
    const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: 'input' }) as Record<
      string,
      unknown
    >;
    return rest;
  };
  return {
    '~standard': {
      version: 1,
      vendor: 'dialwise',
      validate: (value: unknown) => ({ value }),
      jsonSchema: { input: json, output: json },
    },
  };
}

const nullableString = z.string().nullable();
const turn = z.object({
  speaker: z.enum(['agent', 'callee']),
  text: z.string(),
  start_ms: z.number(),
  end_ms: z.number(),
});

/** The call API's task object, as tools return it. */
export const taskOutputSchema = z.looseObject({
  id: z.string().describe('The task id, task_…'),
  object: z.literal('task'),
  status: z.enum(TASK_STATUSES),
  outcome: nullableString.describe('achieved, not_achieved or unknown once the call ended'),
  phone_number: z.string(),
  goal: nullableString.describe('null once the call content is erased (content_erased_at)'),
  source: z.string(),
  livemode: z.boolean().describe("false for a test key's task (the simulated network, free)"),
  simulated: z
    .boolean()
    .describe(
      'true when the simulated network plays the call: started_at and ended_at are real moments, duration_seconds the simulated conversation, which runs faster than real time',
    ),
  created_at: z.string(),
  started_at: nullableString,
  ended_at: nullableString,
  duration_seconds: z.number(),
  billed_minutes: z.number(),
  cost_usd: z.number(),
  transcript: z.array(z.looseObject(turn.shape)),
  transcription: nullableString.describe('null once the call content is erased'),
  summary: nullableString,
  result: z
    .record(z.string(), z.unknown())
    .nullable()
    .describe(
      'The structured result by the output_schema given to place_call (unsettled fields null); null without one',
    ),
  result_note: nullableString.describe('Why every field of result is null, when they are'),
  recording_url: nullableString.describe(
    'The recording (GET with the API key), when place_call had record: true',
  ),
  call_outcome: z
    .enum(CALL_OUTCOMES)
    .nullable()
    .describe(
      `What became of the call once it ended: ${CALL_OUTCOMES.join(', ')} (only human_answered can have outcome achieved)`,
    ),
  call_outcome_evidence: nullableString.describe('Why call_outcome is what it is'),
  provider_reason: nullableString.describe("The voice provider's own end reason, as it came"),
  failure_reason: z
    .object({ code: z.enum(FAILURE_CODES), message: z.string() })
    .nullable()
    .describe('Why the task failed (or was canceled before a call), as a code and a sentence'),
  next_attempt_at: nullableString,
  purpose: z.string().describe('informational or marketing'),
  recording: z
    .looseObject({ status: z.string() })
    .describe(
      'status off, pending, recorded, or declined (the callee objected; the call went on unrecorded)',
    ),
  url: z.string(),
});

const agentListInputSchema = z.strictObject({
  limit: z.int().min(1).max(100).optional().describe('How many agents (20 when left out)'),
});
const agentListOutputSchema = z.object({
  object: z.literal('list'),
  data: z.array(z.object({ id: z.string(), name: z.string(), version: z.number() }).passthrough()),
  has_more: z.boolean(),
});
const runTestsInputSchema = z.strictObject({
  agent_id: z
    .string()
    .regex(/^agt_[0-9A-Z]{26}$/)
    .describe('The agent (agt_…)'),
  suite_id: z
    .string()
    .regex(/^suite_[0-9A-Z]{26}$/)
    .describe('One of its test suites (suite_…)'),
  agent_version: z.int().min(1).optional().describe('Which version (its latest when left out)'),
});
const testRunOutputSchema = z
  .object({
    id: z.string(),
    status: z.enum(['running', 'passed', 'failed']),
    results: z.array(z.unknown()),
  })
  .passthrough();
const idSchema = z.strictObject({
  id: z
    .string({ error: 'id must be a task id like task_01J…' })
    .describe('The task id returned by place_call, like task_01JABCDEF…'),
});

const listInputSchema = z.strictObject({
  status: listQuerySchema.shape.status.describe('Only tasks with this status'),
  limit: z
    .number({ error: 'limit must be a whole number from 1 to 100' })
    .optional()
    .describe('How many tasks, 1 to 100 (default 20)'),
  cursor: z
    .string({ error: 'cursor must be the next_cursor of a previous page' })
    .optional()
    .describe('next_cursor of the previous page, to read the next one'),
});

const listOutputSchema = z.object({
  data: z.array(taskOutputSchema),
  has_more: z.boolean(),
  next_cursor: nullableString,
});

const placeCallSchema = createTaskSchema;

/** A batch as tools return it: its id, status and the counts of its calls. */
const batchOutputSchema = z.looseObject({
  id: z.string().describe('The batch id, batch_…'),
  object: z.literal('batch'),
  status: z.enum(['running', 'completed', 'canceled']),
  counts: z.looseObject({ total: z.number() }),
  tasks_url: z.string(),
});

const placeCallsSchema = z.strictObject({
  tasks: createBatchSchema.shape.tasks.describe(
    'One object per call, each with phone_number and (unless defaults has it) goal, plus any other field of place_call',
  ),
  defaults: createBatchSchema.shape.defaults.describe(
    "Fields of place_call shared by every call (e.g. goal, voice); a call's own fields win",
  ),
});

type ToolResult = {
  content: { type: 'text'; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
};

function ok(value: Record<string, unknown>, text: string): ToolResult {
  return {
    content: [{ type: 'text', text: `${text}\n\n${JSON.stringify(value, null, 2)}` }],
    structuredContent: value,
  };
}

/** Business errors become tool errors with the API's message, so a model can correct itself. */
async function run(work: () => Promise<ToolResult>): Promise<ToolResult> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    const field = error.field ? ` (field: ${error.field})` : '';
    const rows = Array.isArray(error.details.extra?.rows)
      ? `\n${(
          error.details.extra?.rows as { index: number; field: string | null; message: string }[]
        )
          .map((row) => `tasks[${row.index}]${row.field ? `.${row.field}` : ''}: ${row.message}`)
          .join('\n')}`
      : '';
    return {
      content: [{ type: 'text', text: `${error.code}: ${error.message}${field}${rows}` }],
      isError: true,
    };
  }
}

function describeTask(task: { id: string; status: string; phone_number: string | null }): string {
  return `Task ${task.id} ${task.phone_number ? `to ${task.phone_number}` : '(a browser call)'} is ${task.status}.`;
}

/** The answer of check_call (POST /task/check's body). */
const checkOutputSchema = z.looseObject({
  phone_number: z.string(),
  decision: z.enum(['call_now', 'scheduled', 'refused']),
  scheduled_for: nullableString,
  state: nullableString,
  time_zones: z.array(z.string()),
  rules: z.array(
    z.looseObject({
      rule: z.string(),
      decision: z.enum(['allows', 'delays', 'refuses', 'applies']),
      message: z.string(),
      source: nullableString,
    }),
  ),
});

/** One server per request (stateless): the tools act for the authenticated account. */
export function buildMcpServer(
  service: TaskService,
  account: Account,
  batches?: BatchService,
  numbers?: NumberService,
  agents?: AgentService,
  suites?: TestSuites,
): McpServer {
  // A call may name one of the account's agents (agent_id), read once per request.
  const agentLookup = agents?.lookup({ userId: account.userId });
  const server = new McpServer(
    { name: 'dialwise', version: '1.0.0' },
    {
      // Stateless: each request gets a new server, which never sends list_changed (the tools never
      // change either). The SDK would advertise `listChanged: true` unless told.
      capabilities: { tools: { listChanged: false } },
      instructions:
        'Dialwise places phone calls with an AI voice agent. place_call starts a call and returns at once; poll get_call every few seconds until status is success, no_answer, busy, voicemail, failed or canceled, then read outcome, summary and transcript.',
    },
  );

  server.registerTool(
    'place_call',
    {
      title: 'Place a phone call',
      description:
        'Place an outbound phone call with an AI voice agent that pursues a goal, e.g. "Confirm Kim\'s appointment tomorrow at 3 pm". phone_number must be a US number in E.164 form (+14155550123). Returns the task at once (status queued or ringing); follow it with get_call until it ends. Costs free minutes, then credits; with a test key (dw_test_) the call goes to the simulated phone network instead, free, and rings at any hour unless test_clock (e.g. "2026-11-27T23:30:00-08:00") sets the moment its calling window is judged at; a call outside its window comes back status scheduled with scheduled_reason. The account\'s voice and language apply unless given. To get answers back as data, pass output_schema (a JSON Schema object, e.g. {"type":"object","properties":{"confirmed":{"type":"boolean"}}}); record: true keeps the audio (asking the callee\'s consent first in states that require it). Every call opens by naming the account\'s business and saying it is an AI assistant; a goal asking to hide that is refused. purpose: "marketing" needs consent (the callee\'s prior express written consent: {"type":"written","obtained_at":"…","source":"web form","reference":"…"}). tools (at most 8 of {name, description, parameters, url}) are your own functions the agent may call mid-call: we check its arguments against parameters and POST them to url signed like webhooks (10 s to answer). transfer ({"to":"+1…","mode":"warm"}) hands the callee to a person when they ask for one (warm: the person hears a summary first).',
      inputSchema: advertised(placeCallSchema),
      outputSchema: advertised(taskOutputSchema),
      annotations: { destructiveHint: false, idempotentHint: false, openWorldHint: true },
    },
    (args: unknown) =>
      run(async () => {
        const { task } = await service.create(account, args ?? {}, {
          idempotencyKey: null,
          source: 'mcp',
          agents: agentLookup,
        });
        return ok(task, `${describeTask(task)} Call get_call with this id to follow it.`);
      }),
  );

  if (batches)
    server.registerTool(
      'place_calls',
      {
        title: 'Place many phone calls',
        description: `Place up to ${LIMITS.batchMaxRows.toLocaleString('en-US')} calls at once, e.g. every parent on an absence list. Each entry of tasks is a place_call input merged over defaults. The whole list is checked first: one bad entry refuses all of them, naming each bad entry. The calls are paced (at most ${LIMITS.activeCallsPerAccount} at a time), never refused for being too many; follow them with list_calls or get_call.`,
        inputSchema: advertised(placeCallsSchema),
        outputSchema: advertised(batchOutputSchema),
        annotations: { destructiveHint: false, idempotentHint: false, openWorldHint: true },
      },
      (args: unknown) =>
        run(async () => {
          const { batch } = await batches.create(account, args ?? {}, {
            idempotencyKey: null,
            source: 'mcp',
            agents: agentLookup,
          });
          return ok(
            batch,
            `Batch ${batch.id} of ${batch.counts.total} calls is ${batch.status}; at most ${LIMITS.activeCallsPerAccount} ring at once.`,
          );
        }),
    );

  server.registerTool(
    'check_call',
    {
      title: 'Check a call before placing it',
      description:
        'Ask, with the same input as place_call, whether the call would ring now, when (scheduled_for) or why not, and every rule that decided it (the number, do-not-call list, calling window, the callee state’s hours and cap of calls in 24 hours, recording consent, purpose consent), each with its source. Creates nothing and costs nothing.',
      inputSchema: advertised(placeCallSchema),
      outputSchema: advertised(checkOutputSchema),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args: unknown) =>
      run(async () => {
        const answer = await service.check(account, args ?? {}, agentLookup);
        const deciding = answer.rules.filter(
          (r) => r.decision === 'refuses' || r.decision === 'delays',
        );
        const verdict =
          answer.decision === 'call_now'
            ? 'would ring now'
            : answer.decision === 'scheduled'
              ? `would wait until ${answer.scheduled_for}`
              : 'would be refused';
        return ok(
          answer as unknown as Record<string, unknown>,
          `A call to ${answer.phone_number} ${verdict}.${deciding.map((r) => ` ${r.message}`).join('')}`,
        );
      }),
  );

  if (agents)
    server.registerTool(
      'list_agents',
      {
        title: 'List agents',
        description:
          "List the account's agents (newest first), each with its latest version's fields (voice, language, goal, tools, …). Pass an agent's id as agent_id to place_call to call with it.",
        inputSchema: advertised(agentListInputSchema),
        outputSchema: advertised(agentListOutputSchema),
        annotations: { readOnlyHint: true },
      },
      (args: unknown) =>
        run(async () => {
          const { limit } = parseOrThrow(agentListInputSchema, args ?? {});
          const page = await agents.list(account.userId, { limit: String(limit ?? 20) });
          return ok(
            page,
            page.data.length
              ? page.data
                  .map((agent) => `${agent.id} ${agent.name} (version ${agent.version})`)
                  .join('\n')
              : 'No agents yet.',
          );
        }),
    );

  if (suites)
    server.registerTool(
      'run_agent_tests',
      {
        title: 'Run an agent’s test suite',
        description:
          "Run one of an agent's test suites (scripted callees and what must hold when their calls end) against a version of it (its latest unless agent_version): each scenario is a free test call on the simulated network, with the same verdict every time. Returns each scenario's verdict (passed, failures) and transcript; status is passed only when every scenario passed.",
        inputSchema: advertised(runTestsInputSchema),
        outputSchema: advertised(testRunOutputSchema),
        annotations: { destructiveHint: false, idempotentHint: false, openWorldHint: false },
      },
      (args: unknown) =>
        run(async () => {
          const { agent_id, ...body } = parseOrThrow(runTestsInputSchema, args ?? {});
          const testRun = await suites.run(account.userId, agent_id, body);
          const results = testRun.results as {
            name: string;
            passed: boolean;
            failures: string[];
          }[];
          return ok(
            testRun,
            [
              `Run ${testRun.id}: ${testRun.status}.`,
              ...results.map(
                (one) =>
                  `${one.passed ? 'PASS' : 'FAIL'} ${one.name}${one.failures.length ? `: ${one.failures.join('; ')}` : ''}`,
              ),
            ].join('\n'),
          );
        }),
    );

  server.registerTool(
    'get_call',
    {
      title: 'Get a call',
      description:
        'Read one task: its status (queued, ringing, in_progress, retry_scheduled, then success, no_answer, busy, voicemail, failed or canceled), outcome (achieved, not_achieved, unknown), summary, transcript, the structured result (by the output_schema given to place_call) and recording_url.',
      inputSchema: advertised(idSchema),
      outputSchema: advertised(taskOutputSchema),
      annotations: { readOnlyHint: true },
    },
    (args: unknown) =>
      run(async () => {
        const { id } = parseOrThrow(idSchema, args ?? {});
        const task = await service.get(account, id);
        const ended = task.ended_at
          ? ` Outcome: ${task.outcome ?? 'none'}. ${task.summary ?? ''}${
              task.result ? ` Result: ${JSON.stringify(task.result)}` : ''
            }`
          : '';
        return ok(task, `${describeTask(task)}${ended}`);
      }),
  );

  server.registerTool(
    'list_calls',
    {
      title: 'List calls',
      description:
        "List the account's tasks, newest first, optionally only one status. Pages hold up to limit tasks; when has_more is true pass next_cursor as cursor to read the next page.",
      inputSchema: advertised(listInputSchema),
      outputSchema: advertised(listOutputSchema),
      annotations: { readOnlyHint: true },
    },
    (args: unknown) =>
      run(async () => {
        const input = parseOrThrow(listInputSchema, args ?? {});
        if (input.cursor !== undefined && !/^task_[0-9A-Z]{26}$/.test(input.cursor))
          throw new ServiceError(
            'invalid_request',
            'cursor must be the next_cursor of a previous page',
            { field: 'cursor' },
          );
        const query = parseOrThrow(listQuerySchema, {
          ...(input.limit !== undefined ? { limit: input.limit } : {}),
          ...(input.status ? { status: input.status } : {}),
          ...(input.cursor ? { starting_after: input.cursor } : {}),
        });
        const page = await service.list(account.userId, query, account.livemode);
        const result = { data: page.data, has_more: page.has_more, next_cursor: page.next_cursor };
        return ok(result, `${page.data.length} task(s)${page.has_more ? ', more available' : ''}.`);
      }),
  );

  server.registerTool(
    'cancel_call',
    {
      title: 'Cancel a call',
      description:
        'Cancel a task that has not ended: a queued or retry-scheduled task never calls, a live call is hung up (talked minutes are billed). A task that already ended cannot be canceled.',
      inputSchema: advertised(idSchema),
      outputSchema: advertised(taskOutputSchema),
      annotations: { destructiveHint: true, idempotentHint: true },
    },
    (args: unknown) =>
      run(async () => {
        const { id } = parseOrThrow(idSchema, args ?? {});
        const task = await service.cancel(account, id);
        return ok(task, describeTask(task));
      }),
  );

  if (numbers) {
    server.registerTool(
      'list_numbers',
      {
        title: 'List the account’s numbers',
        description:
          "The account's own phone numbers: the default one its live calls show (place_call's from_number names another), whether each was bought, imported or verified as a caller ID, and the agent that answers calls to it (inbound_agent, null: the default one). Buy or release numbers in the dashboard or the call API.",
        inputSchema: advertised(z.strictObject({})),
        outputSchema: advertised(
          z.looseObject({ data: z.array(z.looseObject({ id: z.string() })) }),
        ),
        annotations: { readOnlyHint: true },
      },
      () =>
        run(async () => {
          const list = await numbers.list(account.userId);
          return ok(
            { data: list.data, pricing: list.pricing },
            list.data.length
              ? list.data
                  .map((n) => `${n.phone_number} (${n.status}${n.is_default ? ', default' : ''})`)
                  .join('; ')
              : 'No numbers: live calls show the platform’s shared number.',
          );
        }),
    );

    const inboundInputSchema = z.strictObject({
      number_id: z.string().describe('The number id, num_… (list_numbers)'),
      agent: inboundAgentSchema
        .nullable()
        .describe(
          'goal, context, voice, language, tools (your functions the agent may call, as on a task), and transfer (a person callers may be connected to) with business_hours; null: the default agent',
        ),
    });
    server.registerTool(
      'set_number_inbound_agent',
      {
        title: 'Set who answers a number',
        description:
          'Set the agent that answers calls to one of the account\'s numbers: its goal (e.g. "Give the opening hours"), context, voice and language, and a person to connect callers to, offered only within business_hours ({"start":"09:00","end":"17:00","days":[1,2,3,4,5],"time_zone":"America/Chicago"}). Every call still opens by naming the business, saying it is an AI, what the account last called about, and how to stop the calls.',
        inputSchema: advertised(inboundInputSchema),
        outputSchema: advertised(z.looseObject({ id: z.string() })),
        annotations: { destructiveHint: false, idempotentHint: true },
      },
      (args: unknown) =>
        run(async () => {
          const input = (args ?? {}) as { number_id?: unknown; agent?: unknown };
          if (typeof input.number_id !== 'string')
            throw new ServiceError('invalid_request', 'number_id is required', {
              field: 'number_id',
            });
          const number = await numbers.setInbound(
            account.userId,
            input.number_id,
            input.agent ?? null,
          );
          return ok(number, `Calls to ${number.phone_number} follow the new settings.`);
        }),
    );
  }

  return server;
}
