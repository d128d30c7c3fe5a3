// The call API's error shape (API.md "Errors"): always JSON, never a stack trace or SQL text.

export type ErrorCode =
  | 'unauthorized'
  | 'kyc_required'
  | 'phone_verification_required'
  | 'invalid_request'
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
  ) {
    super(message);
    this.status = STATUS[code];
  }
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
    return jsonResponse(
      error.status,
      { error: body },
      { ...error.headers, 'Request-Id': requestId },
    );
  }
  log(`[${requestId}] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
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
