import { isAbort, parseApiError, unansweredError, type ErrorWording } from './api-error';
import { FUNCTIONS_URL, signRequest } from './sign-request';

/**
 * One of the app's functions outside the call API (checkout, phone verification, account,
 * contact), as the signed-in user when there is one, through the same signing and error parsing
 * as the call API (a module of its own, so the pages that use it alone do not ship openapi-fetch). Resolves with the JSON answer; throws ApiError.
 */
export async function invokeFunction<T>(
  name: string,
  options: {
    method?: 'GET' | 'POST';
    body?: Record<string, unknown>;
    headers?: Record<string, string>;
    wording?: ErrorWording;
    signal?: AbortSignal;
  } = {},
): Promise<T> {
  const method = options.method ?? 'POST';
  const request = new Request(`${FUNCTIONS_URL}/${name}`, {
    method,
    headers: {
      ...(method === 'POST' ? { 'Content-Type': 'application/json' } : {}),
      ...options.headers,
    },
    body: method === 'POST' ? JSON.stringify(options.body ?? {}) : undefined,
    signal: options.signal,
  });
  let response: Response;
  try {
    response = await globalThis.fetch(await signRequest(request));
  } catch (cause) {
    if (isAbort(cause)) throw cause;
    throw unansweredError(options.wording);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok)
    throw parseApiError(response.status, body, {
      headers: response.headers,
      wording: options.wording,
    });
  return body as T;
}
