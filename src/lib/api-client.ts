import { loadSupabase } from '@/lib/load-supabase';

/**
 * One refused or unanswered request to our edge functions or the call API. The server answers
 * errors as `{ "error": { "code", "message", "field", "request_id" } }`
 * (docs/product-rules.md#api-errors);
 * this is that answer, read once. `status` is 0 when no answer arrived (network, relay).
 */
export class ApiRequestError extends Error {
  readonly status: number;
  /** The server's code, `http_<status>` when the body was not ours, `network_error` for no answer. */
  readonly code: string;
  /** The request field the error is about, when the server names one. */
  readonly field: string | undefined;
  /** The server's request id (body `request_id` or the `Request-Id` header), to quote to support. */
  readonly requestId: string | undefined;
  /** Seconds, from `Retry-After` (429). */
  readonly retryAfter: number | undefined;

  constructor(options: {
    status: number;
    code: string;
    message: string;
    field?: string;
    requestId?: string;
    retryAfter?: number;
  }) {
    super(options.message);
    this.name = 'ApiRequestError';
    this.status = options.status;
    this.code = options.code;
    this.field = options.field;
    this.requestId = options.requestId;
    this.retryAfter = options.retryAfter;
  }

  /** True when the request never got an answer (as opposed to a refusal). */
  get unanswered(): boolean {
    return this.status === 0;
  }
}

/** What a feature says when the server's answer carries no message, or when none arrives. */
export type ErrorWording = {
  /** Used when the error body has no message (not our JSON, a gateway page). */
  fallbackMessage?: string | ((status: number) => string);
  /** Used when no answer arrived and the failure itself has no message. */
  networkMessage?: string;
};

const defaultNetworkMessage = 'Could not reach the server. Check your connection and try again.';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value : undefined;

/**
 * The one parser of the error shape. `body.error` is normally `{ code, message, field,
 * request_id }`; an older answer may carry a bare string, read as the message.
 */
export function apiErrorFromBody(
  status: number,
  body: unknown,
  options: ErrorWording & { requestId?: string | null; retryAfter?: number } = {},
): ApiRequestError {
  const raw = body && typeof body === 'object' && 'error' in body ? body.error : undefined;
  const error =
    raw && typeof raw === 'object'
      ? (raw as { code?: unknown; message?: unknown; field?: unknown; request_id?: unknown })
      : {};
  return new ApiRequestError({
    status,
    code: text(error.code) ?? `http_${status}`,
    message:
      text(raw) ??
      text(error.message) ??
      (typeof options.fallbackMessage === 'function'
        ? options.fallbackMessage(status)
        : options.fallbackMessage) ??
      `The server answered ${status}. Please try again.`,
    field: text(error.field),
    requestId: text(error.request_id) ?? options.requestId ?? undefined,
    retryAfter: options.retryAfter,
  });
}

/** Reads a non-2xx response (its JSON body, `Request-Id` and `Retry-After`) into an ApiRequestError. */
export async function apiErrorFrom(
  response: Response,
  wording: ErrorWording = {},
): Promise<ApiRequestError> {
  const retryHeader = Number(response.headers.get('retry-after'));
  const body: unknown = await response.json().catch(() => null);
  return apiErrorFromBody(response.status, body, {
    ...wording,
    requestId: response.headers.get('request-id'),
    retryAfter: Number.isFinite(retryHeader) && retryHeader > 0 ? retryHeader : undefined,
  });
}

/**
 * A failure without an answer (fetch threw, the relay failed) as an ApiRequestError, with the
 * failure's own message when it has one, else the feature's `networkMessage`.
 */
export function unansweredError(cause: unknown, wording: ErrorWording = {}): ApiRequestError {
  const message = cause instanceof Error ? text(cause.message) : text(cause);
  return new ApiRequestError({
    status: 0,
    code: 'network_error',
    message: message ?? wording.networkMessage ?? defaultNetworkMessage,
  });
}

/**
 * A JSON request with a bearer token (the call API takes the account's API key). Resolves with
 * the parsed body; throws ApiRequestError when refused or unanswered, and rethrows an abort.
 */
export async function requestJson<T>(
  url: string,
  init: {
    method?: 'GET' | 'POST';
    bearer?: string;
    json?: unknown;
    headers?: Record<string, string>;
    signal?: AbortSignal;
  } & ErrorWording = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method ?? 'GET',
      headers: {
        ...(init.bearer ? { Authorization: `Bearer ${init.bearer}` } : {}),
        ...(init.json !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...init.headers,
      },
      body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
      signal: init.signal,
    });
  } catch (cause) {
    if ((cause as Error).name === 'AbortError') throw cause;
    // The browser's own words ("Failed to fetch") mean nothing to a user: say it plainly.
    throw unansweredError(null, init);
  }
  if (!response.ok) throw await apiErrorFrom(response, init);
  return (await response.json()) as T;
}

/**
 * Calls one of the project's edge functions as the signed-in user (supabase-js adds the session's
 * token). Resolves with the function's data; throws ApiRequestError when it refuses or cannot be
 * reached.
 */
export async function invokeFunction<T>(
  name: string,
  options: { body?: Record<string, unknown>; headers?: Record<string, string> } & ErrorWording = {},
): Promise<T | null> {
  let result: { data: T | null; error: unknown };
  try {
    const supabase = await loadSupabase();
    result = await supabase.functions.invoke<T>(name, {
      body: options.body,
      headers: options.headers,
    });
  } catch (cause) {
    throw unansweredError(cause, options);
  }
  const { data, error } = result;
  if (!error) return data;
  // supabase-js's FunctionsHttpError carries the function's response. It is matched by name so
  // this module does not load supabase-js for the call API's code.
  if (error instanceof Error && error.name === 'FunctionsHttpError' && 'context' in error)
    throw await apiErrorFrom(error.context as Response, options);
  throw unansweredError(error, options);
}
