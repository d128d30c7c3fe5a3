// The task service: create, get, list, cancel, the event log, and applying provider messages.
// Plain functions over their dependencies (database, voice provider, clock), shared by the
// `task`, `voice-events`, MCP and SMS entries, so nothing re-validates or re-prices.
import { runAfterResponse } from '../background.ts';
import { doNotCallRefusal } from '../callee-protection/do-not-call.ts';
import { type Db, must } from '../db.ts';
import type { TaskEventHub } from '../events/task-event-hub.ts';
import { accountRefusal, authenticateKey } from '../http/api-key-auth.ts';
import { ApiError } from '../http/errors.ts';
import { canonicalJson, newTaskId, randomToken, sha256Hex } from '../ids.ts';
import { ProviderError, type VoiceEvent, type VoiceProvider } from '../voice/provider.ts';
import {
  decide,
  decidePlacementFailure,
  decideUnreconciled,
  isTerminal,
  type AttemptSnapshot,
  type TaskSnapshot,
  type Transition,
} from '../voice/status-machine.ts';
import {
  createTaskSchema,
  MAX_SCHEDULE_DAYS,
  parseOrThrow,
  rejectControlCharacters,
  type CreateTaskInput,
  type ListQuery,
  type TaskStatus,
} from './schema.ts';
import {
  ATTEMPT_COLUMNS,
  TASK_COLUMNS,
  toApiTask,
  type ApiTask,
  type AttemptRow,
  type TaskRow,
} from './task-object.ts';
import { checkOutputSchema, settleResult } from './output-schema.ts';
import type { TaskSql } from './task-sql.ts';
import { checkWebhookTarget, type ResolveHost } from './webhook-url.ts';

export type TaskServiceDeps = {
  db: Db;
  provider: VoiceProvider;
  now: () => Date;
  /** Public base of the task endpoints, e.g. https://<ref>.supabase.co/functions/v1/task. */
  taskBaseUrl: string;
  /** Where the provider posts its server messages (the voice-events function). */
  voiceEventsUrl: string;
  /** Local stack only: plain-http webhooks to loopback and private addresses. */
  allowPrivateWebhooks: boolean;
  /** Resolves a webhook_url's host at creation (the functions pass Deno's resolver). */
  resolveHost: ResolveHost;
  /** Runs work after the response is sent (the edge runtime's waitUntil); placement uses it. */
  afterResponse?: (label: string, work: () => Promise<unknown>) => void;
  /** The instance's task event notifications; waitForEnd waits on them. */
  events?: Pick<TaskEventHub, 'watch'>;
  /** The call path's hot reads over a direct database pool; without it, they go by PostgREST. */
  sql?: TaskSql | null;
};

/** Events read at once by a stream (it reads again for more). */
export const EVENT_BATCH_SIZE = 100;

export type TaskSource = 'api' | 'dashboard' | 'mcp' | 'sms';

const TASK_ID = /^task_[0-9A-Z]{26}$/;

type Accepted = {
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
};

type TaskWithAttempts = TaskRow & { task_attempts: AttemptRow[] };

type CreatedTask = { task: ApiTask; replayed: boolean; userId: string };

function encodeBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk)
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(binary);
}

function decodeBase64(text: string): Uint8Array<ArrayBuffer> {
  // PostgreSQL's encode(…, 'base64') wraps lines every 76 characters.
  const binary = atob(text.replace(/\s+/g, ''));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The API's error for a create that the database refused. */
function refusal(result: Accepted, phoneNumber: string): ApiError {
  switch (result.error) {
    case 'do_not_call':
      return doNotCallRefusal(phoneNumber, {
        source: result.source ?? 'account',
        listed_at: result.listed_at ?? '',
      });
    case 'rate_limited':
      return new ApiError(
        'rate_limited',
        result.limit === 'active_calls'
          ? 'At most 10 calls of one account can be queued, ringing or in progress at once. Try again when one ends.'
          : 'At most 60 create requests a minute per account (across all its API keys). Try again shortly.',
        undefined,
        { 'Retry-After': String(result.retry_after ?? 30) },
      );
    case 'idempotency_conflict':
      return new ApiError(
        'idempotency_conflict',
        'This Idempotency-Key was already used with a different request body in the last 24 hours.',
        'Idempotency-Key',
      );
    case 'call_window_never_open':
      return new ApiError(
        'invalid_request',
        `call_window is never open in all of the callee's time zones (${(result.time_zones ?? []).join(', ')}); widen it.`,
        'call_window',
      );
    case 'insufficient_credits':
      return new ApiError(
        'insufficient_credits',
        `This call needs $${Number(result.required_usd).toFixed(2)} of credits on hold (max_duration_minutes beyond your free minutes, at $0.01 a minute); $${Number(result.available_usd).toFixed(2)} is available. Add credits in the dashboard or lower max_duration_minutes.`,
      );
    default:
      return accountRefusal(result.error ?? 'unauthorized');
  }
}

export function createTaskService(deps: TaskServiceDeps) {
  const { db, provider } = deps;

  const afterResponse = deps.afterResponse ?? runAfterResponse;
  const sql = deps.sql ?? null;

  /** A task and its attempts in one query, so what the API shows is one consistent snapshot. */
  async function readTask(
    taskId: string,
  ): Promise<{ row: TaskRow; attempts: AttemptRow[] } | null> {
    if (sql) return await sql.readTask(taskId);
    const rows = must(
      await db
        .from('tasks')
        .select(`${TASK_COLUMNS}, task_attempts(${ATTEMPT_COLUMNS})`)
        .eq('id', taskId)
        .limit(1),
    ) as unknown as TaskWithAttempts[];
    const found = rows[0];
    if (!found) return null;
    const { task_attempts: attempts, ...row } = found;
    return { row, attempts: [...attempts].sort((a, b) => a.number - b.number) };
  }

  async function taskRow(taskId: string): Promise<TaskRow | null> {
    return (await readTask(taskId))?.row ?? null;
  }

  /** The caller's own task; another account's is "not found", never "forbidden". */
  async function ownTask(
    userId: string,
    taskId: string,
  ): Promise<{ row: TaskRow; attempts: AttemptRow[] }> {
    if (!TASK_ID.test(taskId))
      throw new ApiError('not_found', `No task ${taskId.slice(0, 64)} exists.`);
    const found = await readTask(taskId);
    if (!found || found.row.user_id !== userId)
      throw new ApiError('not_found', `No task ${taskId} exists.`);
    return found;
  }

  const apiTaskOf = (found: { row: TaskRow; attempts: AttemptRow[] }): ApiTask =>
    toApiTask(found.row, found.attempts, deps.taskBaseUrl);

  /** Applies a decided transition; false when the task moved on meanwhile (decide again). */
  async function apply(
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
  }

  function snapshot(row: TaskRow): TaskSnapshot {
    const last = row.transcript[row.transcript.length - 1];
    return {
      status: row.status as TaskStatus,
      currentAttempt: row.current_attempt,
      retryMaxAttempts: row.retry_max_attempts,
      retryIntervalMinutes: row.retry_interval_minutes,
      lastTurnEndMs: last ? last.end_ms : 0,
    };
  }

  const attemptSnapshot = (a: AttemptRow): AttemptSnapshot => ({
    number: a.number,
    status: a.status,
    answeredAt: a.answered_at,
    settled: a.settled_at !== null,
  });

  /** Decide-and-apply until it sticks: concurrent messages of one task are serialised by SQL. */
  async function transition(
    taskId: string,
    decideFrom: (row: TaskRow, attempts: AttemptRow[]) => Transition | null,
  ): Promise<boolean> {
    for (let i = 0; i < 8; i++) {
      const found = await readTask(taskId);
      if (!found) return false;
      const decided = decideFrom(found.row, found.attempts);
      if (!decided) return false;
      const result = await apply(taskId, decided);
      if (result !== 'stale') return result === 'applied';
    }
    throw new Error(`Task ${taskId} kept changing while a transition was applied`);
  }

  /** Best effort: the books are right already, and the provider's end report bills the call. */
  async function hangUp(
    taskId: string,
    call: { providerCallId: string; controlUrl: string | null },
  ) {
    await provider
      .endCall(call)
      .catch((error: Error) => console.error(`[task ${taskId}] hang-up failed: ${error.message}`));
  }

  /**
   * At the end of an attempt: the structured result, checked against the task's output_schema
   * (what does not fit is stored as null fields and a note), and the recording, copied from the
   * provider when the task asked for one. A report of an attempt that is no longer the task's, or
   * of a task that already ended, keeps nothing.
   */
  async function keepCallArtifacts(
    taskId: string,
    attemptNumber: number,
    event: Extract<VoiceEvent, { kind: 'ended' }>,
  ): Promise<void> {
    const found = await readTask(taskId);
    if (!found || found.row.current_attempt !== attemptNumber || isTerminal(found.row.status))
      return;
    const { row } = found;
    // The result is the task's, not an attempt's: an unanswered attempt that will be retried
    // leaves it as it is (null until the task ends).
    const attempt = found.attempts.find((a) => a.number === attemptNumber);
    const decided = attempt
      ? decide(snapshot(row), attemptSnapshot(attempt), event, deps.now())
      : null;
    const endsTask = decided?.plan.status !== undefined && isTerminal(decided.plan.status);
    if (row.output_schema && endsTask) {
      const settled = settleResult(row.output_schema, event.structuredResult);
      must(
        await db.rpc('task_save_result', {
          p_task_id: taskId,
          p_attempt: attemptNumber,
          p_result: settled.result,
          p_note: settled.note,
        }),
      );
    }
    if (row.record && event.recordingUrl) {
      try {
        const audio = await provider.downloadRecording(event.recordingUrl);
        must(
          await db.rpc('task_save_recording', {
            p_task_id: taskId,
            p_attempt: attemptNumber,
            p_audio_base64: encodeBase64(audio.bytes),
            p_content_type: audio.contentType,
            p_duration_seconds: event.durationSeconds,
          }),
        );
      } catch (error) {
        // The call's end must still be applied; the task then shows no recording_url.
        if (!(error instanceof ProviderError)) throw error;
        console.error(`[task ${taskId}] recording not kept: ${error.message}`);
      }
    }
  }

  /** Opens the next attempt and asks the provider to call; a refusal fails the task. */
  async function placeAttempt(taskId: string): Promise<void> {
    // The token travels with the attempt; only its hash is stored (per task, rotated per attempt).
    const token = randomToken();
    const begun = must(
      await db.rpc('task_begin_attempt', {
        p_task_id: taskId,
        p_token_hash: await sha256Hex(token),
      }),
    ) as { attempt?: number; task?: TaskRow; error?: string };
    if (!begun.attempt || !begun.task) return; // Canceled meanwhile, or another placement won.
    const attempt = begun.attempt;
    const row = begun.task;
    const serverUrl = `${deps.voiceEventsUrl}?task_id=${encodeURIComponent(taskId)}&attempt=${attempt}`;
    let placed;
    try {
      placed = await provider.placeCall({
        taskId,
        attempt,
        phoneNumber: row.phone_number,
        // Only a task that has not ended is placed, and its content is never erased before it ends.
        goal: row.goal ?? '',
        context: row.context,
        voice: row.voice,
        language: row.language,
        speakingStyle: row.speaking_style,
        firstSentence: row.first_sentence ?? '',
        maxDurationMinutes: row.max_duration_minutes,
        voicemail: { action: row.voicemail_action, message: row.voicemail_message },
        outputSchema: row.output_schema,
        record: row.record,
        serverUrl,
        serverToken: token,
      });
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      await transition(taskId, (current, attempts) => {
        const opened = attempts.find((a) => a.number === attempt);
        return opened
          ? decidePlacementFailure(
              snapshot(current),
              attemptSnapshot(opened),
              'The voice provider could not place the call.',
              deps.now(),
            )
          : null;
      });
      return;
    }
    const recorded = must(
      await db.rpc('task_attempt_placed', {
        p_task_id: taskId,
        p_attempt: attempt,
        p_provider_call_id: placed.providerCallId,
        p_control_url: placed.controlUrl,
      }),
    ) as { hang_up: boolean };
    // Canceled while the provider was dialling: end the call now.
    if (recorded.hang_up) await hangUp(taskId, placed);
  }

  const checkWebhookUrl = (url: string) =>
    checkWebhookTarget(url, { allowPrivate: deps.allowPrivateWebhooks, resolve: deps.resolveHost });

  /** Validates a create body into the row task_accept records; defaults are filled in SQL. */
  async function prepareTask(
    body: unknown,
    options: {
      idempotencyKey: string | null;
      source?: TaskSource;
      /** A batch checks each distinct webhook_url once for all its rows. */
      checkWebhook?: (url: string) => Promise<string>;
    },
  ) {
    rejectControlCharacters(body);
    const input: CreateTaskInput = parseOrThrow(createTaskSchema, body);
    const outputSchema =
      input.output_schema === undefined ? null : checkOutputSchema(input.output_schema);
    const checkWebhook = options.checkWebhook ?? checkWebhookUrl;
    const webhookUrl = input.webhook_url ? await checkWebhook(input.webhook_url) : null;
    const key = options.idempotencyKey;
    if (key !== null && (key.length === 0 || key.length > 255))
      throw new ApiError(
        'invalid_request',
        'Idempotency-Key must be 1 to 255 characters',
        'Idempotency-Key',
      );
    if (key !== null) rejectControlCharacters(key, ['Idempotency-Key']);
    const scheduleAt = input.schedule_at ? new Date(input.schedule_at) : null;
    if (scheduleAt) {
      const ahead = scheduleAt.getTime() - deps.now().getTime();
      if (ahead > MAX_SCHEDULE_DAYS * 86_400_000)
        throw new ApiError(
          'invalid_request',
          `schedule_at must be at most ${MAX_SCHEDULE_DAYS} days ahead`,
          'schedule_at',
        );
      if (ahead < -5 * 60_000)
        throw new ApiError(
          'invalid_request',
          'schedule_at is in the past; leave it out to call as soon as the calling window allows',
          'schedule_at',
        );
    }
    const task = {
      id: newTaskId(deps.now().getTime()),
      source: options.source ?? 'api',
      phone_number: input.phone_number,
      goal: input.goal ?? input.task,
      context: input.context ?? {},
      metadata: input.metadata ?? {},
      voice: input.voice ?? null,
      language: input.language ?? null,
      speaking_style: input.speaking_style ?? null,
      first_sentence: input.first_sentence ?? null,
      max_duration_minutes: input.max_duration_minutes ?? 10,
      voicemail_action: input.voicemail?.action ?? 'hang_up',
      voicemail_message:
        input.voicemail?.action === 'leave_message' ? input.voicemail.message : null,
      retry_max_attempts: input.retry?.max_attempts ?? 3,
      retry_interval_minutes: input.retry?.interval_minutes ?? 30,
      webhook_url: webhookUrl,
      call_window_start: input.call_window?.start ?? null,
      call_window_end: input.call_window?.end ?? null,
      schedule_at: scheduleAt?.toISOString() ?? null,
      output_schema: outputSchema,
      record: input.record ?? false,
      recording_retention_days: input.recording_retention_days ?? 30,
      // Replaced with the hash of a fresh token when each attempt is placed.
      provider_token_hash: await sha256Hex(randomToken()),
    };
    return { task, requestHash: await sha256Hex(canonicalJson(body)) };
  }

  /** The answer of task_accept / task_create: the new task, a replay, or the API's refusal. */
  async function accepted(result: Accepted, phoneNumber: string): Promise<CreatedTask> {
    if (result.error) throw refusal(result, phoneNumber);
    if (result.replayed && result.task_id) {
      const found = await readTask(result.task_id);
      if (!found) throw new Error(`Replayed task ${result.task_id} is missing`);
      return { task: apiTaskOf(found), replayed: true, userId: found.row.user_id };
    }
    const row = result.task;
    if (!row) throw new Error('task_accept returned no task');
    const taskId = row.id;
    // A scheduled task is placed by the dispatcher when its calling window opens.
    if (row.status === 'queued')
      afterResponse(`task ${taskId} placement`, () => placeAttempt(taskId));
    return { task: toApiTask(row, [], deps.taskBaseUrl), replayed: false, userId: row.user_id };
  }

  return {
    placeAttempt,
    prepareTask,
    checkWebhookUrl,
    hangUp,

    /**
     * POST /task with an API key: one database round trip authenticates, checks the limits,
     * holds the money and records the task; the call is placed after the response.
     */
    async createWithKey(
      apiKey: string,
      body: unknown,
      options: { idempotencyKey: string | null },
    ): Promise<CreatedTask> {
      let prepared;
      try {
        prepared = await prepareTask(body, { idempotencyKey: options.idempotencyKey });
      } catch (error) {
        // A caller without a valid key learns that first, whatever its body.
        if (error instanceof ApiError) await authenticateKey(db, apiKey);
        throw error;
      }
      return accepted(
        must(
          await db.rpc('task_create', {
            p_api_key: apiKey,
            p_task: prepared.task,
            p_idempotency_key: options.idempotencyKey,
            p_request_hash: prepared.requestHash,
          }),
        ) as Accepted,
        prepared.task.phone_number,
      );
    },

    /** A task for an account already authenticated (MCP, SMS, the dashboard). */
    async create(
      account: { userId: string; apiKeyId: string | null },
      body: unknown,
      options: { idempotencyKey: string | null; source?: TaskSource } = { idempotencyKey: null },
    ): Promise<CreatedTask> {
      const prepared = await prepareTask(body, options);
      return accepted(
        must(
          await db.rpc('task_accept', {
            p_user_id: account.userId,
            p_api_key_id: account.apiKeyId,
            p_task: prepared.task,
            p_idempotency_key: options.idempotencyKey,
            p_request_hash: prepared.requestHash,
          }),
        ) as Accepted,
        prepared.task.phone_number,
      );
    },

    async get(userId: string, taskId: string): Promise<ApiTask> {
      return apiTaskOf(await ownTask(userId, taskId));
    },

    /**
     * The audio of one of the account's recorded tasks while it is kept; anything else (another
     * account's task, not recorded, past its retention) is "not found".
     */
    async recording(
      userId: string,
      taskId: string,
    ): Promise<{ contentType: string; bytes: Uint8Array<ArrayBuffer> }> {
      if (!TASK_ID.test(taskId))
        throw new ApiError('not_found', `No task ${taskId.slice(0, 64)} exists.`);
      const found = must(
        await db.rpc('task_recording', {
          p_user_id: userId,
          p_task_id: taskId,
          p_now: deps.now().toISOString(),
        }),
      ) as { content_type: string; audio_base64: string } | null;
      if (!found) {
        const owned = await readTask(taskId);
        if (!owned || owned.row.user_id !== userId)
          throw new ApiError('not_found', `No task ${taskId} exists.`);
        throw new ApiError(
          'not_found',
          owned.row.record
            ? `Task ${taskId} has no recording: the call was not answered yet, or its retention ended.`
            : `Task ${taskId} was not recorded: create it with "record": true to keep the audio.`,
        );
      }
      return { contentType: found.content_type, bytes: decodeBase64(found.audio_base64) };
    },

    async list(userId: string, query: ListQuery) {
      let request = db
        .from('tasks')
        .select(`${TASK_COLUMNS}, task_attempts(${ATTEMPT_COLUMNS})`)
        .eq('user_id', userId)
        .order('id', { ascending: false })
        .limit(query.limit + 1);
      if (query.status) request = request.eq('status', query.status);
      if (query.batch_id) request = request.eq('batch_id', query.batch_id);
      if (query.starting_after) request = request.lt('id', query.starting_after);
      const rows = must(await request) as unknown as TaskWithAttempts[];
      const page = rows.slice(0, query.limit);
      const data = page.map(({ task_attempts: attempts, ...row }) =>
        toApiTask(row, attempts, deps.taskBaseUrl),
      );
      const hasMore = rows.length > query.limit;
      return {
        object: 'list' as const,
        data,
        has_more: hasMore,
        next_cursor: hasMore ? (page[page.length - 1]?.id ?? null) : null,
      };
    },

    /** Cancel wins at every moment: SQL decides, and names the live call to hang up if any. */
    async cancel(userId: string, taskId: string): Promise<ApiTask> {
      if (!TASK_ID.test(taskId))
        throw new ApiError('not_found', `No task ${taskId.slice(0, 64)} exists.`);
      const result = must(
        await db.rpc('task_cancel', { p_user_id: userId, p_task_id: taskId }),
      ) as {
        error?: string;
        status?: string;
        hang_up?: { provider_call_id: string; control_url: string | null } | null;
      };
      if (result.error === 'not_found')
        throw new ApiError('not_found', `No task ${taskId} exists.`);
      if (result.error)
        throw new ApiError(
          'task_not_cancelable',
          `This task already ended with status ${result.status}.`,
        );
      if (result.hang_up)
        await hangUp(taskId, {
          providerCallId: result.hang_up.provider_call_id,
          controlUrl: result.hang_up.control_url,
        });
      return apiTaskOf(await ownTask(userId, taskId));
    },

    /**
     * Holds until the task ends or `maxMs` passes; returns the task as it then is. Woken by the
     * instance's event notifications (deps.events), so a waiting request costs no query on a timer.
     */
    async waitForEnd(
      userId: string,
      taskId: string,
      maxMs: number,
    ): Promise<{ task: ApiTask; ended: boolean }> {
      const deadline = deps.now().getTime() + maxMs;
      let changed = true;
      let wakeUp = () => {};
      const unwatch = deps.events
        ? await deps.events.watch(taskId, () => {
            changed = true;
            wakeUp();
          })
        : null;
      try {
        for (;;) {
          changed = false;
          const found = await ownTask(userId, taskId);
          const ended = isTerminal(found.row.status);
          const left = deadline - deps.now().getTime();
          if (ended || left <= 0) return { task: apiTaskOf(found), ended };
          if (changed) continue; // News arrived during the read.
          await new Promise<void>((resolve) => {
            // Without a hub (a caller that built the service by hand), look again every second.
            const timer = setTimeout(resolve, unwatch ? left : Math.min(left, 1000));
            wakeUp = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wakeUp = () => {};
        }
      } finally {
        unwatch?.();
      }
    },

    /**
     * Events after `afterSeq`, oldest first; task.completed carries the final task object.
     * `ownerChecked`: the caller already knows the task is this user's (a live stream re-reading).
     */
    async eventsAfter(
      userId: string,
      taskId: string,
      afterSeq: number,
      options: { limit?: number; ownerChecked?: boolean } = {},
    ) {
      if (!options.ownerChecked) await ownTask(userId, taskId);
      const limit = options.limit ?? EVENT_BATCH_SIZE;
      const rows = sql
        ? await sql.eventsAfter(taskId, afterSeq, limit)
        : (must(
            await db
              .from('task_events')
              .select('seq, type, data, created_at')
              .eq('task_id', taskId)
              .gt('seq', afterSeq)
              .order('seq')
              .limit(limit),
          ) as { seq: number; type: string; data: Record<string, unknown>; created_at: string }[]);
      const events = [];
      for (const row of rows) {
        const data =
          row.type === 'task.completed' ? apiTaskOf((await readTask(taskId))!) : row.data;
        events.push({
          id: row.seq,
          type: row.type,
          task_id: taskId,
          created_at: row.created_at,
          data,
        });
      }
      return events;
    },

    /** A provider message for one attempt (voice-events), after its token was checked. */
    async applyVoiceEvent(
      taskId: string,
      attemptNumber: number,
      event: VoiceEvent,
    ): Promise<boolean> {
      // Kept before the end is applied, so task.completed already carries them.
      if (event.kind === 'ended') await keepCallArtifacts(taskId, attemptNumber, event);
      return transition(taskId, (row, attempts) => {
        const attempt = attempts.find((a) => a.number === attemptNumber);
        return attempt ? decide(snapshot(row), attemptSnapshot(attempt), event, deps.now()) : null;
      });
    },

    /**
     * The watchdog's verdict on a call nobody can account for: a live task fails, an ended one
     * has the attempt closed unbilled; either way the hold is released.
     */
    async failUnreconciled(taskId: string, attemptNumber: number, reason: string) {
      return transition(taskId, (row, attempts) => {
        const attempt = attempts.find((a) => a.number === attemptNumber);
        return attempt && row.current_attempt === attemptNumber
          ? decideUnreconciled(snapshot(row), attemptSnapshot(attempt), reason, deps.now())
          : null;
      });
    },

    /** One event as webhooks carry it (the SSE object); task.completed carries the final task. */
    async eventObject(taskId: string, seq: number) {
      const rows = must(
        await db
          .from('task_events')
          .select('seq, type, data, created_at')
          .eq('task_id', taskId)
          .eq('seq', seq)
          .limit(1),
      ) as { seq: number; type: string; data: Record<string, unknown>; created_at: string }[];
      const row = rows[0];
      if (!row) return null;
      const data = row.type === 'task.completed' ? apiTaskOf((await readTask(taskId))!) : row.data;
      return { id: row.seq, type: row.type, task_id: taskId, created_at: row.created_at, data };
    },

    /** The stored hash of a task's provider token (voice-events authenticates with it). */
    async providerTokenHash(taskId: string): Promise<string | null> {
      if (!TASK_ID.test(taskId)) return null;
      if (sql) return await sql.tokenHash(taskId);
      return (await taskRow(taskId))?.provider_token_hash ?? null;
    },
  };
}

export type TaskService = ReturnType<typeof createTaskService>;
