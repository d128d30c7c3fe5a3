import { DialwiseError, WaitTimeoutError } from './errors.js';
import { PageRequest } from './pagination.js';
import { readSse } from './sse.js';
import {
  isTerminal,
  type AddDocumentRequest,
  type Agent,
  type AgentDocument,
  type AgentVersion,
  type Batch,
  type BatchEvent,
  type CreateAgentRequest,
  type CreateTestSuiteRequest,
  type KnowledgePassage,
  type TestRun,
  type TestSuite,
  type UpdateAgentRequest,
  type CallCheck,
  type CreateBatchRequest,
  type CreateTaskRequest,
  type ListBatchesParams,
  type ListTasksParams,
  type Page,
  type AttestLegalBasisRequest,
  type LegalBasis,
  type Task,
  type TypedTaskEvent,
} from './types.js';
import {
  signWebhook,
  verifyWebhook,
  type SignOptions,
  type SignedWebhookHeaders,
  type VerifyOptions,
  type WebhookEvent,
  type WebhookHeaders,
} from './webhooks.js';

export type DialwiseOptions = {
  /** An API key from the dashboard: dw_live_… places real calls, dw_test_… simulated ones. */
  apiKey: string;
  /**
   * The API base URL the dashboard shows, ending in /functions/v1 (a URL ending in /task is
   * accepted too), e.g. https://<project>.supabase.co/functions/v1.
   */
  baseUrl: string;
  /** Retries of a request that failed to connect, timed out, answered 5xx or 429 (default 2). */
  maxRetries?: number;
  /**
   * How long one request may take before it is abandoned (DialwiseError `timeout`), default
   * 90 s: longer than the 60 s a `?wait=true` create is held. An event stream is bounded only
   * until its answer starts.
   */
  timeoutMs?: number;
  /** The fetch to use (default the global fetch of Node 18+, Deno, Bun and browsers). */
  fetch?: typeof fetch;
};

export type RequestOptions = {
  signal?: AbortSignal;
  /** This request's timeout, instead of the client's `timeoutMs`. */
  requestTimeoutMs?: number;
};

/** What the API answered besides the body: a result's `lastResponse` (never enumerated). */
export type ApiResponse = {
  status: number;
  headers: Headers;
  /** The Request-Id header: quote it to support. */
  requestId: string | null;
  /** The create was a replay of an earlier one with the same Idempotency-Key (200, not 201). */
  idempotentReplayed: boolean;
};

/** A result with the answer it came in. */
export type WithResponse<T> = T & { readonly lastResponse: ApiResponse };

export type CreateOptions = RequestOptions & {
  /**
   * Makes the create safe to retry: the same key and body within 24 h return the original task
   * (see Dialwise.idempotencyKey()). With retries on, the SDK sends one of its own when unset.
   */
  idempotencyKey?: string;
  /** Answer when the call has ended (the API's ?wait=true, then tasks.wait beyond its 60 s). */
  wait?: boolean;
  /** With wait: how long in all before WaitTimeoutError (default 15 minutes). */
  timeoutMs?: number;
};

export type WaitOptions = RequestOptions & {
  /** Default 15 minutes; then WaitTimeoutError with the task as last seen. */
  timeoutMs?: number;
  /** Between two reads of the task (default 1 s). */
  pollIntervalMs?: number;
};

export type StreamOptions = RequestOptions & {
  /** Start after this event (its `id`); the stream replays everything after it. */
  lastEventId?: string | number;
  /** Reconnects in a row without a new event before giving up (default 5). */
  maxReconnects?: number;
  /** Wait before a reconnect (default 1 s). */
  reconnectDelayMs?: number;
};

export type Recording = {
  /** 200, or 206 for a range. */
  status: number;
  contentType: string;
  /** The Content-Range header of a 206. */
  contentRange: string | null;
  data: Uint8Array;
};

type Query = Record<string, string | number | boolean | undefined>;
type Call = {
  query?: Query;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Safe to send again after a failure (a read, or a create with an Idempotency-Key). */
  retry?: boolean;
  timeoutMs?: number;
  /** The timeout also covers reading the body: the caller releases it (release()). */
  readsBody?: boolean;
};

/** One attempt's timeout: its signal aborts the request (and the body's reading). */
type Deadline = { signal: AbortSignal; timedOut: () => boolean; clear: () => void };

function deadline(ms: number, outer?: AbortSignal): Deadline {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error(`timed out after ${ms} ms`));
  }, ms);
  const onAbort = () => controller.abort(outer?.reason);
  if (outer?.aborted) onAbort();
  else outer?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    clear: () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
    },
  };
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;
/** Longer than the 60 s a ?wait=true create is held. */
const DEFAULT_TIMEOUT_MS = 90_000;
/** A Retry-After longer than this is handed to the caller instead of slept through. */
const LONGEST_RETRY_WAIT_S = 10;

type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export class Dialwise {
  readonly tasks: Tasks;
  readonly agents: Agents;
  readonly batches: Batches;
  readonly recordings: Recordings;
  readonly webhooks: Webhooks;
  readonly doNotCall: DoNotCall;
  readonly legalBasis: LegalBasisApi;
  private readonly apiKey: string;
  private readonly timeoutMs: number;
  /** The deadlines still running while a caller reads a body. */
  private readonly bodyDeadlines = new WeakMap<Response, Deadline>();
  private readonly baseUrl: string;
  private readonly maxRetries: number;
  private readonly fetcher: typeof fetch;

  constructor(options: DialwiseOptions) {
    if (!options?.apiKey) throw new TypeError('Dialwise: apiKey is required');
    if (!options.baseUrl) throw new TypeError('Dialwise: baseUrl is required');
    this.apiKey = options.apiKey;
    this.baseUrl = options.baseUrl.replace(/\/+$/, '').replace(/\/task$/, '');
    this.maxRetries = options.maxRetries ?? 2;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const fetcher = options.fetch ?? globalThis.fetch;
    if (typeof fetcher !== 'function') throw new TypeError('Dialwise: no global fetch; pass one');
    this.fetcher = fetcher;
    this.tasks = new Tasks(this);
    this.batches = new Batches(this);
    this.agents = new Agents(this);
    this.recordings = new Recordings(this);
    this.webhooks = new Webhooks();
    this.doNotCall = new DoNotCall(this);
    this.legalBasis = new LegalBasisApi(this);
  }

  /** A fresh Idempotency-Key (a random UUID): keep it with the work it stands for. */
  static idempotencyKey(): string {
    return globalThis.crypto.randomUUID();
  }

  /** @internal Sends one API request; answers the checked Response. */
  async send(method: HttpMethod, path: string, call: Call = {}): Promise<Response> {
    const url = new URL(`${this.baseUrl}${path}`);
    for (const [name, value] of Object.entries(call.query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    const headers: Record<string, string> = {
      Authorization: `Bearer ${this.apiKey}`,
      ...(call.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...call.headers,
    };
    const body = call.body === undefined ? undefined : JSON.stringify(call.body);
    const timeoutMs = call.timeoutMs ?? this.timeoutMs;
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      const limit = deadline(timeoutMs, call.signal);
      try {
        response = await this.fetcher(url, { method, headers, body, signal: limit.signal });
      } catch (cause) {
        limit.clear();
        if (call.signal?.aborted) throw cause;
        if (call.retry && attempt < this.maxRetries) {
          await sleep(backoff(attempt), call.signal);
          continue;
        }
        throw limit.timedOut()
          ? new DialwiseError({
              status: 0,
              code: 'timeout',
              message: `No answer from ${url.origin} within ${timeoutMs} ms`,
              cause,
            })
          : new DialwiseError({
              status: 0,
              code: 'connection_error',
              message: `Could not reach ${url.origin}: ${String((cause as Error)?.message ?? cause)}`,
              cause,
            });
      }
      if (response.ok) {
        if (call.readsBody) this.bodyDeadlines.set(response, limit);
        else limit.clear();
        return response;
      }
      const error = await DialwiseError.fromResponse(response).finally(limit.clear);
      // A 429 was refused before any work, so it is safe to send again whatever the method.
      const retriable =
        (error.status === 429 &&
          error.retryAfter !== null &&
          error.retryAfter <= LONGEST_RETRY_WAIT_S) ||
        (error.status >= 500 && call.retry === true);
      if (!retriable || attempt >= this.maxRetries) throw error;
      await sleep(
        error.retryAfter !== null ? error.retryAfter * 1000 : backoff(attempt),
        call.signal,
      );
    }
  }

  /** @internal Ends the timeout a body's reading was under. */
  release(response: Response): void {
    this.bodyDeadlines.get(response)?.clear();
    this.bodyDeadlines.delete(response);
  }

  /** @internal The answer's JSON, with the answer itself as its `lastResponse`. */
  async json<T extends object>(
    method: HttpMethod,
    path: string,
    call: Call = {},
  ): Promise<WithResponse<T>> {
    const response = await this.send(method, path, { ...call, readsBody: true });
    let body: T;
    try {
      body = (await response.json()) as T;
    } catch (cause) {
      const timedOut = this.bodyDeadlines.get(response)?.timedOut() ?? false;
      throw new DialwiseError({
        status: 0,
        code: timedOut ? 'timeout' : 'connection_error',
        message: timedOut
          ? `The answer from ${response.url || path} did not arrive in time`
          : `The answer from ${response.url || path} was cut off`,
        cause,
      });
    } finally {
      this.release(response);
    }
    const lastResponse: ApiResponse = {
      status: response.status,
      headers: response.headers,
      requestId: response.headers.get('request-id'),
      idempotentReplayed: response.headers.get('idempotent-replayed') === 'true',
    };
    Object.defineProperty(body, 'lastResponse', { value: lastResponse, enumerable: false });
    return body as WithResponse<T>;
  }

  /**
   * @internal Follows an event stream, reconnecting with Last-Event-ID, until an event `endsAfter`
   * says `now`, or the server closes the stream after one it says `on-close` for.
   */
  async *stream<T extends { id: number; type: string }>(
    path: string,
    endsAfter: (event: T) => 'now' | 'on-close' | null,
    options: StreamOptions,
  ): AsyncGenerator<T> {
    let closing = false;
    let lastEventId = options.lastEventId === undefined ? null : String(options.lastEventId);
    const maxReconnects = options.maxReconnects ?? 5;
    let reconnects = 0;
    for (;;) {
      let sawEvent = false;
      try {
        const response = await this.send('GET', path, {
          signal: options.signal,
          timeoutMs: options.requestTimeoutMs,
          retry: true,
          headers: {
            Accept: 'text/event-stream',
            ...(lastEventId !== null ? { 'Last-Event-ID': lastEventId } : {}),
          },
        });
        if (!response.body) throw new Error('The event stream has no body');
        for await (const message of readSse(response.body)) {
          if (message.data === '') continue;
          const event = JSON.parse(message.data) as T;
          lastEventId = message.id ?? String(event.id);
          sawEvent = true;
          reconnects = 0;
          yield event;
          const end = endsAfter(event);
          if (end === 'now') return;
          if (end === 'on-close') closing = true;
        }
        // The server ended the stream after the task's last news: nothing more will come.
        if (closing) return;
      } catch (error) {
        // An API error (404, 401, 403, a 429 beyond retries) or a body that is not an event
        // will not mend by reconnecting.
        if (error instanceof DialwiseError && error.status !== 0) throw error;
        if (error instanceof SyntaxError) throw error;
        if (options.signal?.aborted) throw error;
        if (reconnects >= maxReconnects) throw error;
      }
      if (!sawEvent && ++reconnects > maxReconnects) {
        throw new DialwiseError({
          status: 0,
          code: 'connection_error',
          message: `The event stream ended ${maxReconnects + 1} times without a new event`,
        });
      }
      await sleep(options.reconnectDelayMs ?? 1000, options.signal);
    }
  }
}

/** Where a task's stream ends: as the server ends it (a recording's event may follow the end). */
function taskStreamEnd(event: TypedTaskEvent): 'now' | 'on-close' | null {
  if (event.type === 'recording.available' || event.type === 'recording.failed') return 'now';
  if (event.type !== 'task.completed') return null;
  const task = (event.data ?? {}) as { recording_status?: string | null };
  return task.recording_status === 'pending' ? null : 'on-close';
}

class Tasks {
  constructor(private readonly client: Dialwise) {}

  /** Places a call (or schedules it for the callee's calling window). */
  async create(body: CreateTaskRequest, options: CreateOptions = {}): Promise<WithResponse<Task>> {
    const idempotencyKey = options.idempotencyKey ?? Dialwise.idempotencyKey();
    const task = await this.client.json<Task>('POST', '/task', {
      body,
      query: options.wait ? { wait: 'true' } : undefined,
      headers: { 'Idempotency-Key': idempotencyKey },
      signal: options.signal,
      timeoutMs: options.requestTimeoutMs,
      retry: true,
    });
    if (!options.wait || isTerminal(task.status) || task.status === 'scheduled') return task;
    return this.wait(task.id, {
      timeoutMs: options.timeoutMs,
      signal: options.signal,
      requestTimeoutMs: options.requestTimeoutMs,
    });
  }

  get(id: string, options: RequestOptions = {}): Promise<WithResponse<Task>> {
    return this.client.json<Task>('GET', `/task/${encodeURIComponent(id)}`, {
      signal: options.signal,
      timeoutMs: options.requestTimeoutMs,
      retry: true,
    });
  }

  /** Newest first; `await` it for one page, or `for await` over it for every task. */
  list(params: ListTasksParams = {}, options: RequestOptions = {}): PageRequest<Task> {
    const { starting_after, ...query } = params;
    return new PageRequest(
      (cursor) =>
        this.client.json<Page<Task>>('GET', '/task', {
          query: { ...query, starting_after: cursor },
          signal: options.signal,
          timeoutMs: options.requestTimeoutMs,
          retry: true,
        }),
      starting_after,
    );
  }

  /** Cancels a task that has not ended (a live call is hung up); 409 task_not_cancelable after. */
  cancel(id: string, options: RequestOptions = {}): Promise<WithResponse<Task>> {
    return this.client.json<Task>('POST', `/task/${encodeURIComponent(id)}/cancel`, {
      signal: options.signal,
      timeoutMs: options.requestTimeoutMs,
    });
  }

  /**
   * Test mode: moves a waiting task's clock `minutes` ahead (as Stripe's test clocks), so its
   * calling window, schedule_at or retry comes that much sooner.
   */
  advanceTestClock(
    id: string,
    minutes: number,
    options: RequestOptions = {},
  ): Promise<WithResponse<Task>> {
    return this.client.json<Task>('POST', `/task/${encodeURIComponent(id)}/test-clock/advance`, {
      body: { minutes },
      signal: options.signal,
      timeoutMs: options.requestTimeoutMs,
    });
  }

  /** Reads the task until it has ended; WaitTimeoutError (with the last task) past the timeout. */
  async wait(id: string, options: WaitOptions = {}): Promise<WithResponse<Task>> {
    const deadline = Date.now() + (options.timeoutMs ?? FIFTEEN_MINUTES);
    for (;;) {
      const task = await this.get(id, {
        signal: options.signal,
        requestTimeoutMs: options.requestTimeoutMs,
      });
      if (isTerminal(task.status)) return task;
      const left = deadline - Date.now();
      if (left <= 0) throw new WaitTimeoutError(task);
      await sleep(Math.min(options.pollIntervalMs ?? 1000, left), options.signal);
    }
  }

  /**
   * The task's events as they happen (replayed first): ends after task.completed, or, when the
   * call's recording is still being copied then, after the recording.available or
   * recording.failed that follows; a dropped connection resumes from the last event seen with
   * Last-Event-ID.
   */
  events(id: string, options: StreamOptions = {}): AsyncGenerator<TypedTaskEvent> {
    return this.client.stream<TypedTaskEvent>(
      `/task/${encodeURIComponent(id)}/events`,
      taskStreamEnd,
      options,
    );
  }

  /** What POST /task would decide now for this body (creates nothing, costs nothing). */
  check(body: CreateTaskRequest, options: RequestOptions = {}): Promise<WithResponse<CallCheck>> {
    return this.client.json<CallCheck>('POST', '/task/check', {
      body,
      signal: options.signal,
      timeoutMs: options.requestTimeoutMs,
      retry: true,
    });
  }

  /** The rules that apply to a call to this number now. */
  rules(phoneNumber: string, options: RequestOptions = {}): Promise<WithResponse<CallCheck>> {
    return this.client.json<CallCheck>('GET', '/task/rules', {
      query: { phone_number: phoneNumber },
      signal: options.signal,
      timeoutMs: options.requestTimeoutMs,
      retry: true,
    });
  }
}

class Batches {
  constructor(private readonly client: Dialwise) {}

  create(
    body: CreateBatchRequest,
    options: RequestOptions & { idempotencyKey?: string } = {},
  ): Promise<WithResponse<Batch>> {
    return this.client.json<Batch>('POST', '/task/batches', {
      body,
      headers: { 'Idempotency-Key': options.idempotencyKey ?? Dialwise.idempotencyKey() },
      signal: options.signal,
      timeoutMs: options.requestTimeoutMs,
      retry: true,
    });
  }

  get(id: string, options: RequestOptions = {}): Promise<WithResponse<Batch>> {
    return this.client.json<Batch>('GET', `/task/batches/${encodeURIComponent(id)}`, {
      signal: options.signal,
      timeoutMs: options.requestTimeoutMs,
      retry: true,
    });
  }

  list(params: ListBatchesParams = {}, options: RequestOptions = {}): PageRequest<Batch> {
    const { starting_after, ...query } = params;
    return new PageRequest(
      (cursor) =>
        this.client.json<Page<Batch>>('GET', '/task/batches', {
          query: { ...query, starting_after: cursor },
          signal: options.signal,
          timeoutMs: options.requestTimeoutMs,
          retry: true,
        }),
      starting_after,
    );
  }

  /** The batch's tasks, newest first (GET /task?batch_id=…), paged like tasks.list. */
  items(id: string, params: Omit<ListTasksParams, 'batch_id'> = {}, options: RequestOptions = {}) {
    return this.client.tasks.list({ ...params, batch_id: id }, options);
  }

  cancel(id: string, options: RequestOptions = {}): Promise<WithResponse<Batch>> {
    return this.client.json<Batch>('POST', `/task/batches/${encodeURIComponent(id)}/cancel`, {
      signal: options.signal,
      timeoutMs: options.requestTimeoutMs,
    });
  }

  /** Test mode: moves the clocks of the batch's waiting tasks `minutes` ahead. */
  advanceTestClock(
    id: string,
    minutes: number,
    options: RequestOptions = {},
  ): Promise<WithResponse<Batch & { tasks_advanced: number }>> {
    return this.client.json<Batch & { tasks_advanced: number }>(
      'POST',
      `/task/batches/${encodeURIComponent(id)}/test-clock/advance`,
      { body: { minutes }, signal: options.signal, timeoutMs: options.requestTimeoutMs },
    );
  }

  /** batch.completed when every task has ended; resumes with Last-Event-ID like tasks.events. */
  events(id: string, options: StreamOptions = {}): AsyncGenerator<BatchEvent> {
    return this.client.stream<BatchEvent>(
      `/task/batches/${encodeURIComponent(id)}/events`,
      (event) => (event.type === 'batch.completed' ? 'now' : null),
      options,
    );
  }
}

class Recordings {
  constructor(private readonly client: Dialwise) {}

  /** The raw streamed answer (for piping to a file or a player); `range` like "bytes=0-1023". */
  stream(taskId: string, options: RequestOptions & { range?: string } = {}): Promise<Response> {
    return this.client.send('GET', `/task/${encodeURIComponent(taskId)}/recording`, {
      headers: options.range ? { Range: options.range } : {},
      signal: options.signal,
      timeoutMs: options.requestTimeoutMs,
      retry: true,
    });
  }

  /** The whole recording (or the range) in memory; the timeout covers the download too. */
  async get(taskId: string, options: RequestOptions & { range?: string } = {}): Promise<Recording> {
    const response = await this.client.send(
      'GET',
      `/task/${encodeURIComponent(taskId)}/recording`,
      {
        headers: options.range ? { Range: options.range } : {},
        signal: options.signal,
        timeoutMs: options.requestTimeoutMs,
        retry: true,
        readsBody: true,
      },
    );
    try {
      return {
        status: response.status,
        contentType: response.headers.get('content-type') ?? 'application/octet-stream',
        contentRange: response.headers.get('content-range'),
        data: new Uint8Array(await response.arrayBuffer()),
      };
    } finally {
      this.client.release(response);
    }
  }
}

class Webhooks {
  /** See verifyWebhook: the parsed body of a webhook whose signature holds, else it throws. */
  verify<T = WebhookEvent>(
    payload: string | Uint8Array,
    headers: WebhookHeaders,
    secret: string,
    options?: VerifyOptions,
  ): Promise<T> {
    return verifyWebhook<T>(payload, headers, secret, options);
  }

  /** See signWebhook: the headers we would send with `payload`, for your receiver's tests. */
  sign(payload: string, secret: string, options?: SignOptions): Promise<SignedWebhookHeaders> {
    return signWebhook(payload, secret, options);
  }
}

class LegalBasisApi {
  constructor(private readonly client: Dialwise) {}

  /** The account's attested default legal basis for live calls, and its last attestations. */
  get(options: RequestOptions = {}): Promise<WithResponse<LegalBasis>> {
    return this.client.json<LegalBasis>('GET', '/task/legal-basis', {
      signal: options.signal,
      timeoutMs: options.requestTimeoutMs,
      retry: true,
    });
  }

  /**
   * Attests the account's default legal basis for live calls (or withdraws it with
   * `{ basis: 'withdrawn' }`); each attestation is kept as a record nobody can change.
   */
  attest(
    body: AttestLegalBasisRequest,
    options: RequestOptions = {},
  ): Promise<WithResponse<LegalBasis>> {
    return this.client.json<LegalBasis>('POST', '/task/legal-basis', {
      body,
      signal: options.signal,
      timeoutMs: options.requestTimeoutMs,
    });
  }
}

/**
 * Agents: named, versioned agent fields a task takes (`agent_id`), their documents, and their test
 * suites, whose runs play scripted callees on the simulated network.
 */
class Agents {
  constructor(private readonly client: Dialwise) {}

  private path(id: string, rest = '') {
    return `/task/agents/${encodeURIComponent(id)}${rest}`;
  }

  create(body: CreateAgentRequest, options: RequestOptions = {}): Promise<WithResponse<Agent>> {
    return this.client.json<Agent>('POST', '/task/agents', {
      body,
      signal: options.signal,
      timeoutMs: options.requestTimeoutMs,
    });
  }

  /** The agent with its latest version's fields, or `version`'s. */
  get(id: string, params: { version?: number } = {}, options: RequestOptions = {}) {
    return this.client.json<Agent>('GET', this.path(id), {
      query: params,
      signal: options.signal,
      timeoutMs: options.requestTimeoutMs,
      retry: true,
    });
  }

  list(params: { limit?: number; archived?: boolean } = {}, options: RequestOptions = {}) {
    return new PageRequest((cursor) =>
      this.client.json<Page<Agent>>('GET', '/task/agents', {
        query: {
          limit: params.limit,
          archived: params.archived === undefined ? undefined : String(params.archived),
          starting_after: cursor,
        },
        signal: options.signal,
        timeoutMs: options.requestTimeoutMs,
        retry: true,
      }),
    );
  }

  /** Changed fields make a new version; null removes a field. */
  update(id: string, body: UpdateAgentRequest, options: RequestOptions = {}) {
    return this.client.json<Agent>('PATCH', this.path(id), {
      body,
      signal: options.signal,
      timeoutMs: options.requestTimeoutMs,
    });
  }

  archive(id: string, options: RequestOptions = {}) {
    return this.client.json<Agent>('POST', this.path(id, '/archive'), {
      signal: options.signal,
      timeoutMs: options.requestTimeoutMs,
      retry: true,
    });
  }

  versions(id: string, options: RequestOptions = {}) {
    return this.client.json<Page<AgentVersion>>('GET', this.path(id, '/versions'), {
      signal: options.signal,
      timeoutMs: options.requestTimeoutMs,
      retry: true,
    });
  }

  /** Gives the agent a document to answer from (text, Markdown, CSV; a PDF as content_base64). */
  addDocument(id: string, body: AddDocumentRequest, options: RequestOptions = {}) {
    return this.client.json<AgentDocument>('POST', this.path(id, '/documents'), {
      body,
      signal: options.signal,
      timeoutMs: options.requestTimeoutMs,
    });
  }

  documents(id: string, options: RequestOptions = {}) {
    return this.client.json<Page<AgentDocument>>('GET', this.path(id, '/documents'), {
      signal: options.signal,
      timeoutMs: options.requestTimeoutMs,
      retry: true,
    });
  }

  removeDocument(id: string, documentId: string, options: RequestOptions = {}) {
    return this.client.json<{ object: 'document'; id: string; deleted: true }>(
      'DELETE',
      this.path(id, `/documents/${encodeURIComponent(documentId)}`),
      { signal: options.signal, timeoutMs: options.requestTimeoutMs, retry: true },
    );
  }

  /** What a call of the agent would find in its documents for `q`. */
  searchKnowledge(id: string, q: string, options: RequestOptions = {}) {
    return this.client.json<Page<KnowledgePassage>>('GET', this.path(id, '/knowledge'), {
      query: { q },
      signal: options.signal,
      timeoutMs: options.requestTimeoutMs,
      retry: true,
    });
  }

  createTestSuite(id: string, body: CreateTestSuiteRequest, options: RequestOptions = {}) {
    return this.client.json<TestSuite>('POST', this.path(id, '/test-suites'), {
      body,
      signal: options.signal,
      timeoutMs: options.requestTimeoutMs,
    });
  }

  testSuites(id: string, options: RequestOptions = {}) {
    return this.client.json<Page<TestSuite>>('GET', this.path(id, '/test-suites'), {
      signal: options.signal,
      timeoutMs: options.requestTimeoutMs,
      retry: true,
    });
  }

  /** Runs a suite against a version (the latest unless named); answers once every call ended. */
  runTestSuite(
    id: string,
    body: { suite_id: string; agent_version?: number },
    options: RequestOptions = {},
  ) {
    return this.client.json<TestRun>('POST', this.path(id, '/test-runs'), {
      body,
      signal: options.signal,
      // A run waits for its calls: give it the API's longest wait.
      timeoutMs: options.requestTimeoutMs ?? 120_000,
    });
  }

  testRun(id: string, runId: string, options: RequestOptions = {}) {
    return this.client.json<TestRun>(
      'GET',
      this.path(id, `/test-runs/${encodeURIComponent(runId)}`),
      { signal: options.signal, timeoutMs: options.requestTimeoutMs, retry: true },
    );
  }
}

class DoNotCall {
  constructor(private readonly client: Dialwise) {}

  /**
   * Adds numbers to the account's do-not-call list (a test key's to its test list): each is
   * never called again, and the account's calls still waiting for one are canceled.
   */
  add(
    phoneNumbers: string[],
    options: RequestOptions = {},
  ): Promise<WithResponse<{ added: number; already_listed: number }>> {
    return this.client.json('POST', '/task/do-not-call', {
      body: { phone_numbers: phoneNumbers },
      signal: options.signal,
      timeoutMs: options.requestTimeoutMs,
      // Adding a number twice changes nothing, so a retry is safe.
      retry: true,
    });
  }
}

function backoff(attempt: number): number {
  return Math.min(500 * 2 ** attempt, 4000);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
