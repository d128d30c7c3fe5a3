// CORS for functions browsers call: with an API key or a user JWT, never cookies, so any origin may.
// Locally the stack's gateway sets these itself, like the hosted gateway does for its own routes.

/** The request headers every browser entry accepts (the clients' own and the call API's). */
const BROWSER_REQUEST_HEADERS = [
  'authorization',
  'x-api-key',
  'idempotency-key',
  'last-event-id',
  'content-type',
  'x-client-info',
  'apikey',
  // The dashboard's Test / Live switch (a session's mode).
  'dialwise-mode',
];

/**
 * The CORS headers of an entry that browsers call with the given methods, accepting any extra
 * request headers it reads and exposing the response headers a script may read.
 */
export function corsFor(
  methods: readonly string[],
  extra: { requestHeaders?: readonly string[]; exposeHeaders?: readonly string[] } = {},
): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Methods': [...methods, 'OPTIONS'].join(', '),
    'Access-Control-Allow-Headers': [
      ...BROWSER_REQUEST_HEADERS,
      ...(extra.requestHeaders ?? []),
    ].join(', '),
    'Access-Control-Expose-Headers': [
      'Idempotent-Replayed',
      'Retry-After',
      'Request-Id',
      ...(extra.exposeHeaders ?? []),
    ].join(', '),
    'Access-Control-Max-Age': '3600',
  };
}

/** The call API's and the account function's: reads and writes. */
export const corsHeaders = corsFor(['GET', 'POST']);

export function withCors(response: Response): Response {
  for (const [key, value] of Object.entries(corsHeaders)) response.headers.set(key, value);
  return response;
}
