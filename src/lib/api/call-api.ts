import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './call-api.generated';
import { ApiError, isAbort, parseApiError, unansweredError, type ErrorWording } from './api-error';
import { modeHeader } from './dashboard-mode';
import { FUNCTIONS_URL, signRequest } from './sign-request';

const sessionAuth: Middleware = {
  // The dashboard's Test / Live switch travels with each session request.
  onRequest: async ({ request }) => modeHeader(await signRequest(request)),
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
 * The call API (openapi.yaml), typed by the generated `paths` and signed by the session. Its
 * calls go through `unwrap`, which resolves with the answer's data or throws one ApiError.
 */
export const callApi = createCallApi();

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
