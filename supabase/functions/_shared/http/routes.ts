// A function's route table: each route names its method, its path (`{name}` stands for one
// segment of the shape `params` gives for that name; `{name:kind}` for the shape of `kind`), how its caller is checked and its body's cap. The table
// answers 405 and 404 itself, reads a body once within its route's cap, and applies once the rule
// that a caller's credential is checked before its body is read, so a bad credential is what it
// learns first and costs nothing more.
import { ServiceError } from '../errors.ts';
import { type Authenticator, type HandlerContext, type WriteCaller } from './handler.ts';

export type RouteMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** What a route's handler has of the request. */
export type RouteContext = {
  request: Request;
  url: URL;
  /** The path's `{name}` segments. */
  params: Record<string, string>;
  /** The request's id (the Request-Id header), for an error body a route builds itself. */
  requestId: string;
  /** The body, read within the route's cap and parsed by the table; a route without a cap has none. */
  body: () => Promise<unknown>;
};

export type { WriteCaller };

type Answer<Caller> = (
  context: RouteContext,
  handler: HandlerContext<Caller>,
  auth: Authenticator<Caller>,
) => Promise<Response>;

export type Route<Caller> = {
  method: RouteMethod;
  path: string;
  /** Largest body read, in bytes; a route without one reads no body. */
  maxBodyBytes?: number;
  answer: Answer<Caller>;
};

type RouteShape = {
  method: RouteMethod;
  path: string;
  maxBodyBytes?: number;
  /**
   * The query parameters the route reads; any other is refused with 400, so a typo is named rather
   * than silently ignored. `'schema'`: the route checks its whole query itself (a strict schema).
   */
  query?: readonly string[] | 'schema';
};

/** Refuses a query parameter the route does not read (after the caller is checked). */
function refuseUnknownQuery(shape: RouteShape, url: URL) {
  if (shape.query === 'schema') return;
  const known = shape.query ?? [];
  for (const name of url.searchParams.keys()) {
    if (known.includes(name)) continue;
    const takes = known.length ? `takes only ${known.join(', ')}` : 'takes no query parameters';
    throw new ServiceError(
      'invalid_request',
      `unknown query parameter \`${name}\`; ${shape.method} ${shown(shape.path)} ${takes}`,
      { field: name },
    );
  }
}

/** `{id:batch}` reads `{id}` in messages. */
const shown = (path: string) => path.replace(/\{(\w+):\w+\}/g, '{$1}');

/** A route whose caller is checked before anything else. */
export function route<Caller>(
  shape: RouteShape,
  handle: (context: RouteContext, caller: Caller) => Promise<Response>,
): Route<Caller> {
  return {
    ...shape,
    answer: async (context, handler) => {
      const caller = await handler.caller();
      refuseUnknownQuery(shape, context.url);
      return handle(context, caller);
    },
  };
}

/**
 * A route whose write checks the credential again itself. The credential is checked first, before
 * a byte of the body is read: a caller without a valid one costs one query whatever it sends, and
 * learns that before anything else that is wrong with the request. `check` then runs what comes
 * before the write (query, body, validation), and `write` runs with what `check` returned.
 */
export function routeWithWrite<Caller, Checked>(
  shape: RouteShape,
  steps: {
    check: (context: RouteContext, who: WriteCaller<Caller>) => Promise<Checked>;
    write: (context: RouteContext, who: WriteCaller<Caller>, checked: Checked) => Promise<Response>;
  },
): Route<Caller> {
  return {
    ...shape,
    answer: async (context, handler, auth) => {
      if (!auth.withWrite) throw new Error(`${shape.path}: the authenticator has no withWrite`);
      const who = await auth.withWrite(context.request);
      refuseUnknownQuery(shape, context.url);
      return steps.write(context, who, await steps.check(context, who));
    },
  };
}

export type RouteTable<Caller> = {
  auth: Authenticator<Caller>;
  /** The shapes of the `{name}` segments, as regular expressions without anchors. */
  params: Record<string, string>;
  routes: Route<Caller>[];
  /** A body once read within its cap. */
  parseBody: (text: string) => unknown;
  /** The refusal of a body past its route's cap. */
  tooLarge: (maxBytes: number) => ServiceError;
  /** The refusal of a path no route has; `routes` lists the table's, like `GET /task/{id}`. */
  notFound: (method: string, path: string, routes: string[]) => ServiceError;
};

const allowed = (routes: { route: { method: RouteMethod } }[]) =>
  routes
    .map((one) => one.route.method)
    .sort()
    .join(' or ');

/** The handler of a route table (for createHandler, with `authWhen: 'on_demand'`). */
export function routeTable<Caller>(table: RouteTable<Caller>) {
  const compiled = table.routes.map((one) => {
    const names: string[] = [];
    const source = one.path.replace(/\{(\w+)(?::(\w+))?\}/g, (_, name: string, kind?: string) => {
      const shape = table.params[kind ?? name];
      if (!shape) throw new Error(`${one.path}: no shape for {${name}}`);
      names.push(name);
      return `(${shape})`;
    });
    return { route: one, pattern: new RegExp(`^${source}$`), names, shown: shown(one.path) };
  });

  return async (request: Request, handler: HandlerContext<Caller>): Promise<Response> => {
    const method = request.method.toUpperCase();
    const onPath = compiled.filter((one) => one.pattern.test(handler.path));
    if (onPath.length === 0)
      throw table.notFound(
        method,
        handler.path,
        compiled.map((one) => `${one.route.method} ${one.shown}`),
      );
    // HEAD is GET without the body (RFC 9110 §9.3.2): the handler drops the body it answers.
    const asked = method === 'HEAD' ? 'GET' : method;
    const found = onPath.find((one) => one.route.method === asked);
    if (!found) {
      const methods = new Set<string>(onPath.map((one) => one.route.method));
      if (methods.has('GET')) methods.add('HEAD');
      throw new ServiceError(
        'method_not_allowed',
        `${method} is not supported on ${onPath[0]!.shown}; use ${allowed(onPath)}.`,
        { allow: [...methods].sort() },
      );
    }
    const values = found.pattern.exec(handler.path)!;
    const params = Object.fromEntries(found.names.map((name, i) => [name, values[i + 1]!]));
    const maxBytes = found.route.maxBodyBytes;
    const body = async () => {
      if (maxBytes === undefined) throw new Error(`${found.route.path} declares no body`);
      return table.parseBody(await handler.textWithin(maxBytes, () => table.tooLarge(maxBytes)));
    };
    return found.route.answer(
      { request, url: handler.url, params, body, requestId: handler.requestId },
      handler,
      table.auth,
    );
  };
}
