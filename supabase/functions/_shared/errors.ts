// The services' one error: a code callers branch on, a message a person can act on, and details.
// It knows nothing of HTTP; the HTTP layer (http/handler.ts) maps each code to a status.

export type ServiceErrorDetails = {
  /** The input the error is about, e.g. `phone_number` or `Idempotency-Key`. */
  field?: string;
  /** A limit was reached: the caller may try again after this many seconds. */
  retryAfterSeconds?: number;
  /** More of the error object, e.g. a batch's bad `rows` or the required and available amounts. */
  extra?: Record<string, unknown>;
  /** A 405's methods that the path does take: its `Allow` header (RFC 9110 says it must have one). */
  allow?: string[];
};

export class ServiceError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details: ServiceErrorDetails = {},
  ) {
    super(message);
    this.name = 'ServiceError';
  }

  get field(): string | undefined {
    return this.details.field;
  }
}

/** An unexpected error as one log line: its stack where it has one. */
export function describeError(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/** The codes of the call API (its integrators branch on them): the contract's. */
export type { ErrorCode } from './contract/errors.ts';
