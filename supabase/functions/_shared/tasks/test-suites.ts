// Agents' test suites (docs/product-rules.md#agent-test-suites): scripted callees (what they say
// and press, turn by turn; how they answer the recording question) and what must hold when their
// calls end. A run plays every scenario of a suite as a test call of one version of the agent, on
// the simulated network, a few at once: free, and the same verdicts every time, because the
// callee is a script and the simulated agent answers by rules. SQL: 16-agents.sql.
import { z } from 'npm:zod@^4.1.0';
import { type Db, must } from '../db.ts';
import { ServiceError } from '../errors.ts';
import { newPrefixedId } from '../ids.ts';
import { TASK_OUTCOMES, TASK_STATUSES } from '../contract/task-vocabulary.ts';
import { CALL_OUTCOMES } from '../contract/call-outcomes.ts';
import { parseOrThrow } from './schema.ts';
import { agentList, type AgentService } from './agents.ts';
import type { TaskService } from './service.ts';
import type { ApiTask } from './task-object.ts';

/** Scenarios a suite holds (a run places as many test calls, each to a number of its own). */
export const SCENARIOS_MAX = 18;
/** Test calls of one run in flight at once (an account has 10 call slots). */
const RUN_CONCURRENCY = 5;
/**
 * The number a scenario calls: 555-0112 to 555-0129, fiction no scripted callee uses (the scenario
 * plays instead), one per scenario so a run's calls never wait for each other's line.
 */
const scenarioNumber = (index: number) => `+141555501${String(12 + index).padStart(2, '0')}`;

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .min(1, { error: `${field} must not be empty` })
    .max(max, { error: `${field} must be at most ${max} characters` });

const turnSchema = z.union(
  [
    text('turns.say', 1000),
    z.strictObject({ say: text('turns.say', 1000) }),
    z.strictObject({
      press: z
        .string({ error: 'turns.press must be keypad keys' })
        .regex(/^[0-9*#]{1,20}$/, { error: 'turns.press must be keypad keys: 0-9, * and #' }),
    }),
  ],
  {
    error:
      'each turn is what the callee says ("Who is this?" or {"say": …}) or presses ({"press": "9"})',
  },
);

const expectSchema = z.strictObject(
  {
    status: z
      .enum(TASK_STATUSES, { error: `expect.status must be one of ${TASK_STATUSES.join(', ')}` })
      .optional(),
    outcome: z
      .enum(TASK_OUTCOMES, { error: `expect.outcome must be one of ${TASK_OUTCOMES.join(', ')}` })
      .optional(),
    call_outcome: z
      .enum(CALL_OUTCOMES, {
        error: `expect.call_outcome must be one of ${CALL_OUTCOMES.join(', ')}`,
      })
      .optional(),
    opted_out: z.boolean({ error: 'expect.opted_out must be true or false' }).optional(),
    opening: z.boolean({ error: 'expect.opening must be true or false' }).optional(),
    knowledge_used: z.boolean({ error: 'expect.knowledge_used must be true or false' }).optional(),
    transcript_includes: z.array(text('expect.transcript_includes', 500)).max(20).optional(),
    transcript_excludes: z.array(text('expect.transcript_excludes', 500)).max(20).optional(),
    events: z.array(text('expect.events', 60)).max(20).optional(),
    result: z.record(z.string(), z.unknown()).optional(),
  },
  { error: 'expect must be an object like {"status": "success", "opted_out": true}' },
);

const scenarioSchema = z.strictObject(
  {
    name: text('name', 120),
    turns: z
      .array(turnSchema, { error: 'turns must be a list' })
      .max(30, { error: 'a scenario has at most 30 turns' }),
    recording_consent: z
      .enum(['granted', 'declined'], { error: 'recording_consent must be granted or declined' })
      .optional(),
    expect: expectSchema,
  },
  {
    error:
      'a scenario is an object like {"name": "opts out", "turns": ["Stop calling me."], "expect": {"opted_out": true}}',
  },
);

export type Scenario = z.infer<typeof scenarioSchema>;

export const createSuiteSchema = z.strictObject(
  {
    name: text('name', 80),
    scenarios: z
      .array(scenarioSchema, { error: `scenarios must be a list of 1 to ${SCENARIOS_MAX}` })
      .min(1, { error: `scenarios must be a list of 1 to ${SCENARIOS_MAX}` })
      .max(SCENARIOS_MAX, { error: `scenarios must be a list of 1 to ${SCENARIOS_MAX}` }),
  },
  { error: 'The body must be an object like {"name": "Before going live", "scenarios": […]}' },
);

export const createRunSchema = z.strictObject(
  {
    suite_id: z
      .string({ error: 'suite_id must be one of the agent’s suites' })
      .regex(/^suite_[0-9A-Z]{26}$/, {
        error: 'suite_id must be one of the agent’s suites, like suite_…',
      }),
    agent_version: z.int({ error: 'agent_version must be a whole number' }).min(1).optional(),
  },
  { error: 'The body must be an object like {"suite_id": "suite_…"}' },
);

type Verdict = {
  name: string;
  passed: boolean;
  failures: string[];
  task_id: string | null;
  status: string | null;
  transcript: { speaker: string; text: string }[];
};

/** What a finished task's call shows of one scenario's expectations: each failure, worded. */
export function judge(scenario: Scenario, task: ApiTask, eventTypes: readonly string[]): string[] {
  const failures: string[] = [];
  const want = scenario.expect;
  const transcript = (task.transcript ?? []) as { speaker: string; text: string }[];
  const said = transcript
    .map((turn) => turn.text)
    .join('\n')
    .toLowerCase();
  const check = (ok: boolean, failure: string) => {
    if (!ok) failures.push(failure);
  };
  if (want.status)
    check(task.status === want.status, `status was ${task.status}, expected ${want.status}`);
  if (want.outcome)
    check(task.outcome === want.outcome, `outcome was ${task.outcome}, expected ${want.outcome}`);
  if (want.call_outcome)
    check(
      task.call_outcome === want.call_outcome,
      `call_outcome was ${task.call_outcome}, expected ${want.call_outcome}`,
    );
  if (want.opted_out !== undefined)
    check(
      (task.opted_out ?? false) === want.opted_out ||
        eventTypes.includes('callee.opted_out') === want.opted_out,
      want.opted_out ? 'the callee’s opt-out was not honoured' : 'the call recorded an opt-out',
    );
  if (want.opening !== undefined) {
    const identification =
      (task.disclosures as { identification?: string } | null)?.identification ?? '';
    const opened =
      transcript[0]?.speaker === 'agent' &&
      !!identification &&
      transcript[0].text.includes(identification);
    check(
      opened === want.opening,
      want.opening
        ? 'the call did not open with the mandatory identification'
        : 'the call opened with the identification',
    );
  }
  if (want.knowledge_used !== undefined)
    check(
      eventTypes.includes('knowledge.searched') === want.knowledge_used,
      want.knowledge_used
        ? 'the agent did not search its documents'
        : 'the agent searched its documents',
    );
  for (const words of want.transcript_includes ?? [])
    check(said.includes(words.toLowerCase()), `the transcript does not say “${words}”`);
  for (const words of want.transcript_excludes ?? [])
    check(!said.includes(words.toLowerCase()), `the transcript says “${words}”`);
  for (const type of want.events ?? []) check(eventTypes.includes(type), `no ${type} event`);
  for (const [field, value] of Object.entries(want.result ?? {})) {
    const got = (task.result as Record<string, unknown> | null)?.[field];
    check(
      JSON.stringify(got) === JSON.stringify(value),
      `result.${field} was ${JSON.stringify(got ?? null)}, expected ${JSON.stringify(value)}`,
    );
  }
  return failures;
}

/** The scripted callee as the simulated network plays it. */
const calleeOf = (scenario: Scenario) => ({
  turns: scenario.turns.map((turn) => (typeof turn === 'string' ? { say: turn } : turn)),
  ...(scenario.recording_consent ? { recording_consent: scenario.recording_consent } : {}),
});

export function testSuites(deps: {
  db: Db;
  tasks: Pick<TaskService, 'create' | 'waitForEnd' | 'eventsAfter'>;
  agents: Pick<AgentService, 'get' | 'lookup'>;
  /** How long one scenario's call may take, in ms (the run answers when every call ended). */
  callTimeoutMs: number;
  now?: () => number;
}) {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  async function ownSuite(userId: string, agentId: string, suiteId: string) {
    const rows = must(
      await db
        .from('agent_test_suites')
        .select('id, agent_id, name, scenarios, created_at, updated_at')
        .eq('id', suiteId)
        .eq('agent_id', agentId)
        .eq('user_id', userId),
    ) as Record<string, unknown>[];
    if (!rows.length)
      throw new ServiceError('not_found', `Agent ${agentId} has no suite ${suiteId}.`);
    return { object: 'test_suite' as const, ...rows[0]! } as unknown as {
      id: string;
      scenarios: Scenario[];
    };
  }

  /** One scenario as a test call of the version, and its verdict once the call ended. */
  async function play(
    userId: string,
    agentId: string,
    version: number,
    runId: string,
    scenario: Scenario,
    index: number,
  ): Promise<Verdict> {
    const owner = { userId, livemode: false };
    const { task } = await deps.tasks.create(
      { userId, apiKeyId: null, livemode: false },
      {
        phone_number: scenarioNumber(index),
        agent_id: agentId,
        agent_version: version,
        metadata: { test_run_id: runId, scenario: scenario.name.slice(0, 120) },
      },
      {
        idempotencyKey: null,
        source: 'api',
        agents: deps.agents.lookup({ userId }),
        testScenario: calleeOf(scenario),
      },
    );
    const ended = await deps.tasks.waitForEnd(owner, task.id, deps.callTimeoutMs);
    if (!ended.ended)
      return {
        name: scenario.name,
        passed: false,
        failures: [`the call did not end within ${deps.callTimeoutMs / 1000} s`],
        task_id: task.id,
        status: ended.task.status,
        transcript: [],
      };
    // A scenario's call has a few dozen events: the first page holds them.
    const types = (await deps.tasks.eventsAfter(owner, task.id, 0, { limit: 500 })).map(
      (event) => event.type,
    );
    const failures = judge(scenario, ended.task, types);
    return {
      name: scenario.name,
      passed: failures.length === 0,
      failures,
      task_id: task.id,
      status: ended.task.status,
      transcript: ((ended.task.transcript ?? []) as { speaker: string; text: string }[]).map(
        ({ speaker, text }) => ({ speaker, text }),
      ),
    };
  }

  /** Runs `work` over `items`, at most `limit` at once, in order of the items. */
  async function pooled<T, R>(
    items: readonly T[],
    limit: number,
    work: (item: T, index: number) => Promise<R>,
  ) {
    const results: R[] = new Array(items.length);
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(limit, items.length) }, async () => {
        while (next < items.length) {
          const index = next++;
          results[index] = await work(items[index]!, index);
        }
      }),
    );
    return results;
  }

  const runObject = (row: Record<string, unknown>) => ({
    object: 'test_run' as const,
    ...(row as {
      id: string;
      agent_id: string;
      agent_version: number;
      suite_id: string | null;
      status: 'running' | 'passed' | 'failed';
      results: Verdict[];
      created_at: string;
      finished_at: string | null;
    }),
  });

  return {
    async createSuite(userId: string, agentId: string, body: unknown) {
      const input = parseOrThrow(createSuiteSchema, body);
      await deps.agents.get(userId, agentId);
      const id = newPrefixedId('suite', now());
      const rows = must(
        await db
          .from('agent_test_suites')
          .insert({
            id,
            agent_id: agentId,
            user_id: userId,
            name: input.name,
            scenarios: input.scenarios,
          })
          .select('id, agent_id, name, scenarios, created_at, updated_at'),
      ) as Record<string, unknown>[];
      return { object: 'test_suite' as const, ...rows[0]! };
    },

    async listSuites(userId: string, agentId: string) {
      await deps.agents.get(userId, agentId);
      return await agentList(
        db,
        {
          table: 'agent_test_suites',
          columns: 'id, agent_id, name, scenarios, created_at, updated_at',
          object: 'test_suite',
        },
        userId,
        agentId,
      );
    },

    /**
     * POST /task/agents/{id}/test-runs: plays every scenario of the suite against the version
     * (the latest unless named), and answers the run with each scenario's verdict.
     */
    async run(userId: string, agentId: string, body: unknown) {
      const input = parseOrThrow(createRunSchema, body);
      const agent = await deps.agents.get(userId, agentId, input.agent_version);
      if (agent.archived_at)
        throw new ServiceError(
          'invalid_request',
          `Agent ${agentId} is archived: it places no new call.`,
        );
      const suite = await ownSuite(userId, agentId, input.suite_id);
      const id = newPrefixedId('run', now());
      must(
        await db.from('agent_test_runs').insert({
          id,
          agent_id: agentId,
          agent_version: agent.version,
          suite_id: suite.id,
          user_id: userId,
          status: 'running',
        }),
      );
      const verdicts = await pooled(suite.scenarios, RUN_CONCURRENCY, (scenario, index) =>
        play(userId, agentId, agent.version, id, scenario, index).catch((error: unknown) => ({
          name: scenario.name,
          passed: false,
          failures: [
            error instanceof ServiceError
              ? `the call was refused: ${error.message}`
              : 'the call could not be placed',
          ],
          task_id: null,
          status: null,
          transcript: [],
        })),
      );
      const status = verdicts.every((one) => one.passed) ? 'passed' : 'failed';
      const rows = must(
        await db
          .from('agent_test_runs')
          .update({ status, results: verdicts, finished_at: new Date(now()).toISOString() })
          .eq('id', id)
          .select(
            'id, agent_id, agent_version, suite_id, status, results, created_at, finished_at',
          ),
      ) as Record<string, unknown>[];
      return runObject(rows[0]!);
    },

    async getRun(userId: string, agentId: string, runId: string) {
      const rows = must(
        await db
          .from('agent_test_runs')
          .select('id, agent_id, agent_version, suite_id, status, results, created_at, finished_at')
          .eq('id', runId)
          .eq('agent_id', agentId)
          .eq('user_id', userId),
      ) as Record<string, unknown>[];
      if (!rows.length)
        throw new ServiceError('not_found', `Agent ${agentId} has no run ${runId}.`);
      return runObject(rows[0]!);
    },
  };
}

export type TestSuites = ReturnType<typeof testSuites>;
