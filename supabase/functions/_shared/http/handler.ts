// The HTTP layer of every function: allowed methods, authentication, a body size cap, CORS, a
// request id, and one error envelope `{ "error": { "code", "message", "field"?, "request_id" } }`.
// Services throw ServiceError (no HTTP in it); this layer maps its code to a status. Anything else
// thrown is logged with the request id and answered 500 without a trace.
import { requestStarted } from '../background.ts';
import { describeError, ServiceError } from '../errors.ts';
import { newRequestId } from '../ids.ts';
import { FUNCTION_ERROR_STATUS } from '../contract/errors.ts';
import { CALL_API_STATUS } from './errors.ts';
import { rejectDeepJsonText } from '../json-schema/json-depth.ts';
import type { RequestLogger } from './request-log.ts';

/** Who may call a function. */
export type AuthMode = 'api_key' | 'session' | 'either' | 'service_role' | 'signature' | 'none';

/** How a function authenticates: its mode, and the check that yields the caller (or throws). */
export type Authenticator<Caller> = {
  mode: AuthMode;
  authenticate: (request: Request) => Promise<Caller>;
  /**
   * For routes whose write checks the credential itself (routes.ts): the caller when one is known
   * before the write, or the credential the write checks, itself checked before the body is read;
   * throws when there is none that is valid.
   */
  withWrite?: (request: Request) => Promise<WriteCaller<Caller>>;
};

/**
 * Who sends a request whose write checks the credential itself: a caller already known (a
 * session, checked before), or the credential the write checks.
 */
export type WriteCaller<Caller> =
  { caller: Caller; credential: null } | { caller: null; credential: string };

export const noAuth: Authenticator<null> = { mode: 'none', authenticate: async () => null };

/** The status of each error code. A function may answer a code differently (`statuses`). */
export const STATUS_OF: Record<string, number> = {
  ...CALL_API_STATUS,
  ...FUNCTION_ERROR_STATUS,
};

export type HandlerContext<Caller> = {
  requestId: string;
  /** The path below /functions/v1, without a trailing slash (e.g. /task/task_01…/cancel). */
  path: string;
  url: URL;
  /** The caller by the function's authentication, checked once on first use. */
  caller: () => Promise<Caller>;
  /** The body as text; over the function's size cap → 413 payload_too_large. */
  text: () => Promise<string>;
  /** The body as text within `limit` bytes (a route's own cap), else the error `tooLarge` makes. */
  textWithin: (limit: number, tooLarge: () => ServiceError) => Promise<string>;
  /** The body as a JSON object, or 400 (code and message by `badJson`). */
  jsonObject: () => Promise<Record<string, unknown>>;
};

export type HandlerOptions<Caller> = {
  /** Names the function in log lines. */
  name: string;
  /** The methods answered; absent when the routes check methods themselves. */
  methods?: readonly string[];
  /** The message of a 405; by default "Use POST." and the like. */
  methodNotAllowed?: (method: string) => string;
  /** Extra headers of a 405 (e.g. Allow). */
  methodNotAllowedHeaders?: Record<string, string>;
  auth: Authenticator<Caller>;
  /** When the caller is checked: before the handler runs (default), or when the handler asks. */
  authWhen?: 'first' | 'on_demand';
  /** Largest body accepted, in bytes (default 1 MiB). */
  maxBodyBytes?: number;
  tooLargeMessage?: string;
  /** The error of a body that is not JSON, or not a JSON object. */
  badJson?: { code: string; notJson: string; notObject: string };
  /** CORS headers set on every answer; null for server-to-server endpoints. */
  cors: Record<string, string> | null;
  /** The status of an OPTIONS preflight (204 unless the function has always answered 200). */
  preflightStatus?: 200 | 204;
  /** Codes this function answers with another status than STATUS_OF. */
  statuses?: Record<string, number>;
  /**
   * Whether 4xx error bodies carry `request_id` (it is always in the Request-Id header and in a
   * 500's body). Off where browser code compares the error object whole.
   */
  requestIdInErrorBody?: boolean;
  /** The message of a 500; by default asks to quote the request id. */
  internalMessage?: (requestId: string) => string;
  /** How a thrown error is answered when the caller reads something other than JSON (Twilio). */
  renderError?: (error: ServiceError, status: number, requestId: string) => Response;
  log?: (line: string) => void;
  /** Records each request in the account's request logs, after answering (http/request-log.ts). */
  requestLog?: RequestLogger;
};

const DEFAULT_MAX_BODY = 1024 * 1024;
const DEFAULT_BAD_JSON = {
  code: 'invalid_request',
  notJson: 'The request body must be JSON.',
  notObject: 'The request body must be a JSON object.',
};

export function jsonResponse(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

export function createHandler<Caller>(
  options: HandlerOptions<Caller>,
  handle: (request: Request, context: HandlerContext<Caller>) => Promise<Response>,
): (request: Request) => Promise<Response> {
  const log = options.log ?? ((line: string) => console.error(line));
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY;
  const statusOf = (code: string) => options.statuses?.[code] ?? STATUS_OF[code] ?? 500;

  function finish(response: Response, requestId: string): Response {
    // Responses built by others (Response.redirect, a fetch) may have immutable headers.
    let out = response;
    try {
      out.headers.set('Request-Id', requestId);
    } catch {
      out = new Response(response.body, response);
      out.headers.set('Request-Id', requestId);
    }
    if (options.cors)
      for (const [name, value] of Object.entries(options.cors)) out.headers.set(name, value);
    return out;
  }

  function errorResponse(error: unknown, requestId: string): Response {
    if (error instanceof ServiceError) {
      const status = statusOf(error.code);
      if (error.code !== 'internal') {
        if (options.renderError) return options.renderError(error, status, requestId);
        const body: Record<string, unknown> = { code: error.code, message: error.message };
        if (error.details.field) body.field = error.details.field;
        Object.assign(body, error.details.extra);
        if (options.requestIdInErrorBody ?? true) body.request_id = requestId;
        const headers: Record<string, string> = {};
        if (error.details.retryAfterSeconds !== undefined)
          headers['Retry-After'] = String(error.details.retryAfterSeconds);
        if (status === 405 && options.methodNotAllowedHeaders)
          Object.assign(headers, options.methodNotAllowedHeaders);
        if (status === 405 && error.details.allow)
          headers.Allow = [...error.details.allow, 'OPTIONS'].join(', ');
        return jsonResponse(status, { error: body }, headers);
      }
    }
    log(`[${options.name} ${requestId}] ${describeError(error)}`);
    const message =
      options.internalMessage?.(requestId) ??
      `Something went wrong on our side. Quote request id ${requestId} if you contact support.`;
    const internal = new ServiceError('internal', message);
    if (options.renderError) return options.renderError(internal, 500, requestId);
    return jsonResponse(500, {
      error: { code: 'internal', message, request_id: requestId },
    });
  }

  return async function serve(request: Request): Promise<Response> {
    const ended = requestStarted();
    const started = performance.now();
    const at = new Date();
    const requestId = newRequestId();
    const logged = options.requestLog?.begin(request) ?? null;
    const read: BodyRead = { text: null };
    try {
      const response = withoutBodyForHead(request, await answer(request, requestId, read));
      if (logged) {
        const url = new URL(request.url);
        logged(response, {
          body: read.text,
          at,
          method: request.method.toUpperCase(),
          path: url.pathname.replace(/^\/functions\/v1/, '').replace(/\/+$/, ''),
          query: url.search,
          status: response.status,
          requestId,
          latencyMs: performance.now() - started,
        });
      }
      return response;
    } finally {
      ended();
    }
  };

  async function answer(request: Request, requestId: string, read: BodyRead): Promise<Response> {
    const method = request.method.toUpperCase();
    if (method === 'OPTIONS' && options.cors)
      return finish(new Response(null, { status: options.preflightStatus ?? 204 }), requestId);
    try {
      if (options.methods && !options.methods.includes(method))
        throw new ServiceError(
          'method_not_allowed',
          options.methodNotAllowed?.(method) ?? `Use ${options.methods.join(' or ')}.`,
        );
      const url = new URL(request.url);
      // Hosted: /task/…; behind some proxies: /functions/v1/task/…
      const path = url.pathname.replace(/^\/functions\/v1/, '').replace(/\/+$/, '');
      let checked: Promise<Caller> | null = null;
      const caller = () => (checked ??= options.auth.authenticate(request));
      // The body is read once, whoever asks, and what was read is what the request log keeps.
      const textWithin = (limit: number, tooLarge: string | (() => ServiceError)) =>
        (read.text ??= readLimited(request, limit, tooLarge));
      const text = () =>
        textWithin(
          maxBody,
          options.tooLargeMessage ?? `The request body must be at most ${maxBody} bytes.`,
        );
      const jsonObject = async () => {
        const bad = options.badJson ?? DEFAULT_BAD_JSON;
        const raw = await text();
        rejectDeepJsonText(raw);
        let parsed: unknown;
        try {
          parsed = JSON.parse(raw);
        } catch {
          throw new ServiceError(bad.code, bad.notJson);
        }
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
          throw new ServiceError(bad.code, bad.notObject);
        return parsed as Record<string, unknown>;
      };
      if ((options.authWhen ?? 'first') === 'first') await caller();
      return finish(
        await handle(request, { requestId, path, url, caller, text, textWithin, jsonObject }),
        requestId,
      );
    } catch (error) {
      return finish(errorResponse(error, requestId), requestId);
    }
  }
}

/** A HEAD request's answer: the GET's status and headers, its body never sent. */
function withoutBodyForHead(request: Request, response: Response): Response {
  if (request.method.toUpperCase() !== 'HEAD' || response.body === null) return response;
  void response.body.cancel().catch(() => undefined);
  return new Response(null, { status: response.status, headers: response.headers });
}

/** The body as the handler read it (null: it never asked), for the request log. */
type BodyRead = { text: Promise<string> | null };

/**
 * Reads the body, giving up as soon as it passes `limit` bytes: then 413 payload_too_large saying
 * `tooLarge`, or the error `tooLarge` makes.
 */
export async function readLimited(
  request: Request,
  limit: number,
  tooLarge: string | (() => ServiceError),
): Promise<string> {
  const refusal = () =>
    typeof tooLarge === 'string' ? new ServiceError('payload_too_large', tooLarge) : tooLarge();
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > limit) throw refusal();
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw refusal();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}
