// The dispatch function: scheduled work, callable by the service role only (pg_cron in hosted
// projects, the local stack's scheduler locally). An optional JSON body `{ "now": ISO time }`
// runs the pass as of that time (a test clock; only the service role can ask for it).
import { ServiceError } from '../errors.ts';
import { serviceRoleAuth } from '../http/auth.ts';
import { createHandler, jsonResponse } from '../http/handler.ts';

export function createDispatchHandler(deps: {
  run: (at: Date) => Promise<unknown>;
  now: () => Date;
  /** The project's secret keys: the only credential that is the service role. */
  secretKeys: () => readonly string[];
}) {
  return createHandler(
    {
      name: 'dispatch',
      methods: ['POST'],
      auth: serviceRoleAuth(deps.secretKeys, 'dispatch is for the service role only.'),
      cors: null,
    },
    async (_request, { text }) => {
      const raw = await text();
      let at = deps.now();
      if (raw.trim()) {
        let body: { now?: unknown };
        try {
          body = JSON.parse(raw) as { now?: unknown };
        } catch {
          throw new ServiceError('invalid_request', 'The body must be JSON.');
        }
        if (body.now !== undefined) {
          const parsed = typeof body.now === 'string' ? new Date(body.now) : null;
          if (!parsed || Number.isNaN(parsed.getTime()))
            throw new ServiceError('invalid_request', 'now must be an ISO 8601 time', {
              field: 'now',
            });
          at = parsed;
        }
      }
      return jsonResponse(200, await deps.run(at));
    },
  );
}
