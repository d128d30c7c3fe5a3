// The dispatch function: scheduled work, callable by the service role only (pg_cron in hosted
// projects, the local stack's scheduler locally). An optional JSON body `{ "now": ISO time }`
// runs the pass as of that time (a test clock; only the service role can ask for it).
import { ApiError, errorResponse, jsonResponse } from '../http/errors.ts';
import { newRequestId } from '../ids.ts';

/** The role claim of a bearer JWT (its signature is checked by the gateway: verify_jwt). */
export function jwtRole(authorization: string | null): string | null {
  const token = /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1]?.trim();
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const role = (JSON.parse(json) as { role?: unknown }).role;
    return typeof role === 'string' ? role : null;
  } catch {
    return null;
  }
}

export function createDispatchHandler(deps: {
  run: (at?: Date) => Promise<unknown>;
  now: () => Date;
}) {
  return async function handle(request: Request): Promise<Response> {
    const requestId = newRequestId();
    try {
      if (request.method !== 'POST') throw new ApiError('method_not_allowed', 'Use POST.');
      if (jwtRole(request.headers.get('authorization')) !== 'service_role')
        throw new ApiError('unauthorized', 'dispatch is for the service role only.');
      const text = await request.text();
      let at = deps.now();
      if (text.trim()) {
        let body: { now?: unknown };
        try {
          body = JSON.parse(text) as { now?: unknown };
        } catch {
          throw new ApiError('invalid_request', 'The body must be JSON.');
        }
        if (body.now !== undefined) {
          const parsed = typeof body.now === 'string' ? new Date(body.now) : null;
          if (!parsed || Number.isNaN(parsed.getTime()))
            throw new ApiError('invalid_request', 'now must be an ISO 8601 time', 'now');
          at = parsed;
        }
      }
      return jsonResponse(200, await deps.run(at));
    } catch (error) {
      return errorResponse(error, requestId);
    }
  };
}
