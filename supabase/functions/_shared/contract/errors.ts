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
  not_configured: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/**
 * The codes only the other functions answer, with their status: the ones the app calls (checkout,
 * phone verification, account, contact) and the providers' webhooks. The API reference does not
 * list them; the app words them.
 */
export const FUNCTION_ERROR_STATUS = {
  invalid_json: 400,
  validation_failed: 400,
  captcha_required: 400,
  captcha_failed: 400,
  client_ip_unknown: 400,
  missing_signature: 400,
  invalid_signature: 400,
  invalid_phone: 400,
  invalid_code: 400,
  incorrect_code: 400,
  code_expired: 400,
  forbidden: 403,
  phone_taken: 409,
  payload_too_large: 413,
  busy: 429,
  too_many_sends: 429,
  too_many_numbers: 429,
  too_many_attempts: 429,
  unavailable: 500,
  payment_provider_error: 502,
  provider_unavailable: 502,
} as const;
export type FunctionErrorCode = keyof typeof FUNCTION_ERROR_STATUS;

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
