// Deno entry of the local edge runtime: serves supabase/functions/<name>/index.ts at /<name>/…,
// the way Supabase's edge runtime does. Each function runs in workers of its own (Deno Web
// Workers, one isolate each; function-worker.ts), kept and retired as hosted keeps them:
//
// - A worker lives at most its wall clock (STACK_FUNCTION_WALL_CLOCK_SECONDS: 150 s, hosted's
//   free plan; 400 s on paid plans). It is retired at half of that (new requests go to a new
//   worker) and terminated at the full one, mid-request or not: a request still unanswered gets
//   504, a streamed body is cut, and background work (EdgeRuntime.waitUntil) stops with it.
// - A worker past 256 MB (heap and array buffers, STACK_FUNCTION_MEMORY_MB) is terminated: every
//   request it was serving answers 546 WORKER_LIMIT, and the next request gets a new worker.
// - A request body reaches the function as a stream, read at the function's pace (a function that
//   refuses a body at its own cap answers while the client is still sending). One declared over
//   STACK_FUNCTION_MAX_REQUEST_MB (20) is refused with 413 before any worker sees it; one that
//   streams past it gets 413 then.
//
// The functions read the same wall clock as WORKER_WALL_CLOCK_SECONDS (the stack sets both), so
// what they bound by it (waits, streams) is bounded the same here as there.
// This file runs under Deno, not Node.
import type { FromWorker, ToWorker } from './function-worker.ts';

const functionsDir = Deno.env.get('STACK_FUNCTIONS_DIR')!;
const port = Number(Deno.env.get('STACK_FUNCTIONS_PORT'));
const wallClockMs = Number(Deno.env.get('STACK_FUNCTION_WALL_CLOCK_SECONDS') || 150) * 1000;
const memoryLimitBytes = Number(Deno.env.get('STACK_FUNCTION_MEMORY_MB') ?? 256) * 1024 * 1024;
const maxRequestBytes = Number(Deno.env.get('STACK_FUNCTION_MAX_REQUEST_MB') ?? 20) * 1024 * 1024;
const WALL_CLOCK_REACHED = 'wall clock time limit reached';

const json = (status: number, code: string, message: string) =>
  new Response(JSON.stringify({ error: { code, message } }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

const workerLimit = () =>
  new Response(
    JSON.stringify({
      code: 'WORKER_LIMIT',
      message: 'Function failed due to not having enough compute resources (please check logs)',
    }),
    { status: 546, headers: { 'Content-Type': 'application/json' } },
  );

const tooLarge = () =>
  new Response(
    JSON.stringify({
      code: 'REQUEST_TOO_LARGE',
      message: `The request body exceeds ${maxRequestBytes / 1048576} MB`,
    }),
    { status: 413, headers: { 'Content-Type': 'application/json' } },
  );

/** A request a worker is serving: how its answer arrives, and how to end it from outside. */
type Pending = {
  answer: (response: Response) => void;
  stream: ReadableStreamDefaultController<Uint8Array> | null;
  /** The client's request body, read chunk by chunk as the function pulls it. */
  body: ReadableStreamDefaultReader<Uint8Array> | null;
  bodyBytes: number;
};

type FunctionWorker = {
  name: string;
  worker: Worker;
  startedAt: number;
  ready: Promise<void>;
  pending: Map<number, Pending>;
  ended: boolean;
};

const current = new Map<string, FunctionWorker>();
let nextRequestId = 1;

async function exists(path: string) {
  try {
    return (await Deno.stat(path)).isFile;
  } catch {
    return false;
  }
}

/** Ends a worker: unanswered requests get `unanswered()`, open streams are cut with `reason`. */
function endWorker(entry: FunctionWorker, unanswered: () => Response, reason: string) {
  if (entry.ended) return;
  entry.ended = true;
  if (current.get(entry.name) === entry) current.delete(entry.name);
  for (const request of entry.pending.values()) {
    releaseBody(request);
    if (request.stream) {
      try {
        request.stream.error(reason);
      } catch {
        // Already closed.
      }
    } else request.answer(unanswered());
  }
  entry.pending.clear();
  entry.worker.terminate();
}

function startWorker(name: string, entryFile: string): FunctionWorker {
  const worker = new Worker(new URL('./function-worker.ts', import.meta.url).href, {
    type: 'module',
  });
  let loaded!: () => void;
  let failed!: (error: Error) => void;
  const entry: FunctionWorker = {
    name,
    worker,
    startedAt: Date.now(),
    ready: new Promise<void>((resolve, reject) => {
      loaded = resolve;
      failed = reject;
    }),
    pending: new Map(),
    ended: false,
  };
  entry.ready.catch(() => undefined);
  const lifetime = setTimeout(() => {
    if (entry.pending.size) console.error(`[${name}] ${WALL_CLOCK_REACHED}: worker terminated`);
    endWorker(
      entry,
      () => json(504, 'gateway_timeout', `Function "${name}" did not answer in time`),
      WALL_CLOCK_REACHED,
    );
  }, wallClockMs);
  worker.onerror = (event) => {
    // An error nobody caught ends the worker, as hosted's runtime does.
    event.preventDefault();
    console.error(`[${name}] uncaught error, worker terminated:`, event.message);
    clearTimeout(lifetime);
    failed(new Error(event.message));
    endWorker(
      entry,
      () => json(500, 'internal', 'The function failed unexpectedly'),
      'worker failed',
    );
  };
  worker.onmessage = (event: MessageEvent<FromWorker>) => {
    const message = event.data;
    if (message.type === 'ready') return loaded();
    if (message.type === 'load-failed') {
      clearTimeout(lifetime);
      failed(new Error(message.message));
      return endWorker(
        entry,
        () => json(500, 'internal', `Function "${name}" failed to start`),
        '',
      );
    }
    if (message.type === 'memory') {
      if (!(memoryLimitBytes > 0) || message.bytes <= memoryLimitBytes) return;
      console.error(
        `[${name}] Memory limit exceeded (${Math.round(message.bytes / 1048576)} MB of ${memoryLimitBytes / 1048576} MB): worker terminated`,
      );
      clearTimeout(lifetime);
      return endWorker(entry, workerLimit, 'worker terminated');
    }
    const request = entry.pending.get(message.id);
    if (!request) return;
    if (message.type === 'pull') return void sendBodyChunk(entry, message.id, request);
    if (message.type === 'body-cancel') return releaseBody(request);
    if (message.type === 'head' && message.body) {
      // The whole answer at once (function-worker.ts says why).
      releaseBody(request);
      entry.pending.delete(message.id);
      request.answer(
        new Response(nullBodyStatus(message.status) ? null : message.body, {
          status: message.status,
          statusText: message.statusText,
          headers: message.headers,
        }),
      );
    } else if (message.type === 'head') {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          request.stream = controller;
        },
        cancel() {
          releaseBody(request);
          entry.pending.delete(message.id);
          if (!entry.ended)
            worker.postMessage({ type: 'cancel', id: message.id } satisfies ToWorker);
        },
      });
      request.answer(
        new Response(nullBodyStatus(message.status) ? null : body, {
          status: message.status,
          statusText: message.statusText,
          headers: message.headers,
        }),
      );
    } else if (message.type === 'chunk') request.stream?.enqueue(message.bytes);
    else if (message.type === 'end') {
      releaseBody(request);
      entry.pending.delete(message.id);
      request.stream?.close();
    } else if (message.type === 'failed') {
      releaseBody(request);
      entry.pending.delete(message.id);
      if (request.stream) request.stream.error(message.message);
      else request.answer(json(500, 'internal', message.message));
    }
  };
  worker.postMessage({ type: 'load', entry: entryFile, port } satisfies ToWorker);
  return entry;
}

const nullBodyStatus = (status: number) =>
  status === 101 || status === 204 || status === 205 || status === 304;

/** The function's worker for a new request: the current one until half its lifetime, else a new one. */
function workerFor(name: string, entryFile: string): FunctionWorker {
  const existing = current.get(name);
  if (existing && !existing.ended && Date.now() - existing.startedAt < wallClockMs / 2)
    return existing;
  // Retired: it serves what it has until its own end; new requests start a new worker.
  const fresh = startWorker(name, entryFile);
  current.set(name, fresh);
  return fresh;
}

/**
 * A body over the limit is read on and dropped (never held) for a moment before the 413, so a
 * client or proxy still sending reads the answer instead of a reset connection; one that keeps
 * sending longer is cut then.
 */
const DISCARD_MS = 2_000;

/** Reads and drops what is left of a body, for `ms` at most. */
async function discard(reader: ReadableStreamDefaultReader<Uint8Array>, ms: number) {
  const timer = setTimeout(() => reader.cancel().catch(() => undefined), ms);
  try {
    while (!(await reader.read()).done);
  } catch {
    // Cancelled or reset: nothing more to drop.
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The body is let go: what the client still sends is read and dropped for a moment (so it reads
 * the answer rather than a reset connection), then cut.
 */
function releaseBody(request: Pending) {
  const reader = request.body;
  if (!reader) return;
  request.body = null;
  void discard(reader, DISCARD_MS);
}

/** One chunk of the client's body to the function that asked for it, or its end, or the 413. */
async function sendBodyChunk(entry: FunctionWorker, id: number, request: Pending) {
  const reader = request.body;
  const send = (message: ToWorker, transfer: Transferable[] = []) => {
    if (!entry.ended) entry.worker.postMessage(message, transfer);
  };
  if (!reader) return send({ type: 'body-failed', id, message: 'The request body is gone' });
  let read: ReadableStreamReadResult<Uint8Array>;
  try {
    read = await reader.read();
  } catch {
    request.body = null;
    return send({ type: 'body-failed', id, message: 'The client stopped sending the body' });
  }
  if (read.done) {
    request.body = null;
    return send({ type: 'body', id, bytes: null });
  }
  request.bodyBytes += read.value.byteLength;
  if (maxRequestBytes > 0 && request.bodyBytes > maxRequestBytes) {
    send({ type: 'body-failed', id, message: 'The request body is too large' });
    releaseBody(request);
    if (!request.stream) {
      entry.pending.delete(id);
      request.answer(tooLarge());
    }
    return;
  }
  const bytes = read.value.slice();
  send({ type: 'body', id, bytes }, [bytes.buffer]);
}

async function serveRequest(request: Request, info: Deno.ServeHandlerInfo): Promise<Response> {
  const name = new URL(request.url).pathname.split('/')[1] ?? '';
  if (!/^[a-z0-9][a-z0-9_-]*$/i.test(name)) return json(404, 'not_found', 'Function not found');
  const entryFile = `${functionsDir}/${name}/index.ts`;
  if (!(await exists(entryFile))) return json(404, 'not_found', `Function "${name}" not found`);
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (request.body && maxRequestBytes > 0 && declared > maxRequestBytes) {
    await discard(request.body.getReader(), DISCARD_MS);
    return tooLarge();
  }

  let entry = workerFor(name, entryFile);
  for (let attempt = 0; ; attempt += 1) {
    try {
      await entry.ready;
    } catch {
      return json(500, 'internal', `Function "${name}" failed to start`);
    }
    // Ended while this request waited for it to load (its memory, say): the next worker takes it.
    if (!entry.ended) break;
    if (attempt === 1) return workerLimit();
    entry = workerFor(name, entryFile);
  }
  const id = nextRequestId++;
  const remote = info.remoteAddr as Deno.NetAddr;
  return await new Promise<Response>((answer) => {
    entry.pending.set(id, {
      answer,
      stream: null,
      body: request.body?.getReader() ?? null,
      bodyBytes: 0,
    });
    entry.worker.postMessage({
      type: 'request',
      id,
      method: request.method,
      url: request.url,
      headers: [...request.headers],
      hasBody: request.body !== null,
      remoteAddr: { hostname: remote.hostname, port: remote.port },
    } satisfies ToWorker);
  });
}

Deno.serve(
  { hostname: '127.0.0.1', port, onListen: () => console.log(`functions listening on ${port}`) },
  async (request, info) => {
    try {
      return await serveRequest(request, info);
    } catch (error) {
      console.error('[functions] unhandled error:', error);
      return json(500, 'internal', 'The function failed unexpectedly');
    }
  },
);
