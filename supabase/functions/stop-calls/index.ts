// The public "stop calls" form (/stop-calls): a callee's revocation by the web. Wiring only; the
// logic is in ../_shared/contact/stop-calls-handler.ts.
import { createStopCallsHandler } from '../_shared/contact/stop-calls-handler.ts';
import { createServiceClient, must, platformKeys } from '../_shared/db.ts';
import { serveConfigured } from '../_shared/http/serve-configured.ts';

serveConfigured('stop-calls', () => {
  // PostgREST, not the pool: the form is not on the call path.
  const db = createServiceClient(platformKeys().url, platformKeys().secretKey);
  return createStopCallsHandler({
    revoke: async (phoneNumber, clientIp) => {
      const answer = must(
        await db.rpc('callee_revoke_by_web_form', {
          p_phone_number: phoneNumber,
          p_client_ip: clientIp,
        }),
      ) as { accounts?: number; error?: 'rate_limited' | 'busy' };
      return answer.error ?? 'listed';
    },
    trustedProxyHops: Number(Deno.env.get('CONTACT_TRUSTED_PROXY_HOPS') || 0),
    log: (message, error) => console.error(message, error),
  });
});
