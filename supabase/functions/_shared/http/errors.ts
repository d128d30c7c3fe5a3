import { corsHeaders } from './cors.ts';

/** A JSON response with CORS headers. */
export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'application/json' },
  });
}

/** The API's error shape: `{ "error": { "code", "message" } }` (API.md). */
export function errorResponse(status: number, code: string, message: string): Response {
  return json(status, { error: { code, message } });
}

/** Thrown by request handling to answer with an error; anything else becomes a 500. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Reads a JSON object body, or throws a 400 the caller can show as is. */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw new HttpError(400, 'invalid_request', 'The request body must be JSON.');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new HttpError(400, 'invalid_request', 'The request body must be a JSON object.');
  return body as Record<string, unknown>;
}

/** Wraps a handler: OPTIONS, POST only, HttpError → its JSON, anything else → 500 without a trace. */
export function postHandler(
  handle: (request: Request) => Promise<Response>,
  log: (message: string, error: unknown) => void = console.error,
): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
    if (request.method !== 'POST')
      return errorResponse(405, 'method_not_allowed', 'Use POST for this endpoint.');
    try {
      return await handle(request);
    } catch (error) {
      if (error instanceof HttpError) return errorResponse(error.status, error.code, error.message);
      log('unhandled error', error);
      return errorResponse(500, 'internal', 'Something went wrong on our side. Please try again.');
    }
  };
}
