import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { TEST_STACK } from './stack';
import { createConfirmedUser, uniqueUsPhone, type TestUser } from './users';

const clientOptions = {
  auth: { persistSession: false, autoRefreshToken: false },
  // Node 20 has no global WebSocket; supabase-js builds its realtime client regardless.
  realtime: { transport: WebSocket as never },
};

export type CallingAccount = TestUser & { apiKey: string };

/**
 * A confirmed user made ready to place calls through the service role: KYC complete, phone
 * verified, the given credits, free minutes already used, and an API key from the dashboard's own
 * RPC, generated signed in as that user.
 */
export async function createCallingAccount(
  options: { prefix?: string; credits?: number; freeMinutesUsed?: number } = {},
): Promise<CallingAccount> {
  const user = await createConfirmedUser(options.prefix ?? 'caller');
  const admin = createClient(TEST_STACK.apiUrl, TEST_STACK.secretKey, clientOptions);
  const kyc = await admin.from('user_kyc').insert({
    user_id: user.id,
    business_type: 'business',
    legal_name: 'Journey Clinic LLC',
    address: '1 Main Street, Springfield',
    use_case: 'Appointment confirmations',
    kyc_status: 'complete',
    // A verified number belongs to one account only: each journey account gets its own.
    phone: uniqueUsPhone('628'),
    phone_verified: true,
  });
  if (kyc.error) throw new Error(`KYC insert failed: ${kyc.error.message}`);
  if (options.credits) {
    const { error } = await admin.rpc('record_credit_purchase', {
      p_user_id: user.id,
      p_amount: options.credits,
      p_payment_reference: `journey_${user.id}`,
      p_description: 'Journey credits',
    });
    if (error) throw new Error(`credits failed: ${error.message}`);
  }
  if (options.freeMinutesUsed) {
    const { error } = await admin
      .from('profiles')
      .update({ free_minutes_used: options.freeMinutesUsed })
      .eq('id', user.id);
    if (error) throw new Error(`free minutes update failed: ${error.message}`);
  }
  const asUser = createClient(TEST_STACK.apiUrl, TEST_STACK.publishableKey, clientOptions);
  const signIn = await asUser.auth.signInWithPassword({
    email: user.email,
    password: user.password,
  });
  if (signIn.error) throw new Error(`sign-in failed: ${signIn.error.message}`);
  // The default legal basis a customer attests to once in Settings: live calls need one.
  const attested = await asUser.rpc('attest_legal_basis', { p_basis: 'prior_express_consent' });
  if (attested.error) throw new Error(`attestation failed: ${attested.error.message}`);
  const { data: apiKey, error } = await asUser.rpc('generate_api_key_for_user', {
    user_uuid: user.id,
  });
  if (error || typeof apiKey !== 'string') throw new Error(`key failed: ${error?.message}`);
  await asUser.auth.signOut();
  return { ...user, apiKey };
}
