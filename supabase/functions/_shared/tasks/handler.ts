// HTTP routes of the call API, as one table: POST /task, GET /task, GET /task/{id},
// POST /task/{id}/cancel, GET /task/{id}/events (Server-Sent Events), GET /task/{id}/recording,
// and the batch routes under /task/batches. Each accepts an API key or a signed-in user's session;
// a create's key is checked before its body is read, and again by the write (routeWithWrite).
import { callerAuth } from '../accounts/authenticators.ts';
import { uploadedNumbers } from '../callee-protection/do-not-call-upload.ts';
import { addToDoNotCall } from './do-not-call-list.ts';
import { attestLegalBasis, readLegalBasis } from './legal-basis.ts';
import type { Caller, Owner } from '../accounts/session.ts';
import { corsFor } from '../http/cors.ts';
import { createHandler, jsonResponse } from '../http/handler.ts';
import { requestLogger } from '../http/request-log.ts';
import { loggedKey, recordApiRequest } from '../accounts/request-logs.ts';
import { route, routeTable, routeWithWrite, type WriteCaller } from '../http/routes.ts';
import { ServiceError } from '../errors.ts';
import { eventStreamResponse, taskStreamEnd, type StreamEnd } from '../events/event-stream.ts';
import type { LiveEvents } from '../events/live.ts';
import { parseLastEventId } from '../http/sse.ts';
import type { Db } from '../db.ts';
import { type DownloadGate, paced, requestedRange } from '../recordings/serve.ts';
import type { BatchService } from './batches.ts';
import type { NumberService } from './phone-numbers.ts';
import {
  batchListQuerySchema,
  listQuerySchema,
  MAX_BATCH_BODY_BYTES,
  MAX_BODY_BYTES,
  parseJsonBody,
  parseOrThrow,
} from './schema.ts';
import { EVENT_BATCH_SIZE, type TaskService } from './service.ts';
import { withinWorkerLife } from '../platform/worker-life.ts';
import { testClocks } from './test-clock.ts';
import { webCalls } from './web-calls.ts';
import type { VoiceSamples } from '../voice/voice-samples.ts';
import type { AgentService } from './agents.ts';
import type { KnowledgeService } from './knowledge.ts';
import type { TestSuites } from './test-suites.ts';

/** The call API's browsers: its methods, and the headers a script reads besides the defaults. */
const TASK_CORS = corsFor(['GET', 'POST', 'PATCH', 'DELETE'], {
  exposeHeaders: ['Dialwise-Sample-Text'],
});

/** A document's body: its text, or a PDF in base64 (a third larger than the file). */
const MAX_DOCUMENT_BODY_BYTES = 6 * 1024 * 1024;

export type TaskHandlerDeps = {
  db: Db;
  service: TaskService;
  batches: BatchService;
  /** The account's own numbers (/task/numbers). */
  numbers: NumberService;
  /** Each voice's sample in each call language (/task/voices/{voice}/sample). */
  samples: VoiceSamples;
  /** The account's agents (/task/agents). */
  agents: AgentService;
  /** Their documents (/task/agents/{id}/documents, /task/agents/{id}/knowledge). */
  knowledge: KnowledgeService;
  /** Their test suites and runs (/task/agents/{id}/test-suites, /task/agents/{id}/test-runs). */
  suites: TestSuites;
  /** ?wait=true holds the response at most this long, well inside the platform's wall clock. */
  waitMs: number;
  /** Comment lines keep idle streams open through proxies (every 15 s). */
  heartbeatMs: number;
  /** The instance's event notifications and stream leases (one of each per instance). */
  live: LiveEvents;
  /** A stream ends after this long even if the task has not; clients resume with Last-Event-ID. */
  maxStreamMs: number;
  /** How many recordings one account downloads at once on this instance. */
  downloads: DownloadGate;
  /** The pace of one download (bytes a second). */
  downloadBytesPerSecond: number;
  /**
   * How long this worker has left (platform/worker-life.ts): waits and streams end before it does.
   * Unset in tests that run no worker.
   */
  workerTimeLeftMs?: () => number;
};

export function createTaskHandler(deps: TaskHandlerDeps) {
  const { service, batches } = deps;
  const clocks = testClocks({ db: deps.db, tasks: service, batches });
  const browserCalls = webCalls({ db: deps.db, tasks: service });
  /** `wantedMs`, ending before this worker does. */
  const withinWorker = (wantedMs: number) =>
    deps.workerTimeLeftMs ? withinWorkerLife(wantedMs, deps.workerTimeLeftMs()) : wantedMs;

  /**
   * A recording, whole or the one byte range asked for, streamed from Storage; the account's
   * download slot is held until the body is read, fails or is dropped.
   */
  async function recordingResponse(
    request: Request,
    requestId: string,
    owner: Owner,
    taskId: string,
  ) {
    const release = deps.downloads.enter(owner.userId);
    if (!release)
      throw new ServiceError(
        'rate_limited',
        'Too many recordings of this account are downloading at once. Wait for one to finish and try again.',
        { retryAfterSeconds: 2 },
      );
    try {
      const found = await service.recording(owner, taskId);
      const range = requestedRange(request.headers.get('range'), found.sizeBytes);
      const headers: Record<string, string> = {
        'Content-Type': found.contentType,
        'Content-Disposition': `inline; filename="${taskId}.${found.contentType === 'audio/mpeg' ? 'mp3' : 'wav'}"`,
        'Accept-Ranges': 'bytes',
        // The audio is the account's private data: no shared cache may keep it.
        'Cache-Control': 'private, no-store',
      };
      if (range === 'unsatisfiable') {
        release();
        // HTTP's 416 names the size in Content-Range, so a player can ask again within it.
        return jsonResponse(
          416,
          {
            error: {
              code: 'range_not_satisfiable',
              message: `The recording has ${found.sizeBytes} bytes; ask for a range that starts before its end.`,
              request_id: requestId,
            },
          },
          { 'Content-Range': `bytes */${found.sizeBytes}` },
        );
      }
      const whole = range === 'none';
      const body = await service.openRecording(found, whole ? undefined : range);
      if (whole) headers['Content-Length'] = String(found.sizeBytes);
      else {
        headers['Content-Length'] = String(range.end - range.start + 1);
        headers['Content-Range'] = `bytes ${range.start}-${range.end}/${found.sizeBytes}`;
      }
      return new Response(paced(body, deps.downloadBytesPerSecond, release), {
        status: whole ? 200 : 206,
        headers,
      });
    } catch (error) {
      release();
      throw error;
    }
  }

  const created = (result: { replayed: boolean }, object: unknown) =>
    result.replayed
      ? jsonResponse(200, object, { 'Idempotent-Replayed': 'true' })
      : jsonResponse(201, object);
  const lastEventId = (request: Request, url: URL) =>
    parseLastEventId(request.headers.get('last-event-id') ?? url.searchParams.get('last_event_id'));

  const routes = [
    routeWithWrite(
      { method: 'POST', path: '/task', maxBodyBytes: MAX_BODY_BYTES, query: ['wait'] },
      {
        async check({ request, url, body }, who: WriteCaller<Caller>) {
          // Checked before anything is recorded: a bad query must not create a task and answer 400.
          const wait = url.searchParams.get('wait');
          if (wait !== null && wait !== 'true' && wait !== 'false')
            throw new ServiceError('invalid_request', 'wait must be true or false', {
              field: 'wait',
            });
          const idempotencyKey = request.headers.get('idempotency-key');
          // A signed-in user's call is the dashboard's: no API key is recorded on it.
          const prepared = await service.prepareTask(await body(), {
            idempotencyKey,
            source: who.caller ? 'dashboard' : 'api',
            agents: deps.agents.lookup(
              who.caller ? { userId: who.caller.userId } : { apiKey: who.credential },
            ),
          });
          return { wait: wait === 'true', idempotencyKey, prepared };
        },
        async write(_context, who: WriteCaller<Caller>, { wait, idempotencyKey, prepared }) {
          const result = who.caller
            ? await service.accept(who.caller, prepared, { idempotencyKey })
            : await service.createWithKey(who.credential, prepared, { idempotencyKey });
          // A scheduled task will not end within any wait: it answers at once, with its reason.
          if (!result.replayed && wait && result.task.status !== 'scheduled') {
            const waited = await service.waitForEnd(
              { userId: result.userId, livemode: result.task.livemode },
              result.task.id,
              withinWorker(deps.waitMs),
            );
            return jsonResponse(waited.ended ? 201 : 202, waited.task);
          }
          return created(result, result.task);
        },
      },
    ),
    route<Caller>(
      { method: 'POST', path: '/task/check', maxBodyBytes: MAX_BODY_BYTES },
      async ({ body }, account) =>
        jsonResponse(
          200,
          await service.check(
            account,
            await body(),
            deps.agents.lookup({ userId: account.userId }),
          ),
        ),
    ),
    route<Caller>(
      { method: 'POST', path: '/task/do-not-call', maxBodyBytes: MAX_BATCH_BODY_BYTES },
      async ({ body }, account) =>
        jsonResponse(200, await addToDoNotCall(deps.db, account, uploadedNumbers(await body()))),
    ),
    route<Caller>({ method: 'GET', path: '/task/legal-basis' }, async (_context, account) =>
      jsonResponse(200, await readLegalBasis(deps.db, account.userId)),
    ),
    route<Caller>(
      { method: 'POST', path: '/task/legal-basis', maxBodyBytes: MAX_BODY_BYTES },
      async ({ body }, account) =>
        jsonResponse(200, await attestLegalBasis(deps.db, account.userId, await body(), 'api')),
    ),
    route<Caller>({ method: 'GET', path: '/task/numbers' }, async (_context, account) =>
      jsonResponse(200, await deps.numbers.list(account.userId)),
    ),
    route<Caller>(
      { method: 'POST', path: '/task/numbers', maxBodyBytes: MAX_BODY_BYTES },
      async ({ body }, account) => {
        const added = await deps.numbers.add(account.userId, await body());
        return jsonResponse(added.status, added.number);
      },
    ),
    route<Caller>(
      { method: 'POST', path: '/task/numbers/local-presence', maxBodyBytes: MAX_BODY_BYTES },
      async ({ body }, account) =>
        jsonResponse(200, await deps.numbers.setLocalPresence(account.userId, await body())),
    ),
    route<Caller>(
      { method: 'POST', path: '/task/numbers/{id:number}/verify', maxBodyBytes: MAX_BODY_BYTES },
      async ({ params, body }, account) =>
        jsonResponse(200, await deps.numbers.verify(account.userId, params.id!, await body())),
    ),
    route<Caller>(
      { method: 'POST', path: '/task/numbers/{id:number}/inbound', maxBodyBytes: MAX_BODY_BYTES },
      async ({ params, body }, account) =>
        jsonResponse(200, await deps.numbers.setInbound(account.userId, params.id!, await body())),
    ),
    route<Caller>(
      { method: 'POST', path: '/task/numbers/{id:number}/default' },
      async ({ params }, account) =>
        jsonResponse(200, await deps.numbers.setDefault(account.userId, params.id!)),
    ),
    route<Caller>(
      { method: 'POST', path: '/task/numbers/{id:number}/release' },
      async ({ params }, account) =>
        jsonResponse(200, await deps.numbers.release(account.userId, params.id!)),
    ),
    route<Caller>(
      { method: 'GET', path: '/task/rules', query: ['phone_number', 'purpose'] },
      async ({ url }, account) =>
        jsonResponse(
          200,
          await service.rules(
            account.userId,
            url.searchParams.get('phone_number'),
            url.searchParams.get('purpose'),
          ),
        ),
    ),
    route<Caller>({ method: 'GET', path: '/task', query: 'schema' }, async ({ url }, account) => {
      const query = parseOrThrow(listQuerySchema, Object.fromEntries(url.searchParams));
      // Test and live tasks are listed apart: the caller's mode (its key's, or the session's switch).
      return jsonResponse(200, await service.list(account.userId, query, account.livemode));
    }),
    route<Caller>({ method: 'GET', path: '/task/{id:task}' }, async ({ params }, account) =>
      jsonResponse(200, await service.get(account, params.id!)),
    ),
    route<Caller>({ method: 'POST', path: '/task/{id:task}/cancel' }, async ({ params }, account) =>
      jsonResponse(200, await service.cancel(account, params.id!)),
    ),
    route<Caller>(
      { method: 'POST', path: '/task/web-calls', maxBodyBytes: MAX_BODY_BYTES },
      async ({ body }, account) =>
        jsonResponse(
          201,
          await browserCalls.start(
            account,
            await body(),
            account.apiKeyId ? 'api' : 'dashboard',
            deps.agents.lookup({ userId: account.userId }),
          ),
        ),
    ),
    route<Caller>(
      { method: 'POST', path: '/task/{id:task}/web-call/say', maxBodyBytes: MAX_BODY_BYTES },
      async ({ params, body }, account) =>
        jsonResponse(200, await browserCalls.say(account, params.id!, await body())),
    ),
    route<Caller>(
      { method: 'POST', path: '/task/{id:task}/web-call/end' },
      async ({ params }, account) => jsonResponse(200, await browserCalls.end(account, params.id!)),
    ),
    route<Caller>(
      { method: 'POST', path: '/task/agents', maxBodyBytes: MAX_BODY_BYTES },
      async ({ body }, account) =>
        jsonResponse(201, await deps.agents.create(account.userId, await body())),
    ),
    route<Caller>(
      { method: 'GET', path: '/task/agents', query: ['limit', 'starting_after', 'archived'] },
      async ({ url }, account) =>
        jsonResponse(
          200,
          await deps.agents.list(account.userId, Object.fromEntries(url.searchParams)),
        ),
    ),
    route<Caller>(
      { method: 'GET', path: '/task/agents/{id:agent}', query: ['version'] },
      async ({ params, url }, account) => {
        const version = url.searchParams.get('version');
        if (version !== null && !/^[1-9][0-9]{0,8}$/.test(version))
          throw new ServiceError('invalid_request', 'version must be a whole number from 1', {
            field: 'version',
          });
        return jsonResponse(
          200,
          await deps.agents.get(account.userId, params.id!, version ? Number(version) : undefined),
        );
      },
    ),
    route<Caller>(
      { method: 'PATCH', path: '/task/agents/{id:agent}', maxBodyBytes: MAX_BODY_BYTES },
      async ({ params, body }, account) =>
        jsonResponse(200, await deps.agents.update(account.userId, params.id!, await body())),
    ),
    route<Caller>(
      { method: 'POST', path: '/task/agents/{id:agent}/archive' },
      async ({ params }, account) =>
        jsonResponse(200, await deps.agents.archive(account.userId, params.id!)),
    ),
    route<Caller>(
      { method: 'GET', path: '/task/agents/{id:agent}/versions' },
      async ({ params }, account) =>
        jsonResponse(200, await deps.agents.versions(account.userId, params.id!)),
    ),
    route<Caller>(
      {
        method: 'POST',
        path: '/task/agents/{id:agent}/documents',
        maxBodyBytes: MAX_DOCUMENT_BODY_BYTES,
      },
      async ({ params, body }, account) =>
        jsonResponse(201, await deps.knowledge.add(account.userId, params.id!, await body())),
    ),
    route<Caller>(
      { method: 'GET', path: '/task/agents/{id:agent}/documents' },
      async ({ params }, account) =>
        jsonResponse(200, await deps.knowledge.list(account.userId, params.id!)),
    ),
    route<Caller>(
      { method: 'DELETE', path: '/task/agents/{id:agent}/documents/{document_id:document}' },
      async ({ params }, account) =>
        jsonResponse(
          200,
          await deps.knowledge.remove(account.userId, params.id!, params.document_id!),
        ),
    ),
    route<Caller>(
      { method: 'GET', path: '/task/agents/{id:agent}/knowledge', query: ['q'] },
      async ({ params, url }, account) =>
        jsonResponse(
          200,
          await deps.knowledge.searchOwn(account.userId, params.id!, url.searchParams.get('q')),
        ),
    ),
    route<Caller>(
      { method: 'POST', path: '/task/agents/{id:agent}/test-suites', maxBodyBytes: MAX_BODY_BYTES },
      async ({ params, body }, account) =>
        jsonResponse(201, await deps.suites.createSuite(account.userId, params.id!, await body())),
    ),
    route<Caller>(
      { method: 'GET', path: '/task/agents/{id:agent}/test-suites' },
      async ({ params }, account) =>
        jsonResponse(200, await deps.suites.listSuites(account.userId, params.id!)),
    ),
    route<Caller>(
      { method: 'POST', path: '/task/agents/{id:agent}/test-runs', maxBodyBytes: MAX_BODY_BYTES },
      async ({ params, body }, account) =>
        jsonResponse(201, await deps.suites.run(account.userId, params.id!, await body())),
    ),
    route<Caller>(
      { method: 'GET', path: '/task/agents/{id:agent}/test-runs/{run_id:run}' },
      async ({ params }, account) =>
        jsonResponse(200, await deps.suites.getRun(account.userId, params.id!, params.run_id!)),
    ),
    route<Caller>(
      { method: 'GET', path: '/task/voices/{voice:voice}/sample', query: ['language'] },
      async ({ params, url }) => {
        const sample = await deps.samples.sample(
          params.voice!,
          url.searchParams.get('language') ?? 'en',
        );
        return new Response(sample.wav, {
          headers: {
            'Content-Type': 'audio/wav',
            // The same voice and language always say the same words.
            'Cache-Control': 'private, max-age=86400',
            'Dialwise-Sample-Text': encodeURIComponent(sample.text),
          },
        });
      },
    ),
    route<Caller>(
      { method: 'POST', path: '/task/{id:task}/test-clock/advance', maxBodyBytes: MAX_BODY_BYTES },
      async ({ params, body }, account) =>
        jsonResponse(200, await clocks.advanceTask(account, params.id!, await body())),
    ),
    route<Caller>(
      { method: 'GET', path: '/task/{id:task}/recording' },
      async ({ request, requestId, params }, account) =>
        await recordingResponse(request, requestId, account, params.id!),
    ),
    route<Caller>(
      { method: 'GET', path: '/task/{id:task}/events', query: ['last_event_id'] },
      async ({ request, url, params }, account) => {
        const taskId = params.id!;
        const after = lastEventId(request, url);
        // Fails with 404 before the stream starts if the task is not the caller's.
        const first = await service.eventsAfter(account, taskId, after);
        return stream(account, taskId, first, after, request.signal, {
          read: (afterSeq) =>
            service.eventsAfter(account, taskId, afterSeq, { ownerChecked: true }),
          endAfter: taskStreamEnd,
        });
      },
    ),
    routeWithWrite(
      { method: 'POST', path: '/task/batches', maxBodyBytes: MAX_BATCH_BODY_BYTES },
      {
        async check({ request, body }, who: WriteCaller<Caller>) {
          const idempotencyKey = request.headers.get('idempotency-key');
          const prepared = await batches.prepare(await body(), {
            idempotencyKey,
            source: who.caller ? 'dashboard' : 'api',
            agents: deps.agents.lookup(
              who.caller ? { userId: who.caller.userId } : { apiKey: who.credential },
            ),
          });
          return { idempotencyKey, prepared };
        },
        async write(_context, who: WriteCaller<Caller>, { idempotencyKey, prepared }) {
          const result = who.caller
            ? await batches.accept(who.caller, prepared, { idempotencyKey })
            : await batches.createWithKey(who.credential, prepared, { idempotencyKey });
          return created(result, result.batch);
        },
      },
    ),
    route<Caller>(
      { method: 'GET', path: '/task/batches', query: 'schema' },
      async ({ url }, account) => {
        const query = parseOrThrow(batchListQuerySchema, Object.fromEntries(url.searchParams));
        return jsonResponse(200, await batches.list(account.userId, query, account.livemode));
      },
    ),
    route<Caller>(
      { method: 'GET', path: '/task/batches/{id:batch}' },
      async ({ params }, account) => jsonResponse(200, await batches.get(account, params.id!)),
    ),
    route<Caller>(
      { method: 'POST', path: '/task/batches/{id:batch}/cancel' },
      async ({ params }, account) => jsonResponse(200, await batches.cancel(account, params.id!)),
    ),
    route<Caller>(
      {
        method: 'POST',
        path: '/task/batches/{id:batch}/test-clock/advance',
        maxBodyBytes: MAX_BODY_BYTES,
      },
      async ({ params, body }, account) =>
        jsonResponse(200, await clocks.advanceBatch(account, params.id!, await body())),
    ),
    route<Caller>(
      { method: 'GET', path: '/task/batches/{id:batch}/events', query: ['last_event_id'] },
      async ({ request, url, params }, account) => {
        const batchId = params.id!;
        const after = lastEventId(request, url);
        const first = await batches.eventsAfter(account, batchId, after);
        return stream(account, batchId, first, after, request.signal, {
          read: (afterSeq) =>
            batches.eventsAfter(account, batchId, afterSeq, { ownerChecked: true }),
          endAfter: (event) => (event.type === 'batch.completed' ? 'now' : null),
        });
      },
    ),
  ];

  /** The event stream of a task or a batch (`taskId` names either). */
  async function stream<E extends { id: number; type: string }>(
    account: Caller,
    taskId: string,
    first: E[],
    after: number,
    signal: AbortSignal,
    source: { read: (afterSeq: number) => Promise<E[]>; endAfter: (event: E) => StreamEnd | null },
  ): Promise<Response> {
    // The stream's end, whatever causes it (client gone, task completed, maximum time, lost lease).
    const end = { current: () => {} };
    // A replay that already holds the task's last event ends at once: it takes no slot.
    const replayOnly = first.some((event) => source.endAfter(event) !== null);
    const leased = replayOnly
      ? ({ opened: true, lease: { id: '', release: async () => {} } } as const)
      : await deps.live.leases.open({
          apiKeyId: account.apiKeyId,
          userId: account.userId,
          taskId,
          onLost: () => end.current(),
        });
    if (!leased.opened && leased.revoked)
      throw new ServiceError('unauthorized', 'This API key is not valid or has been revoked.');
    if (!leased.opened)
      throw new ServiceError(
        'rate_limited',
        `At most ${leased.limit} open event streams per ${leased.scope === 'account' ? 'account' : account.apiKeyId ? 'API key' : 'signed-in user'}. Close one (or let one end) and try again.`,
        { retryAfterSeconds: leased.retryAfterSeconds },
      );
    return eventStreamResponse({
      taskId,
      first,
      after,
      read: source.read,
      endAfter: source.endAfter,
      batchSize: EVENT_BATCH_SIZE,
      hub: deps.live.hub,
      heartbeatMs: deps.heartbeatMs,
      maxStreamMs: withinWorker(deps.maxStreamMs),
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
      // A route asks for its caller (routes.ts); a create's key is checked by its write.
      authWhen: 'on_demand',
      cors: TASK_CORS,
      requestLog: requestLogger(loggedKey, (key, row) =>
        recordApiRequest(deps.db, 'api', key, row),
      ),
    },
    routeTable<Caller>({
      auth: callerAuth(deps.db),
      params: {
        task: 'task_[0-9A-Za-z]+',
        batch: 'batch_[0-9A-Za-z]+',
        number: 'num_[0-9A-Za-z]+',
        voice: '[A-Za-z]{1,40}',
        agent: 'agt_[0-9A-Za-z]+',
        document: 'doc_[0-9A-Za-z]+',
        run: 'run_[0-9A-Za-z]+',
      },
      routes,
      parseBody: parseJsonBody,
      tooLarge: (maxBytes) =>
        new ServiceError(
          'invalid_request',
          `The request body must be at most ${maxBytes / 1024} KB`,
        ),
      notFound: (method, path, paths) =>
        path.startsWith('/task/batches/')
          ? new ServiceError(
              'not_found',
              `No batch ${path.slice('/task/batches/'.length, 80)} exists.`,
            )
          : path.startsWith('/task/numbers/')
            ? new ServiceError('not_found', 'No such number on this account.')
            : new ServiceError(
                'not_found',
                `No endpoint ${method} ${path.slice(0, 200) || '/'}. The call API's paths: ${paths.join(', ')}. See the API reference at /docs.`,
              ),
    }),
  );
}
