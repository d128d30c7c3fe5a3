// The task service: create, get, list, cancel, the event log, and applying provider messages.
// Plain functions over their dependencies (database, voice provider, clock), shared by the
// `task`, `voice-events`, MCP and SMS entries, so nothing re-validates or re-prices.
import { refuseListedNumber } from '../callee-protection/do-not-call.ts';
import { type Db, must } from '../db.ts';
import { ApiError } from '../http/errors.ts';
import { canonicalJson, newTaskId, randomToken, sha256Hex } from '../ids.ts';
import { ProviderError, type VoiceEvent, type VoiceProvider } from '../voice/provider.ts';
import {
  decide,
  decideCancel,
  decidePlacementFailure,
  decideUnreconciled,
  isTerminal,
  type AttemptSnapshot,
  type TaskSnapshot,
  type Transition,
} from '../voice/status-machine.ts';
import {
  createTaskSchema,
  LANGUAGES,
  parseOrThrow,
  SPEAKING_STYLES,
  VOICES,
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
  sleep?: (ms: number) => Promise<void>;
};

export type TaskSource = 'api' | 'dashboard' | 'mcp' | 'sms';

const FIRST_SENTENCES: Record<string, (voice: string) => string> = {
  en: (voice) => `Hi, this is ${voice}, an AI assistant.`,
  es: (voice) => `Hola, le habla ${voice}, asistente virtual.`,
  fr: (voice) => `Bonjour, ${voice} à l'appareil, assistance virtuelle.`,
  de: (voice) => `Hallo, hier spricht ${voice}, ein KI-Assistent.`,
};

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createTaskService(deps: TaskServiceDeps) {
  const { db, provider } = deps;
  const sleep = deps.sleep ?? sleepFor;

  async function taskRow(taskId: string): Promise<TaskRow | null> {
    const rows = must(
      await db.from('tasks').select(TASK_COLUMNS).eq('id', taskId).limit(1),
    ) as unknown as TaskRow[];
    return rows[0] ?? null;
  }

  async function attemptRows(taskId: string): Promise<AttemptRow[]> {
    return must(
      await db.from('task_attempts').select(ATTEMPT_COLUMNS).eq('task_id', taskId).order('number'),
    ) as unknown as AttemptRow[];
  }

  async function apiTask(row: TaskRow): Promise<ApiTask> {
    return toApiTask(row, await attemptRows(row.id), deps.taskBaseUrl);
  }

  /** The caller's own task; another account's is "not found", never "forbidden". */
  async function ownTask(userId: string, taskId: string): Promise<TaskRow> {
    if (!/^task_[0-9A-Z]{26}$/.test(taskId))
      throw new ApiError('not_found', `No task ${taskId.slice(0, 64)} exists.`);
    const row = await taskRow(taskId);
    if (!row || row.user_id !== userId)
      throw new ApiError('not_found', `No task ${taskId} exists.`);
    return row;
  }

  async function agentDefaults(userId: string) {
    const rows = must(
      await db
        .from('agent_settings')
        .select('voice, language, speaking_style')
        .eq('user_id', userId)
        .limit(1),
    ) as { voice: string; language: string; speaking_style: string }[];
    const saved = rows[0];
    return {
      voice: saved && (VOICES as readonly string[]).includes(saved.voice) ? saved.voice : 'Aria',
      language:
        saved && (LANGUAGES as readonly string[]).includes(saved.language) ? saved.language : 'en',
      speaking_style:
        saved && (SPEAKING_STYLES as readonly string[]).includes(saved.speaking_style)
          ? saved.speaking_style
          : 'Professional',
    };
  }

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
      const row = await taskRow(taskId);
      if (!row) return false;
      const decided = decideFrom(row, await attemptRows(taskId));
      if (!decided) return false;
      const result = await apply(taskId, decided);
      if (result !== 'stale') return result === 'applied';
    }
    throw new Error(`Task ${taskId} kept changing while a transition was applied`);
  }

  /** Opens the next attempt and asks the provider to call; a refusal fails the task. */
  async function placeAttempt(taskId: string): Promise<void> {
    const begun = must(await db.rpc('task_begin_attempt', { p_task_id: taskId })) as {
      attempt?: number;
      error?: string;
    };
    if (!begun.attempt) return; // Not startable (canceled meanwhile, or another dispatcher won).
    const attempt = begun.attempt;
    const row = (await taskRow(taskId))!;
    const token = randomToken();
    // The token travels with the attempt; only its hash is stored (per task, rotated per attempt).
    must(
      await db
        .from('tasks')
        .update({ provider_token_hash: await sha256Hex(token) })
        .eq('id', taskId),
    );
    const serverUrl = `${deps.voiceEventsUrl}?task_id=${encodeURIComponent(taskId)}&attempt=${attempt}`;
    try {
      const placed = await provider.placeCall({
        taskId,
        attempt,
        phoneNumber: row.phone_number,
        goal: row.goal,
        context: row.context,
        voice: row.voice,
        language: row.language,
        speakingStyle: row.speaking_style,
        firstSentence: row.first_sentence,
        maxDurationMinutes: row.max_duration_minutes,
        voicemail: { action: row.voicemail_action, message: row.voicemail_message },
        serverUrl,
        serverToken: token,
      });
      must(
        await db.rpc('task_attempt_placed', {
          p_task_id: taskId,
          p_attempt: attempt,
          p_provider_call_id: placed.providerCallId,
          p_control_url: placed.controlUrl,
        }),
      );
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      await transition(taskId, (current) =>
        decidePlacementFailure(
          snapshot(current),
          attempt,
          'The voice provider could not place the call.',
          deps.now(),
        ),
      );
    }
  }

  return {
    placeAttempt,

    async create(
      account: { userId: string; apiKeyId: string | null },
      body: unknown,
      options: { idempotencyKey: string | null; source?: TaskSource } = { idempotencyKey: null },
    ): Promise<{ task: ApiTask; replayed: boolean }> {
      const input: CreateTaskInput = parseOrThrow(createTaskSchema, body);
      await refuseListedNumber(db, account.userId, input.phone_number);
      const webhookUrl = input.webhook_url
        ? await checkWebhookTarget(input.webhook_url, {
            allowPrivate: deps.allowPrivateWebhooks,
            resolve: deps.resolveHost,
          })
        : null;
      const key = options.idempotencyKey;
      if (key !== null && (key.length === 0 || key.length > 255))
        throw new ApiError(
          'invalid_request',
          'Idempotency-Key must be 1 to 255 characters',
          'Idempotency-Key',
        );

      const defaults = await agentDefaults(account.userId);
      const voice = input.voice ?? defaults.voice;
      const language = input.language ?? defaults.language;
      const taskId = newTaskId(deps.now().getTime());
      const task = {
        id: taskId,
        source: options.source ?? 'api',
        phone_number: input.phone_number,
        goal: input.goal ?? input.task,
        context: input.context ?? {},
        metadata: input.metadata ?? {},
        voice,
        language,
        speaking_style: input.speaking_style ?? defaults.speaking_style,
        first_sentence: input.first_sentence ?? FIRST_SENTENCES[language]!(voice),
        max_duration_minutes: input.max_duration_minutes ?? 10,
        voicemail_action: input.voicemail?.action ?? 'hang_up',
        voicemail_message:
          input.voicemail?.action === 'leave_message' ? input.voicemail.message : null,
        retry_max_attempts: input.retry?.max_attempts ?? 3,
        retry_interval_minutes: input.retry?.interval_minutes ?? 30,
        webhook_url: webhookUrl,
        // Replaced with the hash of a fresh token when each attempt is placed.
        provider_token_hash: await sha256Hex(randomToken()),
      };
      const accepted = must(
        await db.rpc('task_accept', {
          p_user_id: account.userId,
          p_api_key_id: account.apiKeyId,
          p_task: task,
          p_idempotency_key: key,
          p_request_hash: await sha256Hex(canonicalJson(body)),
        }),
      ) as {
        task_id?: string;
        replayed?: boolean;
        error?: string;
        retry_after?: number;
        limit?: string;
        required_usd?: number;
        available_usd?: number;
      };

      if (accepted.error === 'rate_limited')
        throw new ApiError(
          'rate_limited',
          accepted.limit === 'active_calls'
            ? 'At most 10 calls of one account can be queued, ringing or in progress at once. Try again when one ends.'
            : 'At most 60 create requests a minute per API key. Try again shortly.',
          undefined,
          { 'Retry-After': String(accepted.retry_after ?? 30) },
        );
      if (accepted.error === 'idempotency_conflict')
        throw new ApiError(
          'idempotency_conflict',
          'This Idempotency-Key was already used with a different request body in the last 24 hours.',
          'Idempotency-Key',
        );
      if (accepted.error === 'insufficient_credits')
        throw new ApiError(
          'insufficient_credits',
          `This call needs $${Number(accepted.required_usd).toFixed(2)} of credits on hold (max_duration_minutes beyond your free minutes, at $0.01 a minute); $${Number(accepted.available_usd).toFixed(2)} is available. Add credits in the dashboard or lower max_duration_minutes.`,
        );
      if (accepted.error || !accepted.task_id)
        throw new ApiError('unauthorized', 'This account cannot place calls.');

      if (!accepted.replayed) await placeAttempt(accepted.task_id);
      const row = (await taskRow(accepted.task_id))!;
      return { task: await apiTask(row), replayed: Boolean(accepted.replayed) };
    },

    async get(userId: string, taskId: string): Promise<ApiTask> {
      return apiTask(await ownTask(userId, taskId));
    },

    async list(userId: string, query: ListQuery) {
      let request = db
        .from('tasks')
        .select(TASK_COLUMNS)
        .eq('user_id', userId)
        .order('id', { ascending: false })
        .limit(query.limit + 1);
      if (query.status) request = request.eq('status', query.status);
      if (query.starting_after) request = request.lt('id', query.starting_after);
      const rows = must(await request) as unknown as TaskRow[];
      const page = rows.slice(0, query.limit);
      const attempts = page.length
        ? (must(
            await db
              .from('task_attempts')
              .select(ATTEMPT_COLUMNS)
              .in(
                'task_id',
                page.map((r) => r.id),
              ),
          ) as unknown as AttemptRow[])
        : [];
      const data = page.map((row) =>
        toApiTask(
          row,
          attempts.filter((a) => a.task_id === row.id),
          deps.taskBaseUrl,
        ),
      );
      const hasMore = rows.length > query.limit;
      return {
        object: 'list' as const,
        data,
        has_more: hasMore,
        next_cursor: hasMore ? (page[page.length - 1]?.id ?? null) : null,
      };
    },

    async cancel(userId: string, taskId: string): Promise<ApiTask> {
      await ownTask(userId, taskId);
      let liveCall: AttemptRow | null = null;
      let canceled = false;
      await transition(taskId, (row, attempts) => {
        const current = attempts.find((a) => a.number === row.current_attempt) ?? null;
        liveCall = current && !current.ended_at ? current : null;
        const decided = decideCancel(
          snapshot(row),
          current ? attemptSnapshot(current) : null,
          deps.now(),
        );
        canceled = decided !== null;
        return decided;
      });
      if (!canceled) {
        const row = await ownTask(userId, taskId);
        if (isTerminal(row.status))
          throw new ApiError(
            'task_not_cancelable',
            `This task already ended with status ${row.status}.`,
          );
      }
      const call = liveCall as AttemptRow | null;
      if (canceled && call?.provider_call_id) {
        // The task is canceled in our books already; hanging up is best effort, and the
        // provider's end report (billing what was talked) still arrives and is applied.
        await provider
          .endCall({ providerCallId: call.provider_call_id, controlUrl: call.provider_control_url })
          .catch((error: Error) =>
            console.error(`[task ${taskId}] hang-up failed: ${error.message}`),
          );
      }
      return apiTask(await ownTask(userId, taskId));
    },

    /** Holds until the task ends or `maxMs` passes; returns the task as it then is. */
    async waitForEnd(
      userId: string,
      taskId: string,
      maxMs: number,
    ): Promise<{ task: ApiTask; ended: boolean }> {
      const deadline = deps.now().getTime() + maxMs;
      for (;;) {
        const row = await ownTask(userId, taskId);
        const ended = isTerminal(row.status);
        if (ended || deps.now().getTime() >= deadline) return { task: await apiTask(row), ended };
        await sleep(Math.min(250, Math.max(0, deadline - deps.now().getTime())));
      }
    },

    /** Events after `afterSeq`, oldest first; task.completed carries the final task object. */
    async eventsAfter(userId: string, taskId: string, afterSeq: number, limit = 100) {
      await ownTask(userId, taskId);
      const rows = must(
        await db
          .from('task_events')
          .select('seq, type, data, created_at')
          .eq('task_id', taskId)
          .gt('seq', afterSeq)
          .order('seq')
          .limit(limit),
      ) as { seq: number; type: string; data: Record<string, unknown>; created_at: string }[];
      const events = [];
      for (const row of rows) {
        const data =
          row.type === 'task.completed' ? await apiTask((await taskRow(taskId))!) : row.data;
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
      return transition(taskId, (row, attempts) => {
        const attempt = attempts.find((a) => a.number === attemptNumber);
        return attempt ? decide(snapshot(row), attemptSnapshot(attempt), event, deps.now()) : null;
      });
    },

    /** The watchdog's verdict on a call nobody can account for: failed, hold released. */
    async failUnreconciled(taskId: string, attemptNumber: number, reason: string) {
      return transition(taskId, (row) =>
        row.current_attempt === attemptNumber
          ? decideUnreconciled(snapshot(row), attemptNumber, reason, deps.now())
          : null,
      );
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
      const data =
        row.type === 'task.completed' ? await apiTask((await taskRow(taskId))!) : row.data;
      return { id: row.seq, type: row.type, task_id: taskId, created_at: row.created_at, data };
    },

    /** The stored hash of a task's provider token (voice-events authenticates with it). */
    async providerTokenHash(taskId: string): Promise<string | null> {
      if (!/^task_[0-9A-Z]{26}$/.test(taskId)) return null;
      return (await taskRow(taskId))?.provider_token_hash ?? null;
    },
  };
}

export type TaskService = ReturnType<typeof createTaskService>;
