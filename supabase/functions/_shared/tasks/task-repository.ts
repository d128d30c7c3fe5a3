// The task service's rows: every read and write of tasks, attempts and events, and the SQL
// functions that decide (task_create / task_accept, task_apply, task_cancel, …). Reads go over
// the direct pool when there is one (task-sql.ts), otherwise through PostgREST; rpc calls go over
// the pool through the client itself (db.ts). No wording and no HTTP here.
import { type Db, must } from '../db.ts';
import type { Transition } from './status-machine.ts';
import { type ListQuery, searchPattern } from './schema.ts';
import {
  ATTEMPT_COLUMNS,
  CONSENT_COLUMNS,
  TASK_COLUMNS,
  type AttemptRow,
  type ConsentRecord,
  type TaskRow,
} from './task-object.ts';
import type { TaskEventRow, TaskSql } from './task-sql.ts';
import { type BatchTaskDefaults, withBatchDefaults } from './batch-defaults.ts';
import { rememberKeyRefusal } from '../accounts/api-keys.ts';

/** What task_create / task_accept answer: the new task, a replay, or why not. */
export type Accepted = {
  task_id?: string;
  replayed?: boolean;
  task?: TaskRow;
  error?: string;
  retry_after?: number;
  limit?: string;
  required_usd?: number;
  available_usd?: number;
  time_zones?: string[];
  source?: string;
  listed_at?: string;
  /** caller_number_required: whose account, so its verified phone can become its caller ID. */
  user_id?: string;
  /** agent_version_untested: the agent version a live call may not take yet. */
  agent_id?: string;
  agent_version?: number;
};

export type StoredTask = { row: TaskRow; attempts: AttemptRow[] };

type TaskWithAttempts = TaskRow & {
  task_attempts: AttemptRow[];
  consent: ConsentRecord | null;
  batches: { task_defaults: BatchTaskDefaults } | null;
};

/** The batch's shared fields, read with the task (a batch's rows hold only what differs). */
const WITH_BATCH_DEFAULTS = 'batches(task_defaults)';
/** The task's consent record (one-to-one: its key is the task's id). */
const WITH_CONSENT = `consent:task_consents(${CONSENT_COLUMNS})`;

/** The row task_accept records (see prepareTask); defaults not given are filled in SQL. */
export type NewTaskRow = Record<string, unknown> & { id: string; phone_number: string };

export function createTaskRepository(db: Db, sql: TaskSql | null) {
  return {
    /**
     * A task and its attempts in one query, so what the API shows is one consistent snapshot.
     * `forEvents`: read for an event being sent (over the events' own pool).
     */
    async read(taskId: string, forEvents = false): Promise<StoredTask | null> {
      if (sql) return await sql.readTask(taskId, forEvents);
      const rows = must(
        await db
          .from('tasks')
          .select(
            `${TASK_COLUMNS}, task_attempts(${ATTEMPT_COLUMNS}), ${WITH_BATCH_DEFAULTS}, ${WITH_CONSENT}`,
          )
          .eq('id', taskId)
          .limit(1),
      ) as unknown as TaskWithAttempts[];
      const found = rows[0];
      if (!found) return null;
      const { task_attempts: attempts, batches: batch, ...row } = found;
      return {
        row: withBatchDefaults(row, batch?.task_defaults),
        attempts: [...attempts].sort((a, b) => a.number - b.number),
      };
    },

    /** The account's tasks, newest first: one more than the page, to tell whether more follow. */
    async list(userId: string, query: ListQuery, livemode = true): Promise<StoredTask[]> {
      let request = db
        .from('tasks')
        .select(
          `${TASK_COLUMNS}, task_attempts(${ATTEMPT_COLUMNS}), ${WITH_BATCH_DEFAULTS}, ${WITH_CONSENT}`,
        )
        .eq('user_id', userId)
        .eq('livemode', livemode)
        .order('id', { ascending: false })
        .limit(query.limit + 1);
      if (query.status) request = request.eq('status', query.status);
      if (query.batch_id) request = request.eq('batch_id', query.batch_id);
      if (query.starting_after) request = request.lt('id', query.starting_after);
      if (query.q) request = request.ilike('search_text', searchPattern(query.q));
      if (query.outcome) request = request.eq('outcome', query.outcome);
      if (query.call_outcome) request = request.eq('call_outcome', query.call_outcome);
      if (query.created_after) request = request.gte('created_at', query.created_after);
      if (query.created_before) request = request.lt('created_at', query.created_before);
      const rows = must(await request) as unknown as TaskWithAttempts[];
      return rows.map(({ task_attempts: attempts, batches: batch, ...row }) => ({
        row: withBatchDefaults(row, batch?.task_defaults),
        attempts,
      }));
    },

    /** Why the task's transfer may not ring its target now (task_transfer_refusal), or null. */
    async transferRefusal(taskId: string): Promise<string | null> {
      return must(await db.rpc('task_transfer_refusal', { p_task_id: taskId })) as string | null;
    },

    /** POST /task with a key: the key, the gate, the limits, the hold and the row in one call. */
    async createWithKey(
      apiKey: string,
      task: NewTaskRow,
      idempotencyKey: string | null,
      requestHash: string,
    ): Promise<Accepted> {
      const answer = must(
        await db.rpc('task_create', {
          p_api_key: apiKey,
          p_task: task,
          p_idempotency_key: idempotencyKey,
          p_request_hash: requestHash,
        }),
      ) as Accepted;
      rememberKeyRefusal(apiKey, answer);
      return answer;
    },

    /** The same for an account already authenticated (session, MCP, SMS). */
    async accept(
      account: { userId: string; apiKeyId: string | null; livemode?: boolean },
      task: NewTaskRow,
      idempotencyKey: string | null,
      requestHash: string,
    ): Promise<Accepted> {
      return must(
        await db.rpc('task_accept', {
          p_user_id: account.userId,
          p_api_key_id: account.apiKeyId,
          // The caller's mode (a key's, or the session's switch), never the body's.
          p_task: { ...task, livemode: account.livemode ?? true },
          p_idempotency_key: idempotencyKey,
          p_request_hash: requestHash,
        }),
      ) as Accepted;
    },

    /** Applies a decided transition unless the task moved on meanwhile. */
    async apply(
      taskId: string,
      transition: Transition,
    ): Promise<'applied' | 'duplicate' | 'stale'> {
      const result = must(
        await db.rpc('task_apply', {
          p_task_id: taskId,
          p_attempt: transition.attempt,
          p_expected_status: transition.expectedStatus,
          p_plan: transition.plan,
        }),
      ) as { applied: boolean; reason?: string };
      if (result.applied) return 'applied';
      return result.reason === 'duplicate' ? 'duplicate' : 'stale';
    },

    /** Opens the next attempt with the hash of its token; nothing when canceled or taken. */
    async beginAttempt(taskId: string, tokenHash: string) {
      const begun = must(
        await db.rpc('task_begin_attempt', { p_task_id: taskId, p_token_hash: tokenHash }),
      ) as {
        attempt?: number;
        task?: TaskRow;
        error?: string;
        /** The provider's id of the number the call shows (null: the shared number). */
        caller_provider_id?: string | null;
      };
      // The call is placed with the whole task: a batch row's shared fields are put back first.
      if (begun.task?.batch_id) {
        const [batch] = must(
          await db.from('batches').select('task_defaults').eq('id', begun.task.batch_id).limit(1),
        ) as { task_defaults: BatchTaskDefaults }[];
        begun.task = withBatchDefaults(begun.task, batch?.task_defaults);
      }
      return begun;
    },

    /** The provider refused the attempt for its concurrency limit: undone, the task waits again. */
    async placementRefused(taskId: string, attempt: number) {
      return must(
        await db.rpc('task_placement_refused', { p_task_id: taskId, p_attempt: attempt }),
      ) as { requeued: boolean };
    },

    /** Records the provider's call; `hang_up` when the task was canceled while dialling. */
    async attemptPlaced(
      taskId: string,
      attempt: number,
      call: { providerCallId: string; controlUrl: string | null },
    ) {
      return must(
        await db.rpc('task_attempt_placed', {
          p_task_id: taskId,
          p_attempt: attempt,
          p_provider_call_id: call.providerCallId,
          p_control_url: call.controlUrl,
        }),
      ) as { hang_up: boolean };
    },

    async saveResult(
      taskId: string,
      attempt: number,
      settled: { result: unknown; note: string | null },
    ) {
      must(
        await db.rpc('task_save_result', {
          p_task_id: taskId,
          p_attempt: attempt,
          p_result: settled.result,
          p_note: settled.note,
        }),
      );
    },

    /** Cancels in SQL, which names the live call to hang up if any. */
    async cancel(userId: string, taskId: string) {
      return must(await db.rpc('task_cancel', { p_user_id: userId, p_task_id: taskId })) as {
        error?: string;
        status?: string;
        hang_up?: { provider_call_id: string; control_url: string | null } | null;
      };
    },

    /** Events after `afterSeq`, oldest first. */
    async eventsAfter(taskId: string, afterSeq: number, limit: number): Promise<TaskEventRow[]> {
      if (sql) return await sql.eventsAfter(taskId, afterSeq, limit);
      return must(
        await db
          .from('task_events')
          .select('seq, type, data, created_at')
          .eq('task_id', taskId)
          .gt('seq', afterSeq)
          .order('seq')
          .limit(limit),
      ) as TaskEventRow[];
    },

    /** One event by its number. */
    async event(taskId: string, seq: number): Promise<TaskEventRow | null> {
      const rows = must(
        await db
          .from('task_events')
          .select('seq, type, data, created_at')
          .eq('task_id', taskId)
          .eq('seq', seq)
          .limit(1),
      ) as TaskEventRow[];
      return rows[0] ?? null;
    },
  };
}

export type TaskRepository = ReturnType<typeof createTaskRepository>;
