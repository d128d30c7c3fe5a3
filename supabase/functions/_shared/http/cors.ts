// CORS for functions browsers call: with an API key or a user JWT, never cookies, so any origin may.
// Locally the stack's gateway sets these itself, like the hosted gateway does for its own routes.
export const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers':
    'authorization, x-api-key, idempotency-key, last-event-id, content-type, x-client-info, apikey',
  'Access-Control-Expose-Headers': 'Idempotent-Replayed, Retry-After, Request-Id',
  'Access-Control-Max-Age': '3600',
};

export function withCors(response: Response): Response {
  for (const [key, value] of Object.entries(corsHeaders)) response.headers.set(key, value);
  return response;
}
