// HTTP routes of the call API (API.md): POST /task, GET /task, GET /task/{id},
// POST /task/{id}/cancel, GET /task/{id}/events (Server-Sent Events).
import { apiKeyFrom, authenticate, requireKeyShape } from '../http/api-key-auth.ts';
import { corsHeaders, withCors } from '../http/cors.ts';
import { ApiError, errorResponse, jsonResponse } from '../http/errors.ts';
import { formatSseComment, formatSseEvent, parseLastEventId } from '../http/sse.ts';
import { newRequestId } from '../ids.ts';
import type { Db } from '../db.ts';
import { listQuerySchema, parseJsonBody, parseOrThrow } from './schema.ts';
import type { TaskService } from './service.ts';

export type TaskHandlerDeps = {
  db: Db;
  service: TaskService;
  /** ?wait=true holds the response at most this long (API.md: the function's wall clock, 120 s). */
  waitMs: number;
  /** Comment lines keep idle streams open through proxies (API.md: every 15 s). */
  heartbeatMs: number;
  /** How often a live stream looks for new events. */
  pollMs: number;
  /** A stream ends after this long even if the task has not; clients resume with Last-Event-ID. */
  maxStreamMs: number;
};

const ID = '(task_[0-9A-Za-z]+)';

export function createTaskHandler(deps: TaskHandlerDeps) {
  const { service } = deps;

  async function route(request: Request): Promise<Response> {
    const url = new URL(request.url);
    // Hosted: /task/…; behind some proxies: /functions/v1/task/…
    const path = url.pathname.replace(/^\/functions\/v1/, '').replace(/\/+$/, '');
    const method = request.method.toUpperCase();

    if (path === '/task') {
      if (method !== 'GET' && method !== 'POST')
        throw new ApiError(
          'method_not_allowed',
          `${method} is not supported on /task; use GET or POST.`,
        );
      if (method === 'GET') {
        const account = await authenticate(deps.db, request);
        const query = parseOrThrow(listQuerySchema, Object.fromEntries(url.searchParams));
        return jsonResponse(200, await service.list(account.userId, query));
      }
      const apiKey = requireKeyShape(apiKeyFrom(request));
      // Checked before anything is recorded: a bad query must not create a task and answer 400.
      const wait = url.searchParams.get('wait');
      if (wait !== null && wait !== 'true' && wait !== 'false') {
        await authenticate(deps.db, request);
        throw new ApiError('invalid_request', 'wait must be true or false', 'wait');
      }
      let body: unknown;
      try {
        body = parseJsonBody(await request.text());
      } catch (error) {
        await authenticate(deps.db, request);
        throw error;
      }
      const { task, replayed, userId } = await service.createWithKey(apiKey, body, {
        idempotencyKey: request.headers.get('idempotency-key'),
      });
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
        throw new ApiError(
          'method_not_allowed',
          `${method} is not supported on /task/{id}; use GET.`,
        );
      const account = await authenticate(deps.db, request);
      return jsonResponse(200, await service.get(account.userId, one[1]!));
    }

    const cancel = new RegExp(`^/task/${ID}/cancel$`).exec(path);
    if (cancel) {
      if (method !== 'POST')
        throw new ApiError(
          'method_not_allowed',
          `${method} is not supported on /task/{id}/cancel; use POST.`,
        );
      const account = await authenticate(deps.db, request);
      return jsonResponse(200, await service.cancel(account.userId, cancel[1]!));
    }

    const events = new RegExp(`^/task/${ID}/events$`).exec(path);
    if (events) {
      if (method !== 'GET')
        throw new ApiError(
          'method_not_allowed',
          `${method} is not supported on /task/{id}/events; use GET.`,
        );
      const account = await authenticate(deps.db, request);
      const taskId = events[1]!;
      const after = parseLastEventId(
        request.headers.get('last-event-id') ?? url.searchParams.get('last_event_id'),
      );
      // Fails with 404 before the stream starts if the task is not the caller's.
      const first = await service.eventsAfter(account.userId, taskId, after);
      return streamEvents(account.userId, taskId, first, after, request.signal);
    }

    throw new ApiError(
      'not_found',
      `No endpoint ${method} ${path || '/'}. See the API reference at /docs.`,
    );
  }

  function streamEvents(
    userId: string,
    taskId: string,
    first: Awaited<ReturnType<TaskService['eventsAfter']>>,
    after: number,
    signal: AbortSignal,
  ): Response {
    const encoder = new TextEncoder();
    let closed = false;
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        const send = (text: string) => {
          if (!closed) controller.enqueue(encoder.encode(text));
        };
        const finish = () => {
          if (closed) return;
          closed = true;
          controller.close();
        };
        signal.addEventListener('abort', finish);
        const started = Date.now();
        let lastSeq = after;
        let lastWrite = Date.now();
        let batch = first;
        send('retry: 2000\n\n');
        try {
          while (!closed) {
            for (const event of batch) {
              send(formatSseEvent({ id: event.id, event: event.type, data: event }));
              lastSeq = event.id;
              lastWrite = Date.now();
              if (event.type === 'task.completed') return finish();
            }
            if (Date.now() - started > deps.maxStreamMs) return finish();
            if (Date.now() - lastWrite >= deps.heartbeatMs) {
              send(formatSseComment('heartbeat'));
              lastWrite = Date.now();
            }
            await new Promise((resolve) => setTimeout(resolve, deps.pollMs));
            if (closed) return;
            batch = await service.eventsAfter(userId, taskId, lastSeq);
          }
        } catch (error) {
          console.error(`[task ${taskId}] event stream failed: ${(error as Error).message}`);
          finish();
        }
      },
      cancel() {
        closed = true;
      },
    });
    return new Response(body, {
      status: 200,
      headers: {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      },
    });
  }

  return async function handle(request: Request): Promise<Response> {
    if (request.method === 'OPTIONS')
      return new Response(null, { status: 204, headers: corsHeaders });
    const requestId = newRequestId();
    try {
      return withCors(await route(request));
    } catch (error) {
      return withCors(errorResponse(error, requestId));
    }
  };
}
