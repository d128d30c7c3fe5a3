import createClient, { type Middleware } from 'openapi-fetch';
import { env } from '@/config/env';
import { loadSupabase } from '@/lib/load-supabase';
import type { paths } from './call-api.generated';
import { ApiError, isAbort, parseApiError, unansweredError, type ErrorWording } from './api-error';

/** This app's project's functions: the call API (`/task`) and the app's own functions. */
export const FUNCTIONS_URL = `${env.supabaseUrl.replace(/\/+$/, '')}/functions/v1`;

/**
 * Signs a request as the signed-in user: the session's access token from the app's one supabase
 * client (which refreshes it when due), so no caller handles tokens. Signed out, the request
 * goes unsigned and the function answers for itself (401, or a visitor's answer).
 */
export async function signRequest(request: Request): Promise<Request> {
  const supabase = await loadSupabase();
  const { data } = await supabase.auth.getSession();
  const token = data.session?.access_token;
  if (token) request.headers.set('Authorization', `Bearer ${token}`);
  return request;
}

const sessionAuth: Middleware = {
  onRequest: ({ request }) => signRequest(request),
};

function createCallApi() {
  const client = createClient<paths>({
    baseUrl: FUNCTIONS_URL,
    // Looked up per request, so tests can stand in for the network.
    fetch: (request) => globalThis.fetch(request),
  });
  client.use(sessionAuth);
  return client;
}

/**
 * The call API (openapi.yaml), typed by the generated `paths`. Its calls go through `unwrap`,
 * which resolves with the answer's data or throws one ApiError. Pure, so a page that only calls
 * `invokeFunction` (the contact form) does not ship openapi-fetch.
 */
export const callApi = /* @__PURE__ */ createCallApi();

const callServiceWording: ErrorWording = {
  unexpected: 'The call service could not handle the request. Please try again.',
  unanswered: 'Could not reach the call service. Check your connection and try again.',
};

/**
 * A call API request's data, or the ApiError of its refusal or of no answer (in the call
 * service's words when the server gave none). An abort is rethrown as it is.
 */
export async function unwrap<T>(
  request: Promise<{ data?: T; error?: unknown; response: Response }>,
  wording: ErrorWording = callServiceWording,
): Promise<T> {
  let result: Awaited<typeof request>;
  try {
    result = await request;
  } catch (cause) {
    if (isAbort(cause) || cause instanceof ApiError) throw cause;
    throw unansweredError(wording);
  }
  const { data, error, response } = result;
  if (!response.ok)
    throw parseApiError(response.status, error, { headers: response.headers, wording });
  return data as T;
}

/**
 * One of the app's functions outside the call API (checkout, phone verification, account,
 * contact), as the signed-in user when there is one, through the same signing and error parsing
 * as the call API. Resolves with the JSON answer; throws ApiError.
 */
export async function invokeFunction<T>(
  name: string,
  options: {
    method?: 'GET' | 'POST';
    body?: Record<string, unknown>;
    headers?: Record<string, string>;
    wording?: ErrorWording;
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
