import type { ErrorBody, ErrorCode } from './types.js';

type Row = NonNullable<ErrorBody['error']['rows']>[number];

/**
 * An error answer of the API (or a failure to reach it: status 0, code `connection_error`, or
 * `timeout` when no answer came within the request's timeout).
 * `code` is the API's `error.code`; quote `requestId` to support.
 */
export class DialwiseError extends Error {
  override readonly name = 'DialwiseError';
  readonly status: number;
  readonly code: ErrorCode | 'connection_error' | 'timeout' | 'unexpected_response';
  readonly requestId: string | null;
  /** The request field at fault (400 only). */
  readonly field: string | null;
  /** POST /task/batches: each bad row. */
  readonly rows: Row[];
  /** Seconds to wait before trying again (429 only, from Retry-After). */
  readonly retryAfter: number | null;

  constructor(init: {
    status: number;
    code: DialwiseError['code'];
    message: string;
    requestId?: string | null;
    field?: string | null;
    rows?: Row[];
    retryAfter?: number | null;
    cause?: unknown;
  }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId ?? null;
    this.field = init.field ?? null;
    this.rows = init.rows ?? [];
    this.retryAfter = init.retryAfter ?? null;
  }

  /** Reads an error answer; any body that is not the API's error shape still gives an error. */
  static async fromResponse(response: Response): Promise<DialwiseError> {
    const headerId = response.headers.get('request-id');
    const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      // Not JSON (a proxy's HTML page, an empty body): described below by its status.
    }
    const error = isErrorBody(body) ? body.error : null;
    return new DialwiseError({
      status: response.status,
      code: error?.code ?? 'unexpected_response',
      message: error?.message ?? `HTTP ${response.status} without an error body`,
      requestId: error?.request_id ?? headerId,
      field: error?.field ?? null,
      rows: error?.rows ?? [],
      retryAfter,
    });
  }
}

/** tasks.wait ran out of time; `task` is the task as last seen. */
export class WaitTimeoutError<T> extends Error {
  override readonly name = 'WaitTimeoutError';
  constructor(readonly task: T) {
    super('The task had not ended when the wait ran out');
  }
}

/** A webhook whose signature, timestamp or headers do not hold. */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
}

export function parseRetryAfter(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

function isErrorBody(body: unknown): body is ErrorBody {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const error = (body as { error: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}
