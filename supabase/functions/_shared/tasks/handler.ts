// HTTP routes of the call API: POST /task, GET /task, GET /task/{id},
// POST /task/{id}/cancel, GET /task/{id}/events (Server-Sent Events), GET /task/{id}/recording,
// and the batch routes under /task/batches. Each accepts an API key or a signed-in user's session.
import { apiKeyFrom, keyRefusalFirst, requireKeyShape } from '../http/api-key-auth.ts';
import { authenticateSession, type Caller, sessionTokenFrom } from '../http/caller-auth.ts';
import { callerAuth } from '../http/auth.ts';
import { corsHeaders } from '../http/cors.ts';
import { createHandler, type HandlerContext, jsonResponse } from '../http/handler.ts';
import { ServiceError } from '../errors.ts';
import { eventStreamResponse } from '../events/event-stream.ts';
import type { LiveEvents } from '../events/live.ts';
import { parseLastEventId } from '../http/sse.ts';
import type { Db } from '../db.ts';
import type { BatchService } from './batches.ts';
import {
  batchListQuerySchema,
  listQuerySchema,
  MAX_BATCH_BODY_BYTES,
  parseJsonBody,
  parseOrThrow,
} from './schema.ts';
import { EVENT_BATCH_SIZE, type TaskService } from './service.ts';

export type TaskHandlerDeps = {
  db: Db;
  service: TaskService;
  batches: BatchService;
  /** ?wait=true holds the response at most this long, well inside the platform's wall clock. */
  waitMs: number;
  /** Comment lines keep idle streams open through proxies (every 15 s). */
  heartbeatMs: number;
  /** The instance's event notifications and stream leases (one of each per instance). */
  live: LiveEvents;
  /** A stream ends after this long even if the task has not; clients resume with Last-Event-ID. */
  maxStreamMs: number;
};

const ID = '(task_[0-9A-Za-z]+)';
const BATCH = '(batch_[0-9A-Za-z]+)';

export function createTaskHandler(deps: TaskHandlerDeps) {
  const { service, batches } = deps;

  const methodOnly = (method: string, allowed: string, path: string) => {
    if (method !== allowed)
      throw new ServiceError(
        'method_not_allowed',
        `${method} is not supported on ${path}; use ${allowed}.`,
      );
  };

  /** /task/batches and below; null when the path is not a batch route. */
  async function batchRoute(
    request: Request,
    ctx: HandlerContext<Caller>,
    method: string,
  ): Promise<Response | null> {
    const { url, path } = ctx;
    if (path === '/task/batches') {
      if (method === 'GET') {
        const account = await ctx.caller();
        const query = parseOrThrow(batchListQuerySchema, Object.fromEntries(url.searchParams));
        return jsonResponse(200, await batches.list(account.userId, query));
      }
      methodOnly(method, 'POST', '/task/batches');
      const session = sessionTokenFrom(request);
      const idempotencyKey = request.headers.get('idempotency-key');
      const { batch, replayed } = session
        ? await batches.create(
            await authenticateSession(deps.db, session),
            parseJsonBody(await request.text(), MAX_BATCH_BODY_BYTES),
            { idempotencyKey, source: 'dashboard' },
          )
        : await createBatchWithKey(request, idempotencyKey);
      if (replayed) return jsonResponse(200, batch, { 'Idempotent-Replayed': 'true' });
      return jsonResponse(201, batch);
    }
    const one = new RegExp(`^/task/batches/${BATCH}$`).exec(path);
    if (one) {
      methodOnly(method, 'GET', '/task/batches/{id}');
      const account = await ctx.caller();
      return jsonResponse(200, await batches.get(account.userId, one[1]!));
    }
    const cancel = new RegExp(`^/task/batches/${BATCH}/cancel$`).exec(path);
    if (cancel) {
      methodOnly(method, 'POST', '/task/batches/{id}/cancel');
      const account = await ctx.caller();
      return jsonResponse(200, await batches.cancel(account.userId, cancel[1]!));
    }
    const events = new RegExp(`^/task/batches/${BATCH}/events$`).exec(path);
    if (events) {
      methodOnly(method, 'GET', '/task/batches/{id}/events');
      const account = await ctx.caller();
      const batchId = events[1]!;
      const after = parseLastEventId(
        request.headers.get('last-event-id') ?? url.searchParams.get('last_event_id'),
      );
      const first = await batches.eventsAfter(account.userId, batchId, after);
      return stream(account, batchId, first, after, request.signal, {
        read: (afterSeq) =>
          batches.eventsAfter(account.userId, batchId, afterSeq, { ownerChecked: true }),
        terminalEvent: 'batch.completed',
      });
    }
    if (path.startsWith('/task/batches/'))
      throw new ServiceError(
        'not_found',
        `No batch ${path.slice('/task/batches/'.length, 80)} exists.`,
      );
    return null;
  }

  /** POST /task/batches with an API key: a caller without a valid key learns that first. */
  async function createBatchWithKey(request: Request, idempotencyKey: string | null) {
    const apiKey = requireKeyShape(apiKeyFrom(request));
    const body = await keyRefusalFirst(deps.db, apiKey, async () =>
      parseJsonBody(await request.text(), MAX_BATCH_BODY_BYTES),
    );
    return batches.createWithKey(apiKey, body, { idempotencyKey });
  }

  async function route(request: Request, ctx: HandlerContext<Caller>): Promise<Response> {
    const { url, path } = ctx;
    const method = request.method.toUpperCase();

    const batchResponse = await batchRoute(request, ctx, method);
    if (batchResponse) return batchResponse;

    if (path === '/task') {
      if (method !== 'GET' && method !== 'POST')
        throw new ServiceError(
          'method_not_allowed',
          `${method} is not supported on /task; use GET or POST.`,
        );
      if (method === 'GET') {
        const account = await ctx.caller();
        const query = parseOrThrow(listQuerySchema, Object.fromEntries(url.searchParams));
        return jsonResponse(200, await service.list(account.userId, query));
      }
      const session = sessionTokenFrom(request);
      const caller = session ? await authenticateSession(deps.db, session) : null;
      const apiKey = caller ? null : requireKeyShape(apiKeyFrom(request));
      const wait = url.searchParams.get('wait');
      const body = await keyRefusalFirst(deps.db, apiKey, async () => {
        // Checked before anything is recorded: a bad query must not create a task and answer 400.
        if (wait !== null && wait !== 'true' && wait !== 'false')
          throw new ServiceError('invalid_request', 'wait must be true or false', {
            field: 'wait',
          });
        return parseJsonBody(await request.text());
      });
      const idempotencyKey = request.headers.get('idempotency-key');
      // A signed-in user's call is the dashboard's: no API key is recorded on it.
      const { task, replayed, userId } = caller
        ? await service.create(caller, body, { idempotencyKey, source: 'dashboard' })
        : await service.createWithKey(apiKey!, body, { idempotencyKey });
      if (replayed) return jsonResponse(200, task, { 'Idempotent-Replayed': 'true' });
      if (wait === 'true') {
        const waited = await service.waitForEnd(userId, task.id, deps.waitMs);
        return jsonResponse(waited.ended ? 201 : 202, waited.task);
      }
      return jsonResponse(201, task);
    }

    const one = new RegExp(`^/task/${ID}$`).exec(path);
    if (one) {
      if (method !== 'GET')
        throw new ServiceError(
          'method_not_allowed',
          `${method} is not supported on /task/{id}; use GET.`,
        );
      const account = await ctx.caller();
      return jsonResponse(200, await service.get(account.userId, one[1]!));
    }

    const cancel = new RegExp(`^/task/${ID}/cancel$`).exec(path);
    if (cancel) {
      if (method !== 'POST')
        throw new ServiceError(
          'method_not_allowed',
          `${method} is not supported on /task/{id}/cancel; use POST.`,
        );
      const account = await ctx.caller();
      return jsonResponse(200, await service.cancel(account.userId, cancel[1]!));
    }

    const recording = new RegExp(`^/task/${ID}/recording$`).exec(path);
    if (recording) {
      if (method !== 'GET')
        throw new ServiceError(
          'method_not_allowed',
          `${method} is not supported on /task/{id}/recording; use GET.`,
        );
      const account = await ctx.caller();
      const audio = await service.recording(account.userId, recording[1]!);
      return new Response(audio.bytes, {
        status: 200,
        headers: {
          'Content-Type': audio.contentType,
          'Content-Length': String(audio.bytes.byteLength),
          'Content-Disposition': `inline; filename="${recording[1]}.${audio.contentType === 'audio/mpeg' ? 'mp3' : 'wav'}"`,
          // The audio is the account's private data: no shared cache may keep it.
          'Cache-Control': 'private, no-store',
        },
      });
    }

    const events = new RegExp(`^/task/${ID}/events$`).exec(path);
    if (events) {
      if (method !== 'GET')
        throw new ServiceError(
          'method_not_allowed',
          `${method} is not supported on /task/{id}/events; use GET.`,
        );
      const account = await ctx.caller();
      const taskId = events[1]!;
      const after = parseLastEventId(
        request.headers.get('last-event-id') ?? url.searchParams.get('last_event_id'),
      );
      // Fails with 404 before the stream starts if the task is not the caller's.
      const first = await service.eventsAfter(account.userId, taskId, after);
      return stream(account, taskId, first, after, request.signal, {
        read: (afterSeq) =>
          service.eventsAfter(account.userId, taskId, afterSeq, { ownerChecked: true }),
        terminalEvent: 'task.completed',
      });
    }

    throw new ServiceError(
      'not_found',
      `No endpoint ${method} ${path || '/'}. See the API reference at /docs.`,
    );
  }

  /** The event stream of a task or a batch (`taskId` names either). */
  async function stream<E extends { id: number; type: string }>(
    account: Caller,
    taskId: string,
    first: E[],
    after: number,
    signal: AbortSignal,
    source: { read: (afterSeq: number) => Promise<E[]>; terminalEvent: string },
  ): Promise<Response> {
    // The stream's end, whatever causes it (client gone, task completed, maximum time, lost lease).
    const end = { current: () => {} };
    // A replay that already holds the task's last event ends at once: it takes no slot.
    const replayOnly = first.some((event) => event.type === source.terminalEvent);
    const leased = replayOnly
      ? ({ opened: true, lease: { id: '', release: async () => {} } } as const)
      : await deps.live.leases.open({
          apiKeyId: account.apiKeyId,
          userId: account.userId,
          taskId,
          onLost: () => end.current(),
        });
    if (!leased.opened)
      throw new ServiceError(
        'rate_limited',
        `At most ${leased.limit} open event streams per ${account.apiKeyId ? 'API key' : 'signed-in user'}. Close one (or let one end) and try again.`,
        { retryAfterSeconds: leased.retryAfterSeconds },
      );
    return eventStreamResponse({
      taskId,
      first,
      after,
      read: source.read,
      terminalEvent: source.terminalEvent,
      batchSize: EVENT_BATCH_SIZE,
      hub: deps.live.hub,
      heartbeatMs: deps.heartbeatMs,
      maxStreamMs: deps.maxStreamMs,
      signal,
      end,
      onClose: () =>
        void leased.lease
          .release()
          .catch((error: Error) =>
            console.error(`[task ${taskId}] releasing the stream's slot failed: ${error.message}`),
          ),
    });
  }

  return createHandler(
    {
      name: 'task',
      auth: callerAuth(deps.db),
      // POST /task with a key is authenticated inside task_create: one round trip.
      authWhen: 'on_demand',
      cors: corsHeaders,
    },
    route,
  );
}
