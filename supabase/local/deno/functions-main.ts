// Deno entry of the local edge runtime: serves supabase/functions/<name>/index.ts at /<name>/…,
// the way Supabase's edge runtime does. Each function's own `Deno.serve(handler)` call is captured
// when its module is first imported, so the deployable function files run here unchanged.
// This file runs under Deno, not Node.

type Handler = (request: Request, info: Deno.ServeHandlerInfo) => Response | Promise<Response>;

const functionsDir = Deno.env.get('STACK_FUNCTIONS_DIR')!;
const port = Number(Deno.env.get('STACK_FUNCTIONS_PORT'));
const handlers = new Map<string, Promise<Handler>>();
let loading: Promise<unknown> = Promise.resolve();

const json = (status: number, code: string, message: string) =>
  new Response(JSON.stringify({ error: { code, message } }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

function captureServe(): Promise<Handler> {
  return new Promise((resolve) => {
    type ServeArgs = [Handler | { handler?: Handler }, Handler?];
    (Deno as unknown as { serve: (...args: ServeArgs) => unknown }).serve = (
      ...args: ServeArgs
    ) => {
      const [first, second] = args;
      const handler = (typeof first === 'function' ? first : (second ?? first.handler)) as Handler;
      resolve(handler);
      const finished = new Promise<void>(() => {});
      return {
        finished,
        shutdown: async () => {},
        ref() {},
        unref() {},
        addr: { hostname: '127.0.0.1', port, transport: 'tcp' },
      };
    };
  });
}

async function exists(path: string) {
  try {
    return (await Deno.stat(path)).isFile;
  } catch {
    return false;
  }
}

function load(name: string): Promise<Handler> | null {
  const cached = handlers.get(name);
  if (cached) return cached;
  const entry = `${functionsDir}/${name}/index.ts`;
  // Imports are serialised so each captured Deno.serve belongs to the module being imported.
  const next = loading.then(async () => {
    if (!(await exists(entry))) throw new Deno.errors.NotFound(name);
    const captured = captureServe();
    await import(`file://${entry}`);
    return await Promise.race([
      captured,
      new Promise<Handler>((_, reject) =>
        setTimeout(() => reject(new Error(`${name}/index.ts never called Deno.serve`)), 5_000),
      ),
    ]);
  });
  loading = next.catch(() => undefined);
  handlers.set(name, next);
  next.catch(() => handlers.delete(name));
  return next;
}

/**
 * Hosted's limit on how long a worker lives (150 s on the free plan), applied here to each request
 * from its start: one that has not answered by then gets a 504, and a streamed body still open is
 * cut. Hosted counts it from the worker's start, shared by all its requests, so there a request may
 * be cut sooner.
 */
const wallClockMs = Number(Deno.env.get('STACK_FUNCTION_WALL_CLOCK_SECONDS') || 150) * 1000;
const WALL_CLOCK_REACHED = 'wall clock time limit reached';

/** The handler's response, or a 504 if none comes within the wall clock; its body cut then. */
async function withinWallClock(name: string, answer: Promise<Response>): Promise<Response> {
  const deadline = Date.now() + wallClockMs;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), wallClockMs);
  });
  const response = await Promise.race([answer, timedOut]);
  clearTimeout(timer);
  if (!response) {
    console.error(`[${name}] ${WALL_CLOCK_REACHED} before a response`);
    answer.then((late) => late.body?.cancel(WALL_CLOCK_REACHED)).catch(() => undefined);
    return json(504, 'gateway_timeout', `Function "${name}" did not answer in time`);
  }
  if (!response.body) return response;
  const reader = response.body.getReader();
  let cut: ReturnType<typeof setTimeout> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      cut = setTimeout(
        () => {
          console.error(`[${name}] ${WALL_CLOCK_REACHED}: response cut`);
          reader.cancel(WALL_CLOCK_REACHED).catch(() => undefined);
          controller.error(WALL_CLOCK_REACHED);
        },
        Math.max(0, deadline - Date.now()),
      );
    },
    async pull(controller) {
      try {
        const { value, done } = await reader.read();
        if (done) {
          clearTimeout(cut);
          controller.close();
        } else controller.enqueue(value);
      } catch (error) {
        clearTimeout(cut);
        controller.error(error);
      }
    },
    cancel(reason) {
      clearTimeout(cut);
      return reader.cancel(reason);
    },
  });
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

/**
 * Hosted's memory limit for a worker (256 MB: heap and array buffers). A worker past it is
 * terminated and every request it was serving answers 546 with hosted's WORKER_LIMIT body; the
 * next request gets a new worker. Here every function shares one Deno process, so the limit is
 * applied to the process (stricter than hosted with several functions busy at once): sampled every
 * 50 ms, then the in-flight requests are answered 546 and the process exits, and the stack's
 * supervisor starts it again. STACK_FUNCTION_MEMORY_MB=0 turns it off.
 */
const memoryLimitBytes = Number(Deno.env.get('STACK_FUNCTION_MEMORY_MB') ?? 256) * 1024 * 1024;
const WORKER_LIMIT_BODY = JSON.stringify({
  code: 'WORKER_LIMIT',
  message: 'Function failed due to not having enough compute resources (please check logs)',
});
const workerLimit = () =>
  new Response(WORKER_LIMIT_BODY, { status: 546, headers: { 'Content-Type': 'application/json' } });
/** Requests being served: how to answer each (or cut its streamed body) when the worker dies. */
const inFlight = new Set<{ name: string; terminate: () => void }>();
let terminating = false;

function watchMemory() {
  if (!(memoryLimitBytes > 0)) return;
  setInterval(() => {
    if (terminating) return;
    const { heapUsed, external } = Deno.memoryUsage();
    if (heapUsed + external <= memoryLimitBytes) return;
    terminating = true;
    const names = new Set([...inFlight].map((request) => request.name));
    console.error(
      `[${[...names].join(', ') || 'runtime'}] Memory limit exceeded (${Math.round((heapUsed + external) / 1048576)} MB of ${memoryLimitBytes / 1048576} MB): worker terminated`,
    );
    for (const request of inFlight) request.terminate();
    // The 546 answers are flushed first; the supervisor restarts the runtime.
    setTimeout(() => Deno.exit(70), 250);
  }, 50);
}
watchMemory();

/**
 * Hosted publishes no request-size limit for Edge Functions (the body counts toward the worker's
 * memory once read). Locally a body over STACK_FUNCTION_MAX_REQUEST_MB (default 20) is refused
 * before the function runs: by its Content-Length with 413, or while it streams in (the
 * function's read fails and the request answers 413).
 */
const maxRequestBytes = Number(Deno.env.get('STACK_FUNCTION_MAX_REQUEST_MB') ?? 20) * 1024 * 1024;
const tooLarge = () =>
  new Response(
    JSON.stringify({
      code: 'REQUEST_TOO_LARGE',
      message: `The request body exceeds ${maxRequestBytes / 1048576} MB`,
    }),
    { status: 413, headers: { 'Content-Type': 'application/json', Connection: 'close' } },
  );

/** The request with a body that errors once more than maxRequestBytes have streamed in. */
function boundedRequest(request: Request, exceeded: () => void): Request {
  if (!request.body || !(maxRequestBytes > 0)) return request;
  let seen = 0;
  const counted = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > maxRequestBytes) {
          exceeded();
          controller.error(new RangeError('request body too large'));
        } else controller.enqueue(chunk);
      },
    }),
  );
  return new Request(request, { body: counted, duplex: 'half' } as RequestInit);
}

/** The handler's answer, unless the worker is terminated or the body is too large first. */
async function serveWithinLimits(
  name: string,
  request: Request,
  run: (request: Request) => Promise<Response>,
): Promise<Response> {
  if (terminating) return workerLimit();
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (maxRequestBytes > 0 && declared > maxRequestBytes) {
    await request.body?.cancel().catch(() => undefined);
    return tooLarge();
  }
  let settle!: (response: Response) => void;
  const limited = new Promise<Response>((resolve) => (settle = resolve));
  const entry = { name, terminate: () => settle(workerLimit()) };
  inFlight.add(entry);
  const bounded = boundedRequest(request, () => settle(tooLarge()));
  try {
    const response = await Promise.race([run(bounded), limited]);
    // A body the function answered without reading (a 401 before the body, say) is cancelled, so
    // the counting pipe and the request's buffers are released now rather than held open.
    if (!bounded.bodyUsed) bounded.body?.cancel().catch(() => undefined);
    if (!response.body) {
      inFlight.delete(entry);
      return response;
    }
    // A streamed body is still the worker's: cut when the worker is terminated.
    const reader = response.body.getReader();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        entry.terminate = () => {
          reader.cancel('worker terminated').catch(() => undefined);
          controller.error('worker terminated');
        };
      },
      async pull(controller) {
        try {
          const { value, done } = await reader.read();
          if (done) {
            inFlight.delete(entry);
            controller.close();
          } else controller.enqueue(value);
        } catch (error) {
          inFlight.delete(entry);
          controller.error(error);
        }
      },
      cancel(reason) {
        inFlight.delete(entry);
        return reader.cancel(reason);
      },
    });
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  } catch (error) {
    inFlight.delete(entry);
    throw error;
  }
}

const serve = Deno.serve.bind(Deno);

serve(
  { hostname: '127.0.0.1', port, onListen: () => console.log(`functions listening on ${port}`) },
  async (request, info) => {
    const name = new URL(request.url).pathname.split('/')[1] ?? '';
    if (!/^[a-z0-9][a-z0-9_-]*$/i.test(name)) return json(404, 'not_found', 'Function not found');
    let handler: Handler;
    try {
      handler = await load(name)!;
    } catch (error) {
      if (error instanceof Deno.errors.NotFound)
        return json(404, 'not_found', `Function "${name}" not found`);
      console.error(`[${name}] failed to load:`, error);
      return json(500, 'internal', `Function "${name}" failed to start`);
    }
    try {
      return await withinWallClock(
        name,
        serveWithinLimits(name, request, async (bounded) => await handler(bounded, info)),
      );
    } catch (error) {
      console.error(`[${name}] unhandled error:`, error);
      return json(500, 'internal', 'The function failed unexpectedly');
    }
  },
);
