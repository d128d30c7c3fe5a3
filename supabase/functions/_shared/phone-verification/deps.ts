import { createSupabaseRest } from '../db/rest.ts';
import { type EnvGetter } from '../env.ts';
import { platformKeysFrom, sessionVerifierFor } from '../platform/platform-keys.ts';
import { createTwilioClient, twilioConfigFromEnv } from '../twilio/client.ts';
import type { IssuedCode, PhoneVerificationDeps } from './service.ts';

/** The real dependencies, from the function's environment. */
export function phoneVerificationDepsFromEnv(
  get: EnvGetter,
  fetchFn: typeof fetch = fetch,
): PhoneVerificationDeps {
  const keys = platformKeysFrom(get);
  const supabase = createSupabaseRest(
    {
      url: keys.url,
      publishableKey: keys.publishableKey,
      secretKey: keys.secretKey,
      sessions: sessionVerifierFor(keys, fetchFn),
    },
    fetchFn,
  );
  return {
    authenticate: (authorization) => supabase.userIdFromAuthorization(authorization),
    store: {
      issue: (userId, phone) =>
        supabase.rpc<IssuedCode>('issue_phone_verification_code', {
          p_user_id: userId,
          p_phone: phone,
        }),
      settleSend: async (verificationId, sent) => {
        await supabase.rpc<string>('settle_phone_verification_send', {
          p_verification_id: verificationId,
          p_sent: sent,
        });
      },
      check: (userId, phone, code) =>
        supabase.rpc<string>('check_phone_verification_code', {
          p_user_id: userId,
          p_phone: phone,
          p_code: code,
        }),
    },
    // Codes go out as ordinary messages (Twilio Verify is not used: see docs/decisions/0011).
    twilio: createTwilioClient(twilioConfigFromEnv(get), fetchFn),
  };
}
