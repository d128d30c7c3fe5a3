import { env } from '@/config/env';
import { ApiRequestError, apiErrorFrom, requestJson, type ErrorWording } from '@/lib/api-client';

/** The call API of this app's Supabase project: `/functions/v1/task`. */
export const TASK_API_URL = `${env.supabaseUrl.replace(/\/+$/, '')}/functions/v1/task`;

export const taskUrl = (taskId = '', suffix = '') =>
  `${TASK_API_URL}${taskId ? `/${encodeURIComponent(taskId)}` : ''}${suffix}`;

/** An error answered by the call API: the app's one API error, under the name the calls code uses. */
export const CallApiError = ApiRequestError;
export type CallApiError = ApiRequestError;

/** How the calls feature words an answer without a message, and no answer at all. */
const callServiceWording: ErrorWording = {
  fallbackMessage: (status) => `The call service answered ${status}. Please try again.`,
  networkMessage: 'Could not reach the call service. Check your connection and try again.',
};

/** Reads an error response in the API's shape; anything else becomes a plain message. */
export async function callApiErrorFrom(response: Response): Promise<CallApiError> {
  return apiErrorFrom(response, callServiceWording);
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
  return requestJson<T>(url, { ...init, bearer: apiKey, ...callServiceWording });
}
