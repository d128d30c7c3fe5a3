// The call API's error codes and the one envelope every error answers with:
// `{ "error": { "code", "message", "field"? } }`, always JSON, never a stack trace or SQL text
// (docs/product-rules.md#api-errors). Plain TypeScript, imported by the app and the functions.

/** Each code with the HTTP status it answers with. */
export const ERROR_STATUS = {
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
  range_not_satisfiable: 416,
  rate_limited: 429,
  internal: 500,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/** The body of every error answer. */
export type ErrorEnvelope = {
  error: { code: ErrorCode | (string & {}); message: string; field?: string } & Record<
    string,
    unknown
  >;
};

/** Whether a parsed body is an error envelope. */
export function isErrorEnvelope(body: unknown): body is ErrorEnvelope {
  if (typeof body !== 'object' || body === null) return false;
  const error = (body as { error?: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}
