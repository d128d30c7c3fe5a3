// One worker of the local edge runtime: a Deno Web Worker (its own isolate, as hosted gives each
// function worker) that imports one function's index.ts, captures its Deno.serve handler, and
// answers the requests functions-main.ts hands it, streaming each response back in chunks.
// When the worker is terminated (its lifetime or its memory is up), everything in it stops with
// it: open responses, timers, and work handed to EdgeRuntime.waitUntil, exactly as on hosted.
// This file runs under Deno, not Node.

/// <reference lib="deno.worker" />

type Handler = (request: Request, info: unknown) => Response | Promise<Response>;

export type ToWorker =
  | { type: 'load'; entry: string; port: number }
  | {
      type: 'request';
      id: number;
      method: string;
      url: string;
      headers: [string, string][];
      /** Whether a body follows, chunk by chunk as the function reads it ('body' messages). */
      hasBody: boolean;
      remoteAddr: { hostname: string; port: number };
    }
  | { type: 'body'; id: number; bytes: Uint8Array | null }
  | { type: 'body-failed'; id: number; message: string }
  | { type: 'cancel'; id: number };

export type FromWorker =
  | { type: 'ready' }
  | { type: 'load-failed'; message: string }
  | {
      type: 'head';
      id: number;
      status: number;
      statusText: string;
      headers: [string, string][];
      /** The whole body, when it ended at once: no 'chunk' or 'end' follows. */
      body?: Uint8Array;
    }
  | { type: 'chunk'; id: number; bytes: Uint8Array }
  | { type: 'end'; id: number }
  | { type: 'failed'; id: number; message: string }
  | { type: 'memory'; bytes: number }
  /** The function reads its request body: the next chunk, please. */
  | { type: 'pull'; id: number }
  /** The function stopped reading its request body (it refused it, say). */
  | { type: 'body-cancel'; id: number };

const post = (message: FromWorker, transfer: Transferable[] = []) =>
  self.postMessage(message, transfer);

let handler: Handler | null = null;
const readers = new Map<number, ReadableStreamDefaultReader<Uint8Array>>();
/** Request bodies being read, fed one chunk per pull (the client's pace, never buffered ahead). */
const bodies = new Map<
  number,
  { controller: ReadableStreamDefaultController<Uint8Array>; pulled: () => void }
>();

/**
 * The request body as a stream the main isolate fills on demand: each read asks it for one chunk,
 * so a function that refuses a body at its cap answers while the client is still sending, as on
 * hosted, and a body is never held whole unless the function holds it.
 */
function requestBody(id: number): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      bodies.set(id, { controller, pulled: () => {} });
    },
    pull() {
      return new Promise<void>((pulled) => {
        const body = bodies.get(id);
        if (!body) return pulled();
        body.pulled = pulled;
        post({ type: 'pull', id });
      });
    },
    cancel() {
      bodies.delete(id);
      post({ type: 'body-cancel', id });
    },
  });
}

function feedBody(message: Extract<ToWorker, { type: 'body' | 'body-failed' }>) {
  const body = bodies.get(message.id);
  if (!body) return;
  try {
    if (message.type === 'body-failed') {
      bodies.delete(message.id);
      body.controller.error(new TypeError(message.message));
    } else if (message.bytes === null) {
      bodies.delete(message.id);
      body.controller.close();
    } else body.controller.enqueue(message.bytes);
  } catch {
    // The function already let the body go.
  }
  body.pulled();
}

/** The handler the function's module passes to Deno.serve, when it is imported. */
function captureServe(port: number): Promise<Handler> {
  return new Promise((resolve) => {
    type ServeArgs = [Handler | { handler?: Handler }, Handler?];
    (Deno as unknown as { serve: (...args: ServeArgs) => unknown }).serve = (...args) => {
      const [first, second] = args;
      resolve((typeof first === 'function' ? first : (second ?? first.handler)) as Handler);
      return {
        finished: new Promise<void>(() => {}),
        shutdown: async () => {},
        ref() {},
        unref() {},
        addr: { hostname: '127.0.0.1', port, transport: 'tcp' },
      };
    };
  });
}

async function load(entry: string, port: number) {
  try {
    const captured = captureServe(port);
    await import(`file://${entry}`);
    handler = await Promise.race([
      captured,
      new Promise<Handler>((_, reject) =>
        setTimeout(() => reject(new Error('index.ts never called Deno.serve')), 5_000),
      ),
    ]);
    post({ type: 'ready' });
  } catch (error) {
    console.error(`[${entry}] failed to load:`, error);
    post({ type: 'load-failed', message: (error as Error).message ?? String(error) });
  }
}

async function answer(message: Extract<ToWorker, { type: 'request' }>) {
  const { id } = message;
  let response: Response;
  try {
    const request = new Request(message.url, {
      method: message.method,
      headers: message.headers,
      body: message.hasBody ? requestBody(id) : null,
    });
    const info = {
      remoteAddr: { transport: 'tcp', ...message.remoteAddr },
      completed: new Promise<void>(() => {}),
    };
    response = await handler!(request, info);
  } catch (error) {
    console.error(`unhandled error:`, error);
    post({ type: 'failed', id, message: 'The function failed unexpectedly' });
    return;
  }
  const head: Extract<FromWorker, { type: 'head' }> = {
    type: 'head',
    id,
    status: response.status,
    statusText: response.statusText,
    headers: [...response.headers],
  };
  if (!response.body) {
    bodies.delete(id);
    return post({ ...head, body: new Uint8Array(0) });
  }
  const reader = response.body.getReader();
  readers.set(id, reader);
  try {
    // A body that is all there at once (a JSON answer) goes out whole with its head, and the
    // runtime writes it in one piece. Sent as head, chunk and end, its end was written apart and
    // waited for the gateway's delayed ACK (Nagle's algorithm, which Deno.serve cannot turn off
    // for the connections it accepts): 40 ms on one answer in five to ten.
    const early: Uint8Array[] = [];
    let earlyBytes = 0;
    let pending = reader.read();
    for (;;) {
      const next = await Promise.race([pending, afterPendingWork()]);
      if (next === STILL_COMING) break;
      if (next.done) {
        const body = joined(early, earlyBytes);
        return post({ ...head, body }, [body.buffer]);
      }
      // A copy of its own: a chunk may be a view into a buffer the stream still uses.
      early.push(next.value.slice());
      earlyBytes += next.value.byteLength;
      pending = reader.read();
      if (earlyBytes > WHOLE_BODY_MAX_BYTES) break;
    }
    post(head);
    for (const bytes of early) post({ type: 'chunk', id, bytes }, [bytes.buffer]);
    for (;;) {
      const { value, done } = await pending;
      if (done) break;
      const bytes = value.slice();
      post({ type: 'chunk', id, bytes }, [bytes.buffer]);
      pending = reader.read();
    }
    post({ type: 'end', id });
  } catch (error) {
    post({ type: 'failed', id, message: (error as Error).message ?? String(error) });
  } finally {
    readers.delete(id);
    bodies.delete(id);
  }
}

/** What is sent whole with its head at most; a longer body streams. */
const WHOLE_BODY_MAX_BYTES = 64 * 1024;
const STILL_COMING = Symbol('still coming');
/** Settles once the work already queued has run: a body still pending then is a stream. */
const afterPendingWork = () =>
  new Promise<typeof STILL_COMING>((resolve) => setTimeout(() => resolve(STILL_COMING), 0));

function joined(chunks: Uint8Array[], bytes: number) {
  const body = new Uint8Array(bytes);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

self.onmessage = (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  if (message.type === 'load') {
    void load(message.entry, message.port);
    // What this isolate holds (heap and array buffers), for hosted's per-worker memory limit.
    setInterval(() => {
      const { heapUsed, external } = Deno.memoryUsage();
      post({ type: 'memory', bytes: heapUsed + external });
    }, 50);
  } else if (message.type === 'request') void answer(message);
  else if (message.type === 'body' || message.type === 'body-failed') feedBody(message);
  else if (message.type === 'cancel')
    readers
      .get(message.id)
      ?.cancel('client gone')
      .catch(() => {});
};
