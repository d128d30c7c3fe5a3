// POST /functions/v1/stop-calls: the public web form by which anyone asks for a number not to be
// called again (a callee's revocation "by any reasonable means"). Every open account with a live
// call to the number lists it as the callee's at once; the answer is the same whether or not any
// did, so the form tells nobody who called whom. Limits per client IP and for everybody in SQL.
import { clientIpFrom } from './client-ip.ts';
import { stopCallsSchema } from '../contract/stop-calls.ts';
import { ServiceError } from '../errors.ts';
import { corsFor } from '../http/cors.ts';
import { createHandler, jsonResponse, noAuth } from '../http/handler.ts';
import { contactErrorMessages, HONEYPOT_FIELD } from './handler.ts';

export type StopCallsOutcome = 'listed' | 'rate_limited' | 'busy';

export type StopCallsDeps = {
  /** Lists the number (E.164) for the client IP, within the SQL limits. */
  revoke: (phoneNumber: string, clientIp: string) => Promise<StopCallsOutcome>;
  /** Proxies in front of the gateway that append to X-Forwarded-For (0 on Supabase's gateway). */
  trustedProxyHops?: number;
  log?: (message: string, error?: unknown) => void;
};

/** What the form says once the number is taken, whoever had called it. */
export const STOP_CALLS_DONE =
  'Done. Every business that called this number through Dialwise has it on its do-not-call list from now on.';

const NOT_AN_OBJECT = 'Send {"phoneNumber": "…"} as a JSON object.';

export function createStopCallsHandler(deps: StopCallsDeps) {
  const log = deps.log ?? (() => {});
  return createHandler(
    {
      name: 'stop-calls',
      methods: ['POST'],
      methodNotAllowed: () => 'Send the number with POST.',
      methodNotAllowedHeaders: { Allow: 'POST, OPTIONS' },
      // Callees have no account: the limits in SQL keep that cheap.
      auth: noAuth,
      cors: corsFor(['POST']),
      maxBodyBytes: 4 * 1024,
      tooLargeMessage: 'The request must be under 4 KB.',
      badJson: { code: 'invalid_json', notJson: NOT_AN_OBJECT, notObject: NOT_AN_OBJECT },
      requestIdInErrorBody: false,
      log: (line) => log('[stop-calls] unexpected error', line),
    },
    async (request, { jsonObject }) => {
      const fields = await jsonObject();
      const clientIp = clientIpFrom(request.headers.get('x-forwarded-for'), deps.trustedProxyHops);
      if (!clientIp)
        throw new ServiceError('client_ip_unknown', 'Could not tell where this request came from.');
      const honeypot = fields[HONEYPOT_FIELD];
      if (honeypot !== undefined && honeypot !== null && honeypot !== '')
        return jsonResponse(200, { ok: true, message: STOP_CALLS_DONE });

      const parsed = stopCallsSchema.safeParse(fields);
      if (!parsed.success)
        throw new ServiceError('validation_failed', parsed.error.issues[0]!.message, {
          field: 'phoneNumber',
        });
      let outcome: StopCallsOutcome;
      try {
        outcome = await deps.revoke(parsed.data.phoneNumber, clientIp);
      } catch (cause) {
        log('[stop-calls] listing failed', cause);
        throw new ServiceError(
          'unavailable',
          'We couldn\'t take the number just now. Please try again, or say "stop calling" on the next call.',
        );
      }
      if (outcome === 'rate_limited')
        throw new ServiceError('rate_limited', contactErrorMessages.rate_limited, {
          retryAfterSeconds: 3600,
        });
      if (outcome === 'busy')
        throw new ServiceError('busy', contactErrorMessages.busy, { retryAfterSeconds: 600 });
      return jsonResponse(200, { ok: true, message: STOP_CALLS_DONE });
    },
  );
}
