import {
  ERROR_STATUS,
  FUNCTION_ERROR_STATUS,
  type ErrorCode,
  type FunctionErrorCode,
} from '@contract/errors.ts';

/**
 * Every code an ApiError carries: the call API's and the other functions' (the contract's), and
 * two of the browser's own: `network_error` (no answer arrived) and `unexpected_response` (an
 * answer not in our shape, e.g. a gateway's page).
 */
export type ApiErrorCode = ErrorCode | FunctionErrorCode | 'network_error' | 'unexpected_response';

const knownCodes = new Set<string>([
  ...Object.keys(ERROR_STATUS),
  ...Object.keys(FUNCTION_ERROR_STATUS),
]);

const isKnownCode = (code: string): code is ErrorCode | FunctionErrorCode => knownCodes.has(code);

/**
 * The browser's one error for a request to our functions: refused (the server's
 * `{ "error": { "code", "message", "field", "request_id" } }`, docs/product-rules.md#api-errors,
 * read once) or unanswered (`status` 0). Features word it with a map from `code` to their text.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  /** The request field the error is about, when the server names one. */
  readonly field: string | undefined;
  /** The server's request id (body `request_id` or the `Request-Id` header), to quote to support. */
  readonly requestId: string | undefined;
  /** Seconds, from `Retry-After` (429). */
  readonly retryAfter: number | undefined;
  /** The rest of the server's error object, e.g. a refused batch's `rows`. */
  readonly details: Readonly<Record<string, unknown>>;

  constructor(options: {
    status: number;
    code: ApiErrorCode;
    message: string;
    field?: string;
    requestId?: string;
    retryAfter?: number;
    details?: Record<string, unknown>;
  }) {
    super(options.message);
    this.name = 'ApiError';
    this.status = options.status;
    this.code = options.code;
    this.field = options.field;
    this.requestId = options.requestId;
    this.retryAfter = options.retryAfter;
    this.details = options.details ?? {};
  }

  /** True when the request never got an answer (as opposed to a refusal). */
  get unanswered(): boolean {
    return this.status === 0;
  }
}

/** How a feature words an error the server did not word, and no answer at all. */
export type ErrorWording = {
  /** When the answer carries no message of ours (not our JSON, a gateway's page). */
  unexpected?: string;
  /** When no answer arrived. */
  unanswered?: string;
};

const defaultWording: Required<ErrorWording> = {
  unexpected: 'The server could not handle the request. Please try again.',
  unanswered: 'Could not reach the server. Check your connection and try again.',
};

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value : undefined;

/**
 * The one parser of an error answer. `body.error` is normally `{ code, message, field,
 * request_id, ... }`; an older answer may carry a bare string, read as the message. A code the
 * contract does not know, or a body that is not ours, is `unexpected_response`.
 */
export function parseApiError(
  status: number,
  body: unknown,
  options: { headers?: Headers; wording?: ErrorWording } = {},
): ApiError {
  const raw = body && typeof body === 'object' && 'error' in body ? body.error : undefined;
  const fields: Record<string, unknown> = raw && typeof raw === 'object' ? { ...raw } : {};
  const { code, message, field, request_id: requestId, ...details } = fields;
  const serverCode = text(code);
  const retryAfter = Number(options.headers?.get('retry-after'));
  return new ApiError({
    status,
    code: serverCode && isKnownCode(serverCode) ? serverCode : 'unexpected_response',
    message: text(raw) ?? text(message) ?? options.wording?.unexpected ?? defaultWording.unexpected,
    field: text(field),
    requestId: text(requestId) ?? text(options.headers?.get('request-id')),
    retryAfter: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    details,
  });
}

/** A request that got no answer (the network, a relay) as an ApiError in the feature's words. */
export function unansweredError(wording: ErrorWording = {}): ApiError {
  return new ApiError({
    status: 0,
    code: 'network_error',
    message: wording.unanswered ?? defaultWording.unanswered,
  });
}

/**
 * True for the abort of a request its caller no longer wants (a closed view, a new query): a
 * DOMException named AbortError, which is not an Error everywhere.
 */
export const isAbort = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError';
