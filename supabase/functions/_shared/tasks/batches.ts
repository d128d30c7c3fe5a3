// Batches: up to 1,000 tasks from one request. The whole batch is validated row by row before
// anything is recorded; one SQL call (batch_create / batch_accept) then records the batch and its
// tasks, admits the first into the account's free call slots and names them; they are placed
// after the response. The rest wait for a slot (docs/decisions/0015-batches-paced-by-call-slots.md).
import { withDefaultAgent, type AgentLookup } from './agents.ts';
import { LEGAL_BASIS_REQUIRED } from './task-wording.ts';
import { eventId } from '../events/event-id.ts';
import { runAfterResponse, type AfterResponse } from '../background.ts';
import { type Db, must } from '../db.ts';
import { accountRefusal, rememberKeyRefusal } from '../accounts/api-keys.ts';
import { ownedBy, type Owner } from '../accounts/session.ts';
import { ServiceError } from '../errors.ts';
import { canonicalJson, newTaskId, sha256Hex } from '../ids.ts';
import { rejectDeepValue } from '../json-schema/json-depth.ts';
import { checkOutputSchema, type OutputSchema } from '../json-schema/output-schema.ts';
import { batchCounts, type BatchCounts } from './batch-counts.ts';
import { type BatchTaskDefaults, shareBatchDefaults } from './batch-defaults.ts';
import {
  type BatchRowError,
  checkBatchSpread,
  duplicateNumberRows,
  schemaCompileKey,
} from './batch-spread.ts';
import {
  BATCH_ID,
  createBatchSchema,
  mergeCreateBody,
  parseOrThrow,
  rejectControlCharacters,
} from './schema.ts';
import type { TaskService, TaskSource } from './service.ts';
import type { NewTaskRow } from './task-repository.ts';
import {
  compressedWaitsInLiveMode,
  callerNumberRequired,
  LIMIT_REFUSALS,
  tooManyOpenTasks,
  tooManyTestCalls,
} from './task-wording.ts';

export type BatchServiceDeps = {
  db: Db;
  tasks: TaskService;
  now: () => Date;
  taskBaseUrl: string;
  afterResponse?: AfterResponse;
};

export type { BatchRowError };

type BatchRow = {
  id: string;
  user_id: string;
  source: string;
  status: 'running' | 'completed' | 'canceled';
  total: number;
  webhook_url: string | null;
  event_seq: number;
  created_at: string;
  canceled_at: string | null;
  completed_at: string | null;
  /** false: a test key's batch (its tasks are test tasks). */
  livemode: boolean;
};

type Accepted = {
  batch_id?: string;
  replayed?: boolean;
  place?: string[];
  error?: string;
  rows?: { index: number; field: string; code: string; source?: string; time_zones?: string[] }[];
  retry_after?: number;
  required_usd?: number;
  available_usd?: number;
  user_id?: string;
  /** default_agent: the account's default agent, for the rows that named none. */
  agent_id?: string;
};

/** `batch_` + a ULID, like task ids: sorts by creation. */
export const newBatchId = (nowMs: number) => newTaskId(nowMs).replace(/^task_/, 'batch_');

export function toApiBatch(row: BatchRow, counts: BatchCounts, taskBaseUrl: string) {
  const url = `${taskBaseUrl}/batches/${row.id}`;
  return {
    id: row.id,
    object: 'batch' as const,
    status: row.status,
    counts,
    livemode: row.livemode,
    source: row.source,
    webhook_url: row.webhook_url,
    created_at: row.created_at,
    canceled_at: row.canceled_at,
    completed_at: row.completed_at,
    tasks_url: `${taskBaseUrl}?batch_id=${row.id}`,
    events_url: `${url}/events`,
    url,
  };
}

export type ApiBatch = ReturnType<typeof toApiBatch>;

/** The message of a row the database refused (the number is listed, or no window ever opens). */
function rowRefusal(row: NonNullable<Accepted['rows']>[number]): BatchRowError {
  if (row.code === 'do_not_call' && row.field === 'transfer.to')
    return {
      index: row.index,
      field: 'transfer.to',
      code: 'invalid_request',
      message: 'transfer.to is on your do-not-call list: calls are never transferred to it.',
    };
  if (row.code === 'legal_basis_required')
    return {
      index: row.index,
      field: 'consent',
      code: 'invalid_request',
      message: LEGAL_BASIS_REQUIRED,
    };
  if (row.code === 'do_not_call')
    return {
      index: row.index,
      field: 'phone_number',
      code: 'do_not_call',
      message:
        row.source === 'callee'
          ? 'This number asked not to be called again; it is on your do-not-call list.'
          : 'This number is on your do-not-call list.',
    };
  return {
    index: row.index,
    field: 'call_window',
    code: 'invalid_request',
    message: `call_window is never open in all of the callee's time zones (${(row.time_zones ?? []).join(', ')}); widen it.`,
  };
}

export function badRows(rows: BatchRowError[], total: number): ServiceError {
  return new ServiceError(
    'invalid_request',
    `${rows.length} of ${total} rows ${rows.length === 1 ? 'is' : 'are'} not valid; nothing was created. See rows.`,
    { field: 'tasks', extra: { rows } },
  );
}

/** A create body checked into the rows batch_accept records, and the hash its replays compare. */
export type PreparedBatch = {
  batch: {
    id: string;
    source: TaskSource;
    webhook_url: string | null;
    /** The rows' shared fields, stored once on the batch (batch-defaults.ts). */
    task_defaults: BatchTaskDefaults;
    /** Some row names no agent: batch_accept answers `default_agent` if the account has one. */
    takes_default_agent?: boolean;
  };
  tasks: NewTaskRow[];
  requestHash: string;
  /** The same body with the account's default agent for the rows that named none. */
  withDefaultAgent?: (agentId: string) => Promise<PreparedBatch>;
};

export function createBatchService(deps: BatchServiceDeps) {
  const { db, tasks } = deps;
  const afterResponse = deps.afterResponse ?? runAfterResponse;

  async function prepareBatch(
    body: unknown,
    options: { idempotencyKey: string | null; source: TaskSource; agents?: AgentLookup },
  ): Promise<PreparedBatch> {
    rejectDeepValue(body);
    rejectControlCharacters(body);
    const input = parseOrThrow(createBatchSchema, body);
    const key = options.idempotencyKey;
    if (key !== null && (key.length === 0 || key.length > 255))
      throw new ServiceError('invalid_request', 'Idempotency-Key must be 1 to 255 characters', {
        field: 'Idempotency-Key',
      });
    if (key !== null) rejectControlCharacters(key, ['Idempotency-Key']);
    // Each distinct webhook or tool URL is checked, and each host resolved, once for the batch.
    const webhooks = tasks.webhookChecker();
    // Each distinct output_schema is checked (and compiled) once for the whole batch.
    const schemas = new Map<string, OutputSchema>();
    const checkSchema = (schema: unknown, field?: string) => {
      const key = schemaCompileKey(schema, field);
      let verdict = schemas.get(key);
      if (!verdict) {
        verdict = checkOutputSchema(schema, field);
        schemas.set(key, verdict);
      }
      return verdict;
    };
    const defaults = input.defaults ?? {};
    // The same body, its rows that name no agent taking `agentId` (its defaults name it); the
    // request as sent is what a replay must match.
    const withAgent = async (agentId: string, requestHash: string): Promise<PreparedBatch> => ({
      ...(await prepareBatch(
        {
          ...(body as object),
          defaults: { ...(body as { defaults?: object }).defaults, agent_id: agentId },
        },
        options,
      )),
      requestHash,
    });
    const merged = input.tasks.map((row) => mergeCreateBody(defaults, row));
    const { hosts } = checkBatchSpread(merged);
    await webhooks.lookUp(hosts);
    const rows: BatchRowError[] = [];
    const prepared = [];
    for (const [index, row] of merged.entries()) {
      try {
        const { task } = await tasks.prepareTask(row, {
          idempotencyKey: null,
          source: options.source,
          checkWebhook: webhooks.check,
          checkSchema,
          batchRow: true,
          // Each agent version the rows name is read once for the batch.
          agents: options.agents,
        });
        prepared.push(task);
      } catch (error) {
        if (!(error instanceof ServiceError)) throw error;
        rows.push({ index, field: error.field ?? null, code: error.code, message: error.message });
      }
    }
    const refused = new Set(rows.map((row) => row.index));
    const duplicates = duplicateNumberRows(
      merged.map((row, index) =>
        typeof row.phone_number === 'string' && !refused.has(index)
          ? row.phone_number.trim()
          : null,
      ),
    );
    // Rows that lack what the account's default agent gives (its goal) are taken with it.
    const namingNoAgent = merged.some((row) => row.agent_id === undefined);
    const defaultAgent =
      rows.length > 0 && namingNoAgent ? await options.agents?.defaultAgent() : null;
    if (defaultAgent) return await withAgent(defaultAgent, await sha256Hex(canonicalJson(body)));
    if (rows.length > 0 || duplicates.length > 0)
      throw badRows(
        [...rows, ...duplicates].sort((a, b) => a.index - b.index),
        input.tasks.length,
      );
    const webhookUrl =
      typeof defaults.webhook_url === 'string' ? await webhooks.check(defaults.webhook_url) : null;
    const own = (index: number) => input.tasks[index]!;
    const shared = shareBatchDefaults(
      prepared,
      (field, index) =>
        field === 'goal'
          ? !('goal' in own(index)) && !('task' in own(index))
          : !((field === 'voicemail_message' ? 'voicemail' : field) in own(index)),
      { context: defaults.context, metadata: defaults.metadata },
    );
    const requestHash = await sha256Hex(canonicalJson(body));
    const batch = {
      id: newBatchId(deps.now().getTime()),
      source: options.source,
      webhook_url: webhookUrl,
      task_defaults: shared.defaults,
    };
    if (!options.agents || !namingNoAgent) return { batch, tasks: shared.rows, requestHash };
    return {
      batch: { ...batch, takes_default_agent: true },
      tasks: shared.rows,
      requestHash,
      withDefaultAgent: (agentId) => withAgent(agentId, requestHash),
    };
  }

  async function acceptBatch(
    account: { userId: string; apiKeyId: string | null; livemode?: boolean },
    prepared: PreparedBatch,
    options: { idempotencyKey: string | null },
  ) {
    return accepted(
      await withDefaultAgent(prepared, (chosen) =>
        deps.tasks.withCallerNumber(
          async () =>
            must(
              await db.rpc('batch_accept', {
                p_user_id: account.userId,
                p_api_key_id: account.apiKeyId,
                // The caller's mode (a key's, or the session's switch), never the body's.
                p_batch: { ...chosen.batch, livemode: account.livemode ?? true },
                p_tasks: chosen.tasks,
                p_idempotency_key: options.idempotencyKey,
                p_request_hash: chosen.requestHash,
              }),
            ) as Accepted,
        ),
      ),
      prepared.tasks.length,
    );
  }

  async function read(batchId: string) {
    const found = must(await db.rpc('batch_read', { p_batch_id: batchId })) as {
      batch: BatchRow;
      groups: { status: string; outcome: string | null; count: number }[];
    } | null;
    return found;
  }

  /** The caller's own batch of its mode; any other is "not found". */
  async function own(owner: Owner, batchId: string): Promise<ApiBatch> {
    const found = BATCH_ID.test(batchId) ? await read(batchId) : null;
    if (!found || !ownedBy(owner, found.batch.user_id, found.batch.livemode))
      throw new ServiceError('not_found', `No batch ${batchId.slice(0, 64)} exists.`);
    return toApiBatch(found.batch, batchCounts(found.groups), deps.taskBaseUrl);
  }

  /** Places the tasks SQL admitted into call slots, after the response, side by side. */
  function placeAdmitted(batchId: string, ids: string[]) {
    if (ids.length === 0) return;
    afterResponse(`batch ${batchId} placement`, () =>
      Promise.all(ids.map((id) => tasks.placeAttempt(id))),
    );
  }

  async function accepted(result: Accepted, total: number) {
    if (result.error) {
      if (result.rows) throw badRows(result.rows.map(rowRefusal), total);
      switch (result.error) {
        case 'rate_limited':
          throw new ServiceError('rate_limited', LIMIT_REFUSALS.createRate, {
            retryAfterSeconds: result.retry_after ?? 30,
          });
        case 'too_many_open_tasks':
          throw tooManyOpenTasks();
        case 'too_many_test_calls':
          throw tooManyTestCalls();
        case 'insufficient_credits':
          throw new ServiceError(
            'insufficient_credits',
            `This batch needs $${Number(result.required_usd).toFixed(2)} of credits to cover every row's max_duration_minutes beyond your free minutes (at $0.01 a minute); $${Number(result.available_usd).toFixed(2)} is available. Add credits in the dashboard, send fewer rows or lower max_duration_minutes.`,
          );
        case 'compressed_waits_in_live_mode':
          throw compressedWaitsInLiveMode();
        case 'agent_version_untested':
          throw new ServiceError(
            'invalid_request',
            "A row's agent version has not passed the suite its agent requires before live calls: run it (POST /task/agents/{id}/test-runs), or pin a version that passed.",
            { field: 'agent_id' },
          );
        case 'from_number_unknown':
          throw new ServiceError(
            'invalid_request',
            'from_number must name one of your active numbers in every row (its id, like num_…, or its digits). See GET /task/numbers.',
            { field: 'from_number' },
          );
        case 'idempotency_conflict':
          throw new ServiceError(
            'idempotency_conflict',
            'This Idempotency-Key was already used with a different request body in the last 24 hours.',
            { field: 'Idempotency-Key' },
          );
        case 'caller_number_required':
          throw callerNumberRequired();
        default:
          throw accountRefusal(result.error);
      }
    }
    const batchId = result.batch_id!;
    placeAdmitted(batchId, result.place ?? []);
    const found = await read(batchId);
    if (!found) throw new Error(`Batch ${batchId} is missing`);
    return {
      batch: toApiBatch(found.batch, batchCounts(found.groups), deps.taskBaseUrl),
      replayed: result.replayed === true,
      userId: found.batch.user_id,
    };
  }

  /** The batch's events after `afterSeq`; batch.completed carries the batch as it ended. */
  async function eventsAfter(
    owner: Owner,
    batchId: string,
    afterSeq: number,
    options: { ownerChecked?: boolean } = {},
  ) {
    const livemode = options.ownerChecked
      ? ((await read(batchId))?.batch.livemode ?? true)
      : (await own(owner, batchId)).livemode;
    const rows = must(
      await db
        .from('batch_events')
        .select('seq, type, data, created_at')
        .eq('batch_id', batchId)
        .gt('seq', afterSeq)
        .order('seq'),
    ) as { seq: number; type: string; data: Record<string, unknown>; created_at: string }[];
    const events = [];
    for (const row of rows)
      events.push({
        id: row.seq,
        event_id: eventId(batchId, row.seq),
        type: row.type,
        batch_id: batchId,
        livemode,
        created_at: row.created_at,
        data: row.type === 'batch.completed' ? await own(owner, batchId) : row.data,
      });
    return events;
  }

  return {
    /** The checks of a create body before anything is recorded. */
    prepare: prepareBatch,

    /**
     * POST /task/batches with an API key, once the body was checked (prepare): one database round
     * trip authenticates and records the whole batch.
     */
    async createWithKey(
      apiKey: string,
      prepared: PreparedBatch,
      options: { idempotencyKey: string | null },
    ) {
      const answer = await withDefaultAgent(prepared, (chosen) =>
        deps.tasks.withCallerNumber(
          async () =>
            must(
              await db.rpc('batch_create', {
                p_api_key: apiKey,
                p_batch: chosen.batch,
                p_tasks: chosen.tasks,
                p_idempotency_key: options.idempotencyKey,
                p_request_hash: chosen.requestHash,
              }),
            ) as Accepted,
        ),
      );
      rememberKeyRefusal(apiKey, answer);
      return accepted(answer, prepared.tasks.length);
    },

    /** A checked batch (prepare) for an account already authenticated (a session, MCP). */
    accept: acceptBatch,

    /** A batch for an account already authenticated (MCP). */
    async create(
      account: { userId: string; apiKeyId: string | null; livemode?: boolean },
      body: unknown,
      options: { idempotencyKey: string | null; source: TaskSource; agents?: AgentLookup },
    ) {
      return acceptBatch(account, await prepareBatch(body, options), options);
    },

    get: own,

    /** The caller's batches of one mode: a test key lists test batches, a live key live ones. */
    async list(userId: string, query: { limit: number; starting_after?: string }, livemode = true) {
      let request = db
        .from('batches')
        .select('id')
        .eq('user_id', userId)
        .eq('livemode', livemode)
        .order('id', { ascending: false })
        .limit(query.limit + 1);
      if (query.starting_after) request = request.lt('id', query.starting_after);
      const ids = (must(await request) as { id: string }[]).map((row) => row.id);
      const page = ids.slice(0, query.limit);
      const data = [];
      for (const id of page) data.push(await own({ userId, livemode }, id));
      const hasMore = ids.length > query.limit;
      return {
        object: 'list' as const,
        data,
        has_more: hasMore,
        next_cursor: hasMore ? (page[page.length - 1] ?? null) : null,
      };
    },

    /** Cancels what has not ended; live calls are hung up as a task's cancel does. */
    async cancel(owner: Owner, batchId: string): Promise<ApiBatch> {
      await own(owner, batchId);
      const result = must(
        await db.rpc('batch_cancel', { p_user_id: owner.userId, p_batch_id: batchId }),
      ) as {
        error?: string;
        hang_up?: { task_id: string; provider_call_id: string; control_url: string | null }[];
      };
      if (result.error) throw new ServiceError('not_found', `No batch ${batchId} exists.`);
      await Promise.all(
        (result.hang_up ?? []).map((call) =>
          tasks.hangUp(call.task_id, {
            providerCallId: call.provider_call_id,
            controlUrl: call.control_url,
          }),
        ),
      );
      return own(owner, batchId);
    },

    eventsAfter,

    /** One event as the webhook carries it. */
    async eventObject(batchId: string, seq: number) {
      const found = await read(batchId);
      if (!found) return null;
      const owner = { userId: found.batch.user_id, livemode: found.batch.livemode };
      const events = await eventsAfter(owner, batchId, seq - 1, {
        ownerChecked: true,
      });
      return events.find((event) => event.id === seq) ?? null;
    },
  };
}

export type BatchService = ReturnType<typeof createBatchService>;
