import { createSupabaseRest } from '../supabase/rest.ts';
import { createTwilioClient, twilioConfigFromEnv } from '../twilio/client.ts';
import type { PhoneVerificationDeps } from './service.ts';

/** The real dependencies, from the function's environment. */
export function phoneVerificationDepsFromEnv(
  get: (name: string) => string | undefined,
  fetchFn: typeof fetch = fetch,
): PhoneVerificationDeps {
  const required = (name: string) => {
    const value = get(name);
    if (!value) throw new Error(`${name} is not set`);
    return value;
  };
  const supabase = createSupabaseRest(
    {
      url: required('SUPABASE_URL'),
      anonKey: required('SUPABASE_ANON_KEY'),
      serviceRoleKey: required('SUPABASE_SERVICE_ROLE_KEY'),
    },
    fetchFn,
  );
  const rpc = (name: string) => (userId: string, phone: string) =>
    supabase.rpc<string>(name, { p_user_id: userId, p_phone: phone });
  return {
    authenticate: (authorization) => supabase.userIdFromAuthorization(authorization),
    store: {
      beginSend: rpc('begin_phone_verification_send'),
      beginCheck: rpc('begin_phone_verification_check'),
      complete: rpc('complete_phone_verification'),
    },
    twilio: createTwilioClient(twilioConfigFromEnv(get), fetchFn),
  };
}
