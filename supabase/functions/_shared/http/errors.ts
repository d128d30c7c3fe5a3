// The call API's error shape (docs/product-rules.md#api-errors): always JSON, never a stack trace
// or SQL text.
import { corsHeaders } from './cors.ts';

export type ErrorCode =
  | 'unauthorized'
  | 'kyc_required'
  | 'phone_verification_required'
  | 'invalid_request'
  | 'number_not_allowed'
  | 'do_not_call'
  | 'insufficient_credits'
  | 'not_found'
  | 'method_not_allowed'
  | 'idempotency_conflict'
  | 'task_not_cancelable'
  | 'rate_limited'
  | 'internal';

const STATUS: Record<ErrorCode, number> = {
  unauthorized: 401,
  kyc_required: 403,
  phone_verification_required: 403,
  invalid_request: 400,
  number_not_allowed: 400,
  do_not_call: 403,
  insufficient_credits: 402,
  not_found: 404,
  method_not_allowed: 405,
  idempotency_conflict: 409,
  task_not_cancelable: 409,
  rate_limited: 429,
  internal: 500,
};

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
    readonly headers: Record<string, string> = {},
    /** More of the error object, e.g. a batch's bad `rows`. */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.status = STATUS[code];
  }
}

/** An unexpected error as one log line: its stack where it has one. */
export function describeError(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

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

/**
 * Turns anything thrown into the API's error response. Unexpected errors are logged with a request
 * id and answered with that id only, so a user can quote it and we can find the log line.
 */
export function errorResponse(
  error: unknown,
  requestId: string,
  log: (line: string) => void = console.error,
): Response {
  if (error instanceof ApiError) {
    const body: Record<string, unknown> = { code: error.code, message: error.message };
    if (error.field) body.field = error.field;
    Object.assign(body, error.details);
    return jsonResponse(
      error.status,
      { error: body },
      { ...error.headers, 'Request-Id': requestId },
    );
  }
  log(`[${requestId}] ${describeError(error)}`);
  return jsonResponse(
    500,
    {
      error: {
        code: 'internal',
        message: `Something went wrong on our side. Quote request id ${requestId} if you contact support.`,
        request_id: requestId,
      },
    },
    { 'Request-Id': requestId },
  );
}

// Browser-called functions (onboarding, billing): POST with a JSON body, the same error shape.

/** A JSON response with CORS headers. */
export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'application/json' },
  });
}

/** The API's error shape, `{ "error": { "code", "message" } }`, with CORS headers. */
export function errorJson(status: number, code: string, message: string): Response {
  return json(status, { error: { code, message } });
}

/** Thrown by request handling to answer with an error; anything else becomes a 500. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Reads a JSON object body, or throws a 400 the caller can show as is. */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw new HttpError(400, 'invalid_request', 'The request body must be JSON.');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new HttpError(400, 'invalid_request', 'The request body must be a JSON object.');
  return body as Record<string, unknown>;
}

/** Wraps a handler: OPTIONS, POST only, HttpError → its JSON, anything else → 500 without a trace. */
export function postHandler(
  handle: (request: Request) => Promise<Response>,
  log: (message: string, error: unknown) => void = console.error,
): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
    if (request.method !== 'POST')
      return errorJson(405, 'method_not_allowed', 'Use POST for this endpoint.');
    try {
      return await handle(request);
    } catch (error) {
      if (error instanceof HttpError) return errorJson(error.status, error.code, error.message);
      log('unhandled error', error);
      return errorJson(500, 'internal', 'Something went wrong on our side. Please try again.');
    }
  };
}
