import { createSupabaseRest } from '../db/rest.ts';
import { type EnvGetter, requiredFrom } from '../env.ts';
import { createTwilioClient, twilioConfigFromEnv } from '../twilio/client.ts';
import type { IssuedCode, PhoneVerificationDeps } from './service.ts';

/** The real dependencies, from the function's environment. */
export function phoneVerificationDepsFromEnv(
  get: EnvGetter,
  fetchFn: typeof fetch = fetch,
): PhoneVerificationDeps {
  const required = requiredFrom(get);
  const supabase = createSupabaseRest(
    {
      url: required('SUPABASE_URL'),
      anonKey: required('SUPABASE_ANON_KEY'),
      serviceRoleKey: required('SUPABASE_SERVICE_ROLE_KEY'),
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
