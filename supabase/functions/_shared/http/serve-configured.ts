// Every function's entry: its handler is built from the environment once, at load. A secret it
// needs that is not set must not crash the worker (a worker that throws at load serves nothing,
// not even a reason): the function loads, says once in the log what is missing, and answers
// every request 503 `not_configured` naming the secret, never its value.
import { MissingSecret } from '../env.ts';
import { newRequestId } from '../ids.ts';
import { corsFor } from './cors.ts';
import { jsonResponse } from './handler.ts';

type Handler = (request: Request) => Response | Promise<Response>;

/** What a function serves while `missing` is not set. */
export function notConfiguredHandler(name: string, missing: MissingSecret): Handler {
  console.error(`[${name}] not configured: ${missing.secret} is not set; answering 503`);
  const cors = corsFor(['GET', 'POST', 'PATCH', 'PUT', 'DELETE']);
  return (request) => {
    const requestId = newRequestId();
    const headers = { ...cors, 'Request-Id': requestId, 'Retry-After': '60' };
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers });
    return jsonResponse(
      503,
      { error: { code: missing.code, message: missing.message, request_id: requestId } },
      headers,
    );
  };
}

/** The handler `build` makes, or, when a secret it reads is missing, the 503 answer. */
export function configuredHandler(name: string, build: () => Handler): Handler {
  try {
    return build();
  } catch (error) {
    if (error instanceof MissingSecret) return notConfiguredHandler(name, error);
    throw error;
  }
}

type DenoServe = { Deno: { serve(handler: Handler): unknown } };

/** Deno.serve of the function `name`, built by `build` (see configuredHandler). */
export function serveConfigured(name: string, build: () => Handler): void {
  (globalThis as unknown as DenoServe).Deno.serve(configuredHandler(name, build));
}
