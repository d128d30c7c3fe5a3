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
      return await handler(request, info);
    } catch (error) {
      console.error(`[${name}] unhandled error:`, error);
      return json(500, 'internal', 'The function failed unexpectedly');
    }
  },
);
