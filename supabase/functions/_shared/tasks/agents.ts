// Agents: POST/GET/PATCH /task/agents and their versions (docs/product-rules.md#agents). Each
// change of an agent's fields is a new immutable version (SQL: 16-agents.sql); a task names the
// agent (`agent_id`, its latest version or a pinned `agent_version`), takes its fields under its
// own, and records the version it ran with. Agents are the account's, whatever the key's mode.
import { type Db, must } from '../db.ts';
import { ServiceError } from '../errors.ts';
import { newPrefixedId } from '../ids.ts';
import { checkOutputSchema } from '../json-schema/output-schema.ts';
import { accountRefusal } from '../accounts/api-keys.ts';
import { LIMITS } from '../contract/limits.ts';
import { AGENT_ID, mergeCreateBody, parseOrThrow } from './schema.ts';
import type { TaskTool } from '../contract/task-tools.ts';
import {
  AGENT_FIELDS,
  agentListQuerySchema,
  createAgentSchema,
  updateAgentSchema,
  type AgentConfig,
} from './agent-schema.ts';

type AgentRow = {
  id: string;
  name: string;
  version: number;
  latest_version: number;
  config: AgentConfig;
  created_at: string;
  updated_at: string;
  version_created_at: string;
  archived_at: string | null;
  live_requires_suite_id?: string | null;
};

type SqlAnswer = { agent?: AgentRow; error?: string; limit?: number; latest_version?: number };

/** An agent as the API answers it: its latest version's fields beside its name. */
export function agentObject(row: AgentRow) {
  return {
    id: row.id,
    object: 'agent' as const,
    name: row.name,
    version: row.version,
    latest_version: row.latest_version,
    ...row.config,
    live_requires_suite_id: row.live_requires_suite_id ?? null,
    created_at: row.created_at,
    updated_at: row.updated_at,
    archived_at: row.archived_at,
  };
}

export const agentNotFound = (id: string) =>
  new ServiceError('not_found', `No agent ${id} in this account. GET /task/agents lists yours.`);

/** One of an agent's own lists (its documents, its suites), oldest first, as the API answers it. */
export async function agentList<T extends string>(
  db: Db,
  list: { table: string; columns: string; object: T },
  userId: string,
  agentId: string,
) {
  const rows = must(
    await db
      .from(list.table)
      .select(list.columns)
      .eq('agent_id', agentId)
      .eq('user_id', userId)
      .order('created_at'),
  ) as unknown as Record<string, unknown>[];
  return {
    object: 'list' as const,
    data: rows.map((row) => ({ object: list.object, ...row })),
    has_more: false,
  };
}

/** The version a task runs with, and its fields. */
export type AgentForTask = { agentId: string; version: number; config: AgentConfig };

/** Finds a task's agent: for a signed-in user, or for the account of an API key. */
export type AgentLookup = ((
  agentId: string,
  version: number | undefined,
) => Promise<AgentForTask>) & {
  /** The account's default agent (agt_…), or null: read once, when asked. */
  defaultAgent: () => Promise<string | null>;
};

export function agentService(deps: {
  db: Db;
  /** A task's tools, checked as a task's are (the SSRF guard, the parameters' schema). */
  checkTools: (
    tools: readonly { name: string; description: string; parameters: unknown; url: string }[],
  ) => Promise<TaskTool[] | null>;
  now?: () => number;
}) {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  /** The fields an agent keeps, checked as a create's are; absent ones are left out. */
  async function checkedConfig(input: Record<string, unknown>): Promise<AgentConfig> {
    const config: AgentConfig = {};
    for (const field of AGENT_FIELDS)
      if (input[field] !== undefined && input[field] !== null) config[field] = input[field];
    if (config.output_schema !== undefined)
      config.output_schema = checkOutputSchema(config.output_schema);
    if (config.tools !== undefined) {
      const tools = await deps.checkTools(
        config.tools as { name: string; description: string; parameters: unknown; url: string }[],
      );
      if (tools) config.tools = tools;
      else delete config.tools;
    }
    return config;
  }

  function refused(result: SqlAnswer, id: string): ServiceError {
    switch (result.error) {
      case 'not_found':
        return agentNotFound(id);
      case 'archived':
        return new ServiceError(
          'invalid_request',
          `Agent ${id} is archived: it changes no more. Create a new agent instead.`,
        );
      case 'too_many_agents':
        return new ServiceError(
          'rate_limited',
          `An account keeps at most ${LIMITS.agentsPerAccount} agents that are not archived; archive one first.`,
        );
      default:
        return accountRefusal(result.error ?? 'unauthorized');
    }
  }

  async function read(userId: string, id: string) {
    const { data, error } = await db
      .from('agents')
      .select('*')
      .eq('id', id)
      .eq('user_id', userId)
      .maybeSingle();
    if (error) throw new Error(error.message);
    if (!data) throw agentNotFound(id);
    return data as { id: string; latest_version: number } & Record<string, unknown>;
  }

  /** The agent with its latest version's fields, or the version asked for. */
  async function get(
    userId: string,
    id: string,
    version?: number,
  ): Promise<ReturnType<typeof agentObject> & AgentConfig> {
    const agent = await read(userId, id);
    const wanted = version ?? agent.latest_version;
    const { data, error } = await db
      .from('agent_versions')
      .select('version, config, created_at')
      .eq('agent_id', id)
      .eq('version', wanted)
      .maybeSingle();
    if (error) throw new Error(error.message);
    if (!data)
      throw new ServiceError(
        'not_found',
        `Agent ${id} has no version ${wanted}; its latest is ${agent.latest_version}.`,
      );
    return agentObject({
      ...(agent as unknown as AgentRow),
      version: data.version as number,
      config: data.config as AgentConfig,
      version_created_at: data.created_at as string,
    });
  }

  return {
    async create(userId: string, body: unknown) {
      const input = parseOrThrow(createAgentSchema, body);
      const config = await checkedConfig(input);
      const id = newPrefixedId('agt', now());
      const result = must(
        await db.rpc('agent_create', {
          p_user_id: userId,
          p_id: id,
          p_name: input.name,
          p_config: config,
        }),
      ) as SqlAnswer;
      if (result.error) throw refused(result, id);
      return agentObject(result.agent!);
    },

    async update(userId: string, id: string, body: unknown) {
      const input = parseOrThrow(updateAgentSchema, body) as Record<string, unknown> & {
        name?: string;
        live_requires_suite_id?: string | null;
      };
      const changes = AGENT_FIELDS.filter((field) => input[field] !== undefined);
      let config: AgentConfig | null = null;
      if (changes.length > 0) {
        const latest = await get(userId, id);
        const merged: Record<string, unknown> = {};
        for (const field of AGENT_FIELDS) {
          const value = field in input && input[field] !== undefined ? input[field] : latest[field];
          if (value !== undefined && value !== null) merged[field] = value;
        }
        config = await checkedConfig(merged);
      }
      const result = must(
        await db.rpc('agent_update', {
          p_user_id: userId,
          p_id: id,
          p_name: input.name ?? null,
          p_config: config,
        }),
      ) as SqlAnswer;
      if (result.error) throw refused(result, id);
      if (input.live_requires_suite_id === undefined) return agentObject(result.agent!);
      // The gate is the agent's own suite, or none.
      const suite = input.live_requires_suite_id;
      if (suite !== null) {
        const suites = must(
          await db.from('agent_test_suites').select('id').eq('id', suite).eq('agent_id', id),
        ) as unknown[];
        if (!suites.length)
          throw new ServiceError('invalid_request', `Agent ${id} has no suite ${suite}.`, {
            field: 'live_requires_suite_id',
          });
      }
      must(
        await db
          .from('agents')
          .update({ live_requires_suite_id: suite })
          .eq('id', id)
          .eq('user_id', userId),
      );
      return await get(userId, id);
    },

    async archive(userId: string, id: string) {
      const result = must(
        await db.rpc('agent_archive', { p_user_id: userId, p_id: id }),
      ) as SqlAnswer;
      if (result.error) throw refused(result, id);
      return agentObject(result.agent!);
    },

    get,

    /** Every version of the agent, newest first. */
    async versions(userId: string, id: string) {
      await read(userId, id);
      const { data, error } = await db
        .from('agent_versions')
        .select('version, config, created_at')
        .eq('agent_id', id)
        .order('version', { ascending: false });
      if (error) throw new Error(error.message);
      return {
        object: 'list' as const,
        data: (data ?? []).map((row) => ({
          object: 'agent_version' as const,
          agent_id: id,
          version: row.version as number,
          ...(row.config as AgentConfig),
          created_at: row.created_at as string,
        })),
        has_more: false,
      };
    },

    async list(userId: string, query: Record<string, string>) {
      const { limit, starting_after, archived } = parseOrThrow(agentListQuerySchema, query);
      let request = db
        .from('agents')
        .select('id')
        .eq('user_id', userId)
        .order('id', { ascending: false })
        .limit(limit + 1);
      request =
        archived === 'true'
          ? request.not('archived_at', 'is', null)
          : request.is('archived_at', null);
      if (starting_after) request = request.lt('id', starting_after);
      const { data, error } = await request;
      if (error) throw new Error(error.message);
      const ids = (data ?? []).map((row) => row.id as string);
      const page = await Promise.all(ids.slice(0, limit).map((id) => get(userId, id)));
      return { object: 'list' as const, data: page, has_more: ids.length > limit };
    },

    /**
     * Finds the agents of new tasks, for a signed-in user or an API key's account (checked as the
     * create will check it), each agent version once per lookup.
     */
    lookup(account: { userId: string } | { apiKey: string }): AgentLookup {
      const found = new Map<string, Promise<AgentForTask>>();
      const owner = {
        p_user_id: 'userId' in account ? account.userId : null,
        p_api_key: 'apiKey' in account ? account.apiKey : null,
      };
      let defaultAgent: Promise<string | null> | undefined;
      const lookUp = (agentId: string, version: number | undefined) => {
        const key = `${agentId}@${version ?? 'latest'}`;
        let answer = found.get(key);
        if (!answer) {
          answer = (async () => {
            const result = must(
              await db.rpc('agent_for_task', {
                ...owner,
                p_id: agentId,
                p_version: version ?? null,
              }),
            ) as {
              error?: string;
              agent_id?: string;
              version?: number;
              config?: AgentConfig;
              latest_version?: number;
            };
            switch (result.error) {
              case undefined:
                return { agentId, version: result.version!, config: result.config! };
              case 'agent_not_found':
                throw new ServiceError(
                  'invalid_request',
                  `agent_id ${agentId} is none of your agents. GET /task/agents lists yours.`,
                  { field: 'agent_id' },
                );
              case 'agent_archived':
                throw new ServiceError(
                  'invalid_request',
                  `agent_id ${agentId} is archived: it places no new call.`,
                  { field: 'agent_id' },
                );
              case 'agent_version_not_found':
                throw new ServiceError(
                  'invalid_request',
                  `agent_version ${version} is not a version of ${agentId}; its latest is ${result.latest_version}.`,
                  { field: 'agent_version' },
                );
              default:
                throw accountRefusal(result.error);
            }
          })();
          found.set(key, answer);
        }
        return answer;
      };
      return Object.assign(lookUp, {
        defaultAgent: () =>
          (defaultAgent ??= (async () =>
            must(await db.rpc('default_agent_of', owner)) as string | null)()),
      });
    },
  };
}

export type AgentService = ReturnType<typeof agentService>;

const isObjectBody = (body: unknown): body is Record<string, unknown> =>
  !!body && typeof body === 'object' && !Array.isArray(body);

/** A body that names no agent (`agent_id` left out) naming the account's default agent, if any. */
export async function namingDefaultAgent(body: unknown, lookup: AgentLookup | undefined) {
  if (!lookup || !isObjectBody(body) || body.agent_id !== undefined) return body;
  const agentId = await lookup.defaultAgent();
  return agentId ? { ...body, agent_id: agentId } : body;
}

/**
 * A create body with its agent's fields under its own (`agent_id`, `agent_version`): the version
 * found is recorded on the task. A body that names no agent is answered as it is. `fields`: only
 * these of the agent's (a browser call takes what it says and how, not tools or transfer).
 */
export async function withAgentFields(
  body: unknown,
  lookup: AgentLookup | undefined,
  fields?: readonly string[],
) {
  if (!isObjectBody(body)) return body;
  const input = body as Record<string, unknown>;
  if (input.agent_id === undefined) return body;
  // Malformed ids are the schema's to refuse, naming the field.
  if (typeof input.agent_id !== 'string' || !AGENT_ID.test(input.agent_id)) return body;
  const version = input.agent_version;
  if (version !== undefined && (!Number.isInteger(version) || (version as number) < 1)) return body;
  if (!lookup)
    throw new ServiceError('invalid_request', 'agent_id is not taken here.', { field: 'agent_id' });
  const agent = await lookup(input.agent_id, version as number | undefined);
  const config = agent.config as Record<string, unknown>;
  const taken = fields
    ? Object.fromEntries(fields.filter((field) => field in config).map((f) => [f, config[f]]))
    : config;
  return { ...mergeCreateBody(taken, input), agent_version: agent.version };
}

/**
 * Runs a create, and once more with the account's default agent when task_accept (or
 * batch_accept) answers `default_agent`: the account has one and the body named no agent.
 */
export async function withDefaultAgent<
  Prepared extends { withDefaultAgent?: (agentId: string) => Promise<Prepared> },
  Answer extends { error?: string; agent_id?: string },
>(prepared: Prepared, create: (prepared: Prepared) => Promise<Answer>): Promise<Answer> {
  const answer = await create(prepared);
  if (answer.error !== 'default_agent' || !answer.agent_id || !prepared.withDefaultAgent)
    return answer;
  return await create(await prepared.withDefaultAgent(answer.agent_id));
}
