import { createUser, serviceClient, type TestUser } from './clients';
import { apiUrl } from './stack';
import {
  checkCallableNumber,
  isTextableVerificationNumber,
} from '../../functions/_shared/contract/phone-number';

export const taskUrl = `${apiUrl}/functions/v1/task`;

export type CallingAccount = TestUser & {
  apiKey: string;
  /** The phone its KYC row holds (verified unless asked otherwise); null without a KYC row. */
  phone: string | null;
  /** Calls the call API with this account's key. */
  api: (path: string, init?: RequestInit & { json?: unknown }) => Promise<Response>;
};

/**
 * The call API at `base` (default the integration stack's) with `apiKey`: `json` is sent as the
 * JSON body.
 */
/**
 * A fresh 415 number an account may verify and show as its caller ID: the shared number rule
 * accepts it (never a 976 pay-per-call exchange, which the caller ID check refuses).
 */
function accountPhone(): string {
  for (;;) {
    const phone = `+1415${2 + Math.floor(Math.random() * 8)}${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
    if (checkCallableNumber(phone).allowed && isTextableVerificationNumber(phone)) return phone;
  }
}

export function callApiWith(apiKey: string, base = taskUrl) {
  return (path: string, init: RequestInit & { json?: unknown } = {}) => {
    const { json, ...rest } = init;
    return fetch(`${base}${path}`, {
      ...rest,
      headers: {
        Authorization: `Bearer ${apiKey}`,
        ...(json !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...(rest.headers ?? {}),
      },
      ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
    });
  };
}

/**
 * A real account that may place calls: KYC submitted, phone verified, an API key from the
 * dashboard's RPC, and the given credits and free minutes already used.
 */
export async function createCallingAccount(
  options: {
    label?: string;
    credits?: number;
    freeMinutesUsed?: number;
    kyc?: 'pending' | 'complete' | 'incomplete' | null;
    phoneVerified?: boolean;
    /** The account's phone (a verified phone belongs to one account only). */
    phone?: string;
    /** Which key `api` uses: live (the default) or test (dw_test_, the simulated network, free). */
    mode?: 'live' | 'test';
    /**
     * The default legal basis the account attests to, as a customer does once in Settings (live
     * calls need one); null: none, so each live call must state its own.
     */
    legalBasis?: 'prior_express_consent' | 'prior_express_written_consent' | null;
  } = {},
): Promise<CallingAccount> {
  const account = await createUser(options.label ?? 'caller');
  const admin = serviceClient();
  const kyc = options.kyc === undefined ? 'complete' : options.kyc;
  // A verified number belongs to one account only: each test account gets its own.
  const phone = kyc === null ? null : (options.phone ?? accountPhone());
  if (kyc !== null) {
    const { error } = await admin.from('user_kyc').insert({
      user_id: account.user.id,
      business_type: 'business',
      legal_name: 'Test Clinic LLC',
      address: '1 Main Street, Springfield',
      use_case: 'Appointment confirmations',
      kyc_status: kyc,
      phone,
      phone_verified: options.phoneVerified ?? true,
    });
    if (error) throw error;
  }
  if (options.credits) {
    const { error } = await admin.rpc('record_credit_purchase', {
      p_user_id: account.user.id,
      p_amount: options.credits,
      p_payment_reference: `test_${account.user.id}`,
      p_description: 'Test credits',
    });
    if (error) throw error;
  }
  if (options.freeMinutesUsed) {
    const { error } = await admin
      .from('profiles')
      .update({ free_minutes_used: options.freeMinutesUsed })
      .eq('id', account.user.id);
    if (error) throw error;
  }
  const basis = options.legalBasis === undefined ? 'prior_express_consent' : options.legalBasis;
  if (basis) {
    const { error } = await account.client.rpc('attest_legal_basis', { p_basis: basis });
    if (error) throw error;
  }
  const { data: apiKey, error } = await account.client.rpc('generate_api_key_for_user', {
    user_uuid: account.user.id,
    p_livemode: options.mode !== 'test',
  });
  if (error) throw error;
  return { ...account, apiKey: apiKey as string, phone, api: callApiWith(apiKey as string) };
}

/**
 * Makes the account's verified phone its caller ID now, through the call API, as its first live
 * call would: for tests that create tasks in SQL, under the functions that do it.
 */
export async function giveCallerId(account: CallingAccount) {
  const response = await account.api('/numbers', {
    method: 'POST',
    json: { type: 'caller_id', phone_number: account.phone },
  });
  if (response.status !== 201)
    throw new Error(`caller ID for ${account.phone}: ${response.status} ${await response.text()}`);
}

/** The balance as the dashboard reads it, and what is held. */
export async function moneyOf(userId: string) {
  const { data, error } = await serviceClient()
    .from('profiles')
    .select('credits, credits_held, available_credits, free_minutes_used, free_minutes_reserved')
    .eq('id', userId)
    .single();
  if (error) throw error;
  return {
    credits: Number(data.credits),
    held: Number(data.credits_held),
    available: Number(data.available_credits),
    freeUsed: data.free_minutes_used as number,
    freeReserved: data.free_minutes_reserved as number,
  };
}

/** A test key (dw_test_) of `account`, made as the dashboard makes one. */
export async function testKeyOf(account: CallingAccount): Promise<string> {
  const { data, error } = await account.client.rpc('generate_api_key_for_user', {
    user_uuid: account.user.id,
    p_livemode: false,
  });
  if (error) throw error;
  return data as string;
}
