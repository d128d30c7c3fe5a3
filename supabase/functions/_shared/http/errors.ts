// The call API's error codes and their statuses: the documented set (the API reference and
// openapi.yaml list exactly these). The other functions' codes are in handler.ts.
import type { ErrorCode } from '../errors.ts';

export const CALL_API_STATUS: Record<ErrorCode, number> = {
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
