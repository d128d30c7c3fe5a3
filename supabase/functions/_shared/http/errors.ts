// The call API's error codes and their statuses: the documented set (the API reference and
// openapi.yaml list exactly these). The other functions' codes are the contract's FUNCTION_ERROR_STATUS.
import { ERROR_STATUS } from '../contract/errors.ts';
import type { ErrorCode } from '../errors.ts';

export const CALL_API_STATUS: Record<ErrorCode, number> = ERROR_STATUS;
