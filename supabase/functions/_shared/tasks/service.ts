// The task service's orchestration: create, get, list, cancel, the event log, placing attempts
// and applying provider messages, shared by the `task`, `voice-events`, MCP and SMS entries so
// nothing re-validates or re-prices. Rows and SQL calls are in task-repository.ts, the messages in
// task-wording.ts, the defaults of a new task in task-defaults.ts.
import { eventId } from '../events/event-id.ts';
import { withAgentFields, withDefaultAgent, type AgentLookup } from './agents.ts';
import type { FailureCode } from '../contract/call-outcomes.ts';
import { runAfterResponse, whileWaiting, type AfterResponse } from '../background.ts';
import type { Db } from '../db.ts';
import type { TaskEventHub } from '../events/task-event-hub.ts';
import { canonicalJson, newTaskId, randomToken, sha256Hex, timingSafeEqual } from '../ids.ts';
import { ServiceError } from '../errors.ts';
import { wordingFor } from '../contract/disclosures.ts';
import { ownedBy, type Owner } from '../accounts/session.ts';
import {
  ProviderError,
  ProviderLinesBusyError,
  type VoiceEvent,
  type VoiceProvider,
  type WebCallRequest,
} from '../voice/provider.ts';
import {
  decide,
  decidePlacementFailure,
  decideUnreconciled,
  isCalleeOptOut,
  isTerminal,
  type AttemptSnapshot,
  type TaskSnapshot,
  type Transition,
} from './status-machine.ts';
import {
  createTaskSchema,
  MAX_SCHEDULE_DAYS,
  parseOrThrow,
  rejectControlCharacters,
  type CreateTaskInput,
  type ListQuery,
} from './schema.ts';
import type { TaskStatus } from '../contract/task-vocabulary.ts';
import {
  isSimulatedTask,
  toApiTask,
  type ApiTask,
  type AttemptRow,
  type TaskRow,
} from './task-object.ts';
import { rejectDeepValue } from '../json-schema/json-depth.ts';
import {
  checkOutputSchema,
  type OutputSchema,
  settleResult,
} from '../json-schema/output-schema.ts';
import type { PendingCopy, Recordings, StoredRecording } from '../recordings/recordings.ts';
import { newTaskRow } from './task-defaults.ts';
import { createCallChecks } from './call-check.ts';
import {
  type Accepted,
  createTaskRepository,
  type NewTaskRow,
  type StoredTask,
} from './task-repository.ts';
import type { TaskEventRow, TaskSql } from './task-sql.ts';
import {
  badIdempotencyKey,
  notCancelable,
  noRecording,
  PLACEMENT_FAILED,
  refusal,
  scheduleInPast,
  scheduleTooFar,
  taskNotFound,
} from './task-wording.ts';
import { type ResolveHost, webhookTargetChecker } from '../webhooks/webhook-url.ts';
import type { TaskTool } from '../contract/task-tools.ts';
import type { NumberService } from './phone-numbers.ts';

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
  afterResponse?: AfterResponse;
  /** The instance's task event notifications; waitForEnd waits on them. */
  events?: Pick<TaskEventHub, 'watch'>;
  /** The call path's hot reads over a direct database pool; without it, they go by PostgREST. */
  sql?: TaskSql | null;
  /** Recordings in Storage: noted at a recorded call's end, copied after it, served. */
  recordings?: Recordings;
  /** The local stack: live calls go to the simulated network too, so they are `simulated`. */
  liveCallsSimulated?: boolean;
  /** Gives an account without a number its verified phone as caller ID (phone-numbers.ts). */
  callerNumbers?: Pick<NumberService, 'adoptVerifiedPhone'>;
};

/** Events read at once by a stream (it reads again for more). */
export const EVENT_BATCH_SIZE = 100;

/** The task a provider message is for, read when its token was checked. */
export type ProviderMessageTask = { taskId: string; attempt: number; found: StoredTask };

export type TaskSource = 'api' | 'dashboard' | 'mcp' | 'sms';

const TASK_ID = /^task_[0-9A-Z]{26}$/;

type CreatedTask = { task: ApiTask; replayed: boolean; userId: string };

/** A create body checked into the row task_accept records, and the hash its replays compare. */
export type PreparedTask = {
  task: NewTaskRow;
  requestHash: string;
  /**
   * The same body with the account's default agent's fields under its own, for a body that named
   * no agent (task_accept answers `default_agent` when the account has one).
   */
  withDefaultAgent?: (agentId: string) => Promise<PreparedTask>;
};

export function createTaskService(deps: TaskServiceDeps) {
  const { db, provider } = deps;
  const tasks = createTaskRepository(db, deps.sql ?? null);

  const afterResponse = deps.afterResponse ?? runAfterResponse;
  const liveCallsSimulated = deps.liveCallsSimulated ?? false;

  const readTask = (taskId: string) => tasks.read(taskId);

  /** The caller's own task of its mode; any other is "not found", never "forbidden". */
  async function ownTask(owner: Owner, taskId: string): Promise<StoredTask> {
    if (!TASK_ID.test(taskId)) throw taskNotFound(taskId);
    const found = await readTask(taskId);
    if (!found || !ownedBy(owner, found.row.user_id, found.row.livemode))
      throw taskNotFound(taskId);
    return found;
  }

  const apiTaskOf = (found: StoredTask): ApiTask =>
    toApiTask(found.row, found.attempts, deps.taskBaseUrl, liveCallsSimulated);

  /** A task's mode never changes: read once per task by this instance. */
  const modes = new Map<string, { livemode: boolean; simulated: boolean }>();
  async function modeOf(taskId: string, read?: StoredTask) {
    const known = modes.get(taskId);
    if (known) return known;
    const found = read ?? (await readTask(taskId));
    const livemode = found?.row.livemode ?? true;
    const mode = { livemode, simulated: isSimulatedTask({ livemode }, liveCallsSimulated) };
    if (modes.size >= 10_000) modes.clear();
    modes.set(taskId, mode);
    return mode;
  }

  /**
   * One event as streams and webhooks carry it, with the task's mode (livemode, simulated);
   * task.completed carries the final task.
   */
  async function eventObject(taskId: string, row: TaskEventRow) {
    const final = row.type === 'task.completed' ? await tasks.read(taskId, true) : null;
    const data = final ? apiTaskOf(final) : row.data;
    const mode = await modeOf(taskId, final ?? undefined);
    return {
      id: row.seq,
      event_id: eventId(taskId, row.seq),
      type: row.type,
      task_id: taskId,
      livemode: mode.livemode,
      simulated: mode.simulated,
      created_at: row.created_at,
      data,
    };
  }

  function snapshot(row: TaskRow): TaskSnapshot {
    const last = row.transcript[row.transcript.length - 1];
    return {
      status: row.status as TaskStatus,
      currentAttempt: row.current_attempt,
      retryMaxAttempts: row.retry_max_attempts,
      retryIntervalMinutes: row.retry_interval_minutes,
      retryWaitsCompressed: row.retry_waits_compressed === true,
      lastTurnEndMs: last ? last.end_ms : 0,
      voicemailAction: row.voicemail_action,
      simulated: isSimulatedTask(row, liveCallsSimulated),
      language: row.language,
      optedOut: row.opted_out === true,
    };
  }

  const attemptSnapshot = (a: AttemptRow): AttemptSnapshot => ({
    number: a.number,
    status: a.status,
    answeredAt: a.answered_at,
    settled: a.settled_at !== null,
  });

  /**
   * Decide-and-apply until it sticks: concurrent messages of one task are serialised by SQL. The
   * first round may use a task already read (and a decision already made from it); a stale
   * decision reads the task again.
   */
  async function transition(
    taskId: string,
    decideFrom: (row: TaskRow, attempts: AttemptRow[]) => Transition | null,
    first?: { decided: Transition | null },
  ): Promise<boolean> {
    for (let i = 0; i < 8; i++) {
      let decided: Transition | null;
      if (i === 0 && first) decided = first.decided;
      else {
        const found = await readTask(taskId);
        if (!found) return false;
        decided = decideFrom(found.row, found.attempts);
      }
      if (!decided) return false;
      const result = await tasks.apply(taskId, decided);
      if (result !== 'stale') return result === 'applied';
    }
    throw new Error(`Task ${taskId} kept changing while a transition was applied`);
  }

  /** Best effort: the books are right already, and the provider's end report bills the call. */
  async function hangUp(
    taskId: string,
    call: { providerCallId: string; controlUrl: string | null },
    farewell?: string,
  ) {
    await provider
      .endCall(call, farewell)
      .catch((error: Error) => console.error(`[task ${taskId}] hang-up failed: ${error.message}`));
  }

  /**
   * At the end of an attempt: the structured result, checked against the task's output_schema
   * (what does not fit is stored as null fields and a note), and the recording to copy from the
   * provider when the task asked for one (answered: the copy to run once the end is applied). A
   * report of an attempt that is no longer the task's, or of a task that already ended, keeps
   * nothing; the result is kept only when the end's decision ends the task.
   */
  async function keepCallArtifacts(
    found: StoredTask,
    attemptNumber: number,
    event: Extract<VoiceEvent, { kind: 'ended' }>,
    decided: Transition | null,
  ): Promise<PendingCopy | null> {
    const { row } = found;
    const taskId = row.id;
    if (row.current_attempt !== attemptNumber || isTerminal(row.status)) return null;
    // The result is the task's, not an attempt's: an unanswered attempt that will be retried
    // leaves it as it is (null until the task ends).
    const endsTask = decided?.plan.status !== undefined && isTerminal(decided.plan.status);
    if (row.output_schema && endsTask) {
      await tasks.saveResult(
        taskId,
        attemptNumber,
        settleResult(row.output_schema, event.structuredResult),
      );
    }
    // The audio is only noted here (pending); it is copied once the end is applied.
    // A callee who declined the recording is never recorded, whatever the provider kept.
    if (
      row.record &&
      event.recordingUrl &&
      event.recordingConsent !== 'declined' &&
      deps.recordings
    )
      return await deps.recordings.begin(
        taskId,
        attemptNumber,
        event.recordingUrl,
        event.durationSeconds,
      );
    return null;
  }

  /** The agent of one attempt of a task, as the provider is asked to place it. */
  function agentOf(row: TaskRow, attempt: number, token: string): WebCallRequest {
    return {
      taskId: row.id,
      attempt,
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
      // The urls stay with us: the provider asks voice-events, which calls them.
      transfer: row.transfer ?? null,
      tools: (row.tools ?? []).map(({ name, description, parameters }) => ({
        name,
        description,
        parameters,
      })),
      record: row.record,
      // A task of an agent may search the agent's documents (none found is an answer too).
      knowledge: row.agent_id != null,
      testScenario: row.livemode ? null : (row.test_scenario ?? null),
      purpose: row.purpose ?? 'informational',
      offer: row.offer ?? null,
      disclosureFacts: row.disclosure_facts ?? { business_name: null, callback_number: null },
      serverUrl: `${deps.voiceEventsUrl}?task_id=${encodeURIComponent(row.id)}&attempt=${attempt}`,
      serverToken: token,
      livemode: row.livemode,
    };
  }

  /** The provider would not place the attempt: the task fails (placement_failed). */
  async function failPlacement(taskId: string, attempt: number) {
    await transition(taskId, (current, attempts) => {
      const opened = attempts.find((a) => a.number === attempt);
      return opened
        ? decidePlacementFailure(
            snapshot(current),
            attemptSnapshot(opened),
            PLACEMENT_FAILED,
            deps.now(),
          )
        : null;
    });
  }

  /**
   * Opens a live browser call (begun in SQL, its attempt open) at the provider, with the token
   * its messages will carry: answers where the browser connects its audio. A refusal fails the
   * task and answers rate_limited (the provider's lines are busy, or it could not open the call).
   */
  async function placeWebCall(taskId: string, token: string): Promise<string> {
    const found = await readTask(taskId);
    if (!found) throw taskNotFound(taskId);
    try {
      const placed = await provider.placeWebCall(agentOf(found.row, 1, token));
      const recorded = await tasks.attemptPlaced(taskId, 1, placed);
      if (recorded.hang_up) await hangUp(taskId, placed);
      return placed.websocketUrl;
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      console.warn(`[task ${taskId}] browser call not opened: ${error.message}`);
      await failPlacement(taskId, 1);
      throw new ServiceError(
        'rate_limited',
        error instanceof ProviderLinesBusyError
          ? 'Every line of the voice provider is busy; try the browser call again in a minute.'
          : 'The voice provider could not open the browser call just now; try again in a minute.',
        { retryAfterSeconds: 60 },
      );
    }
  }

  /** Words the user typed into a live browser call, sent to the provider's call as theirs. */
  async function sayInLiveCall(found: StoredTask, text: string) {
    const attempt = found.attempts.find((a) => a.number === found.row.current_attempt);
    if (!attempt?.provider_call_id)
      throw new ServiceError(
        'invalid_request',
        'This browser call has not connected yet: connect its WebSocket first.',
      );
    await provider
      .addUserMessage(
        { providerCallId: attempt.provider_call_id, controlUrl: attempt.provider_control_url },
        text,
      )
      .catch((error: unknown) => {
        if (!(error instanceof ProviderError)) throw error;
        // The provider answers 404 for a call that has ended.
        throw new ServiceError(
          'invalid_request',
          error.status === 404
            ? 'This browser call has ended. Start a new one with POST /task/web-calls.'
            : 'The voice provider did not take your words just now; try again.',
        );
      });
  }

  /**
   * Opens the next attempt and asks the provider to call; a refusal fails the task, except the
   * provider's lines being busy, which puts the task back to wait for one.
   */
  async function placeAttempt(taskId: string): Promise<void> {
    // The token travels with the attempt; only its hash is stored (per task, rotated per attempt).
    const token = randomToken();
    const begun = await tasks.beginAttempt(taskId, await sha256Hex(token));
    if (!begun.attempt || !begun.task) return; // Canceled meanwhile, or another placement won.
    const attempt = begun.attempt;
    const row = begun.task;
    // Only phone calls are placed; a browser call is played as it is said (web-calls.ts).
    if (row.phone_number === null) return;
    let placed;
    try {
      placed = await provider.placeCall({
        ...agentOf(row, attempt, token),
        phoneNumber: row.phone_number,
        callerPhoneNumberId: row.livemode ? (begun.caller_provider_id ?? null) : null,
      });
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      if (error instanceof ProviderLinesBusyError) {
        // Not a failure: the attempt is undone and the task waits for a line again.
        console.warn(`[task ${taskId}] ${error.message}; waiting for a line`);
        await tasks.placementRefused(taskId, attempt);
        return;
      }
      await failPlacement(taskId, attempt);
      return;
    }
    const recorded = await tasks.attemptPlaced(taskId, attempt, placed);
    // Canceled while the provider was dialling: end the call now.
    if (recorded.hang_up) await hangUp(taskId, placed);
  }

  /** A tool URL's refusal, naming the tool's field instead of webhook_url. */
  const asToolUrlError = (error: unknown, index: number) =>
    error instanceof ServiceError
      ? new ServiceError(error.code, error.message.replace(/^webhook_url/, `tools.${index}.url`), {
          field: `tools.${index}.url`,
        })
      : error;

  /** The webhook and tool URL checks of one request (each host looked up once). */
  const webhookChecker = () =>
    webhookTargetChecker({ allowPrivate: deps.allowPrivateWebhooks, resolve: deps.resolveHost });

  /**
   * A task's (or an inbound agent's) tools as they are kept: each url called like a webhook (the
   * same SSRF guard, every host looked up at once), its parameters a schema of the same subset as
   * output_schema; a refusal names the first bad tool's field. Null for none.
   */
  async function checkTools(
    toolInputs: readonly { name: string; description: string; parameters: unknown; url: string }[],
    checkWebhook: (url: string) => Promise<string> = webhookChecker().check,
    checkSchema: (schema: unknown, field?: string) => OutputSchema = checkOutputSchema,
  ): Promise<TaskTool[] | null> {
    const verdicts = await Promise.allSettled(toolInputs.map((tool) => checkWebhook(tool.url)));
    return toolInputs.length
      ? toolInputs.map((tool, index) => {
          const parameters = checkSchema(tool.parameters, `tools.${index}.parameters`);
          const verdict = verdicts[index]!;
          if (verdict.status === 'rejected') throw asToolUrlError(verdict.reason, index);
          return { name: tool.name, description: tool.description, parameters, url: verdict.value };
        })
      : null;
  }

  /** Validates a create body into the row task_accept records; defaults are filled in SQL. */
  async function prepareTask(
    body: unknown,
    options: {
      idempotencyKey: string | null;
      source?: TaskSource;
      /** A batch checks each distinct webhook_url once for all its rows. */
      checkWebhook?: (url: string) => Promise<string>;
      /** And each distinct output_schema (and tool parameters, named by `field`). */
      checkSchema?: (schema: unknown, field?: string) => OutputSchema;
      /**
       * A row of a batch: the batch walked its whole body (depth, control characters) and hashes
       * it once for replays, so the row is neither walked again nor hashed (requestHash is empty).
       */
      batchRow?: boolean;
      /** Finds the agent a body names (`agent_id`), as the caller's account has it. */
      agents?: AgentLookup;
    },
  ): Promise<PreparedTask> {
    if (!options.batchRow) {
      rejectDeepValue(body);
      rejectControlCharacters(body);
    }
    const namesNoAgent =
      !!body &&
      typeof body === 'object' &&
      !Array.isArray(body) &&
      (body as Record<string, unknown>).agent_id === undefined;
    // The same body with the default agent's fields; the body as sent is what a replay must match.
    const withAgent = async (agentId: string, requestHash: string): Promise<PreparedTask> => ({
      ...(await prepareTask({ ...(body as object), agent_id: agentId }, options)),
      requestHash,
    });
    // The agent's fields under the body's own.
    let input: CreateTaskInput;
    try {
      input = parseOrThrow(createTaskSchema, await withAgentFields(body, options.agents));
    } catch (error) {
      // A body that lacks what the account's default agent gives (its goal) is taken with it.
      const defaultAgent =
        error instanceof ServiceError && namesNoAgent && !options.batchRow
          ? await options.agents?.defaultAgent()
          : null;
      if (!defaultAgent) throw error;
      return await withAgent(defaultAgent, await sha256Hex(canonicalJson(body)));
    }
    const checkSchema = options.checkSchema ?? checkOutputSchema;
    const outputSchema =
      input.output_schema === undefined ? null : checkSchema(input.output_schema);
    const checkWebhook = options.checkWebhook ?? webhookChecker().check;
    // A tool's url is called like a webhook (the same SSRF guard); its parameters are a schema of
    // the same subset as output_schema. Every URL's host is looked up at once, and a refusal
    // names the first field in the body's order.
    const [webhookVerdict, toolsVerdict] = await Promise.allSettled([
      input.webhook_url ? checkWebhook(input.webhook_url) : Promise.resolve(null),
      checkTools(input.tools ?? [], checkWebhook, checkSchema),
    ]);
    if (webhookVerdict!.status === 'rejected') throw webhookVerdict!.reason;
    if (toolsVerdict!.status === 'rejected') throw toolsVerdict!.reason;
    const webhookUrl = webhookVerdict!.value;
    const tools = toolsVerdict!.value;
    const key = options.idempotencyKey;
    if (key !== null && (key.length === 0 || key.length > 255)) throw badIdempotencyKey();
    if (key !== null) rejectControlCharacters(key, ['Idempotency-Key']);
    const scheduleAt = input.schedule_at ? new Date(input.schedule_at) : null;
    if (scheduleAt) {
      // On a test clock, schedule_at reads on that clock.
      const clockNow =
        input.test_clock && input.test_clock !== 'open'
          ? Date.parse(input.test_clock)
          : deps.now().getTime();
      const ahead = scheduleAt.getTime() - clockNow;
      if (ahead > MAX_SCHEDULE_DAYS * 86_400_000) throw scheduleTooFar(MAX_SCHEDULE_DAYS);
      if (ahead < -5 * 60_000) throw scheduleInPast();
    }
    const task = newTaskRow(input, {
      id: newTaskId(deps.now().getTime()),
      source: options.source ?? 'api',
      webhookUrl,
      outputSchema,
      tools,
      scheduleAt,
      // Each attempt stores the hash of its own fresh token; until the first, 32 random bytes
      // stand in: a hash of no token anyone holds, without hashing (a batch makes 1,000).
      providerTokenHash: randomToken(32),
    });
    const requestHash = options.batchRow ? '' : await sha256Hex(canonicalJson(body));
    // A batch's rows are asked about once, for the whole batch (prepareBatch).
    if (!options.agents || !namesNoAgent || options.batchRow) return { task, requestHash };
    return {
      task: { ...task, takes_default_agent: true },
      requestHash,
      withDefaultAgent: (agentId) => withAgent(agentId, requestHash),
    };
  }

  /**
   * Runs a create (a task's or a batch's); a live one refused for want of a number of the
   * account's own runs again once the account's verified phone became its caller ID, or once
   * another request of the account made it so meanwhile.
   */
  async function withCallerNumber<T extends { error?: string; user_id?: string }>(
    create: () => Promise<T>,
  ): Promise<T> {
    const result = await create();
    if (result.error !== 'caller_number_required' || !result.user_id || !deps.callerNumbers)
      return result;
    await deps.callerNumbers.adoptVerifiedPhone(result.user_id);
    return await create();
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
    // A scheduled task is placed by the dispatcher when its calling window opens; one awaiting a
    // slot (its number is being called now) when the dispatcher admits it.
    if (row.status === 'queued' && !row.awaiting_slot)
      afterResponse(`task ${taskId} placement`, () => placeAttempt(taskId));
    return {
      task: toApiTask(row, [], deps.taskBaseUrl, liveCallsSimulated),
      replayed: false,
      userId: row.user_id,
    };
  }

  return {
    placeAttempt,
    placeWebCall,
    sayInLiveCall,
    /** A task of the caller's mode as stored (any other account's is "not found"). */
    ownTask,
    prepareTask,
    checkTools,
    withCallerNumber,
    /** Why the task's transfer may not ring its target at this moment, or null when it may. */
    transferRefusal: (taskId: string) => tasks.transferRefusal(taskId),
    /** POST /task/check and GET /task/rules: what a create would decide, creating nothing. */
    ...createCallChecks(db, prepareTask),
    webhookChecker,
    hangUp,

    /**
     * POST /task with an API key, once the body was checked (prepareTask): one database round trip
     * authenticates, checks the limits, holds the money and records the task; the call is placed
     * after the response.
     */
    async createWithKey(
      apiKey: string,
      prepared: PreparedTask,
      options: { idempotencyKey: string | null },
    ): Promise<CreatedTask> {
      return accepted(
        await withDefaultAgent(prepared, (chosen) =>
          withCallerNumber(() =>
            tasks.createWithKey(apiKey, chosen.task, options.idempotencyKey, chosen.requestHash),
          ),
        ),
        prepared.task.phone_number,
      );
    },

    /** A checked task (prepareTask) for an account already authenticated (a session). */
    async accept(
      account: { userId: string; apiKeyId: string | null; livemode?: boolean },
      prepared: PreparedTask,
      options: { idempotencyKey: string | null },
    ): Promise<CreatedTask> {
      return accepted(
        await withDefaultAgent(prepared, (chosen) =>
          withCallerNumber(() =>
            tasks.accept(account, chosen.task, options.idempotencyKey, chosen.requestHash),
          ),
        ),
        prepared.task.phone_number,
      );
    },

    /** A task for an account already authenticated (MCP, SMS). */
    async create(
      account: { userId: string; apiKeyId: string | null; livemode?: boolean },
      body: unknown,
      options: {
        idempotencyKey: string | null;
        source?: TaskSource;
        agents?: AgentLookup;
        /** A test run's scripted callee for this test call (agents' test suites). */
        testScenario?: Record<string, unknown>;
      } = {
        idempotencyKey: null,
      },
    ): Promise<CreatedTask> {
      const prepared = await prepareTask(body, options);
      if (options.testScenario)
        prepared.task = { ...prepared.task, test_scenario: options.testScenario };
      return accepted(
        await withDefaultAgent(prepared, (chosen) =>
          withCallerNumber(() =>
            tasks.accept(account, chosen.task, options.idempotencyKey, chosen.requestHash),
          ),
        ),
        prepared.task.phone_number,
      );
    },

    async get(owner: Owner, taskId: string): Promise<ApiTask> {
      return apiTaskOf(await ownTask(owner, taskId));
    },

    /**
     * The audio of one of the account's recorded tasks while it is kept; anything else (another
     * account's task, not recorded, past its retention) is "not found".
     */
    async recording(owner: Owner, taskId: string): Promise<StoredRecording> {
      const owned = await ownTask(owner, taskId);
      const found = await deps.recordings?.locate(owner.userId, taskId, deps.now());
      if (found) return found;
      throw noRecording(taskId, owned.row.record);
    },

    /** The bytes of a located recording (or one range of them), streamed from Storage. */
    async openRecording(found: StoredRecording, range?: { start: number; end: number }) {
      if (!deps.recordings) throw new Error('Recordings are not wired in this function');
      return await deps.recordings.open(found.objectPath, range);
    },

    async list(userId: string, query: ListQuery, livemode = true) {
      const rows = await tasks.list(userId, query, livemode);
      const page = rows.slice(0, query.limit);
      const hasMore = rows.length > query.limit;
      return {
        object: 'list' as const,
        data: page.map(apiTaskOf),
        has_more: hasMore,
        next_cursor: hasMore ? (page[page.length - 1]?.row.id ?? null) : null,
      };
    },

    /** Cancel wins at every moment: SQL decides, and names the live call to hang up if any. */
    async cancel(owner: Owner, taskId: string): Promise<ApiTask> {
      await ownTask(owner, taskId);
      const result = await tasks.cancel(owner.userId, taskId);
      if (result.error === 'not_found') throw taskNotFound(taskId);
      if (result.error) throw notCancelable(result.status);
      if (result.hang_up)
        await hangUp(taskId, {
          providerCallId: result.hang_up.provider_call_id,
          controlUrl: result.hang_up.control_url,
        });
      return apiTaskOf(await ownTask(owner, taskId));
    },

    /**
     * Holds until the task ends or `maxMs` passes; returns the task as it then is. Woken by the
     * instance's event notifications (deps.events), so a waiting request costs no query on a timer.
     */
    async waitForEnd(
      owner: Owner,
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
          const found = await ownTask(owner, taskId);
          const ended = isTerminal(found.row.status);
          const left = deadline - deps.now().getTime();
          if (ended || left <= 0) return { task: apiTaskOf(found), ended };
          if (changed) continue; // News arrived during the read.
          await whileWaiting(
            new Promise<void>((resolve) => {
              // Without a hub (a caller that built the service by hand), look again every second.
              const timer = setTimeout(resolve, unwatch ? left : Math.min(left, 1000));
              wakeUp = () => {
                clearTimeout(timer);
                resolve();
              };
            }),
          );
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
      owner: Owner,
      taskId: string,
      afterSeq: number,
      options: { limit?: number; ownerChecked?: boolean } = {},
    ) {
      if (!options.ownerChecked) await modeOf(taskId, await ownTask(owner, taskId));
      const limit = options.limit ?? EVENT_BATCH_SIZE;
      const rows = await tasks.eventsAfter(taskId, afterSeq, limit);
      const events = [];
      for (const row of rows) events.push(await eventObject(taskId, row));
      return events;
    },

    /**
     * The task a provider message is for, read once, when the message carries that task's token
     * (only its hash is stored); the message is then applied to this read.
     */
    async providerMessageTask(
      taskId: string,
      attempt: number,
      token: string,
    ): Promise<ProviderMessageTask> {
      const valid = TASK_ID.test(taskId) && Number.isInteger(attempt) && attempt >= 1 && token;
      const found = valid ? await readTask(taskId) : null;
      if (
        !found?.row.provider_token_hash ||
        !timingSafeEqual(await sha256Hex(token), found.row.provider_token_hash)
      )
        throw new ServiceError('unauthorized', 'Unknown task or wrong token.');
      return { taskId, attempt, found };
    },

    /**
     * A provider message for one attempt (voice-events, or the watchdog's reconciliation): the
     * task is read once (or was, with the message's token) and the status machine decides once;
     * only a decision made stale by a concurrent message reads and decides again.
     */
    async applyVoiceEvent(
      taskId: string,
      attemptNumber: number,
      event: VoiceEvent,
      read?: StoredTask,
    ): Promise<boolean> {
      const decideFrom = (row: TaskRow, attempts: AttemptRow[]) => {
        const attempt = attempts.find((a) => a.number === attemptNumber);
        return attempt ? decide(snapshot(row), attemptSnapshot(attempt), event, deps.now()) : null;
      };
      const found = read ?? (await readTask(taskId));
      if (!found) return false;
      const decided = decideFrom(found.row, found.attempts);
      // Kept before the end is applied, so task.completed already carries the result.
      const copy =
        event.kind === 'ended'
          ? await keepCallArtifacts(found, attemptNumber, event, decided)
          : null;
      const applied = await transition(taskId, decideFrom, { decided });
      // An opt-out by keypad or in words is the platform's to act on, not the model's: once the
      // number is listed, the agent says so in the call's language and the call ends.
      const pressed = found.attempts.find((a) => a.number === attemptNumber);
      if (applied && isCalleeOptOut(event, found.row.language) && pressed?.provider_call_id)
        await hangUp(
          taskId,
          { providerCallId: pressed.provider_call_id, controlUrl: pressed.provider_control_url },
          wordingFor(found.row.language).optedOut,
        );
      // The audio is copied only after the end is applied: however the copy goes, the call has
      // ended and been billed; a failed copy is retried by the dispatcher.
      const recordings = deps.recordings;
      if (copy && recordings)
        afterResponse(`task ${taskId} recording`, () => recordings.copy(copy));
      return applied;
    },

    /**
     * The watchdog's verdict on a call nobody can account for: a live task fails, an ended one
     * has the attempt closed unbilled; either way the hold is released.
     */
    async failUnreconciled(taskId: string, attemptNumber: number, reason: FailureCode) {
      return transition(taskId, (row, attempts) => {
        const attempt = attempts.find((a) => a.number === attemptNumber);
        return attempt && row.current_attempt === attemptNumber
          ? decideUnreconciled(snapshot(row), attemptSnapshot(attempt), reason, deps.now())
          : null;
      });
    },

    /** One event as webhooks carry it (the SSE object); task.completed carries the final task. */
    async eventObject(taskId: string, seq: number) {
      const row = await tasks.event(taskId, seq);
      return row ? await eventObject(taskId, row) : null;
    },
  };
}

export type TaskService = ReturnType<typeof createTaskService>;
