import { env } from '@/config/env';

/** The call API (API.md) of this app's Supabase project: `/functions/v1/task`. */
export const TASK_API_URL = `${env.supabaseUrl.replace(/\/+$/, '')}/functions/v1/task`;

export const taskUrl = (taskId = '', suffix = '') =>
  `${TASK_API_URL}${taskId ? `/${encodeURIComponent(taskId)}` : ''}${suffix}`;

/** An error answered by the call API (`{ "error": { "code", "message", "field" } }`). */
export class CallApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;
  /** Seconds, from `Retry-After` on 429. */
  readonly retryAfter: number | undefined;

  constructor(options: {
    status: number;
    code: string;
    message: string;
    field?: string;
    retryAfter?: number;
  }) {
    super(options.message);
    this.name = 'CallApiError';
    this.status = options.status;
    this.code = options.code;
    this.field = options.field;
    this.retryAfter = options.retryAfter;
  }
}

/** Reads an error response in the API's shape; anything else becomes a plain message. */
export async function callApiErrorFrom(response: Response): Promise<CallApiError> {
  const retryHeader = Number(response.headers.get('retry-after'));
  const retryAfter = Number.isFinite(retryHeader) && retryHeader > 0 ? retryHeader : undefined;
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  const error =
    body && typeof body === 'object' && 'error' in body
      ? (body as { error: { code?: unknown; message?: unknown; field?: unknown } }).error
      : null;
  return new CallApiError({
    status: response.status,
    code: typeof error?.code === 'string' ? error.code : `http_${response.status}`,
    message:
      typeof error?.message === 'string'
        ? error.message
        : `The call service answered ${response.status}. Please try again.`,
    field: typeof error?.field === 'string' ? error.field : undefined,
    retryAfter,
  });
}

/** Raised when the account has no live API key to call the API with. */
export class MissingApiKeyError extends Error {
  constructor() {
    super('Generate an API key first: the test call uses your API key, as your own systems would.');
    this.name = 'MissingApiKeyError';
  }
}

/** A JSON request to the call API with the account's key; throws `CallApiError` when refused. */
export async function callApi<T>(
  apiKey: string,
  url: string,
  init: { method?: 'GET' | 'POST'; json?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method ?? 'GET',
      headers: {
        Authorization: `Bearer ${apiKey}`,
        ...(init.json !== undefined ? { 'Content-Type': 'application/json' } : {}),
      },
      body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
      signal: init.signal,
    });
  } catch (cause) {
    if ((cause as Error).name === 'AbortError') throw cause;
    throw new CallApiError({
      status: 0,
      code: 'network_error',
      message: 'Could not reach the call service. Check your connection and try again.',
    });
  }
  if (!response.ok) throw await callApiErrorFrom(response);
  return (await response.json()) as T;
}
