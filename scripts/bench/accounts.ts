/**
 * Accounts for benchmarks, made directly in SQL (no e-mail round trip): KYC complete, a verified
 * phone of their own that is already their caller ID (as after a first live call, so no measured
 * request pays for registering it), an attested default legal basis (so live calls need no consent
 * of their own), $25 of credits and one live API key each.
 */
import pg from 'pg';
import { LOCAL_VAPI_PHONE_NUMBER_ID } from '@dialwise/local-stack';

const ULID_CHARS = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const numberId = () =>
  `num_${Array.from(crypto.getRandomValues(new Uint8Array(26)), (b) => ULID_CHARS[b % 32]).join('')}`;

export async function makeBenchAccounts(
  dbUrl: string,
  count: number,
  mode: 'live' | 'test' = 'live',
): Promise<string[]> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const keys: string[] = [];
    for (let i = 0; i < count; i++) {
      const { rows } = await client.query<{ id: string }>(
        `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
           raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
         values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
           $1, '', now(), '{}', '{}', now(), now()) returning id`,
        [`bench-${Date.now()}-${i}-${Math.random().toString(36).slice(2, 8)}@example.com`],
      );
      const id = rows[0]!.id;
      // A verified number belongs to one account only.
      const phone = `+1415${String(2_000_000 + Math.floor(Math.random() * 7_999_999))}`;
      await client.query(
        `insert into public.user_kyc (user_id, business_type, legal_name, address, use_case, kyc_status, phone, phone_verified)
         values ($1, 'business', 'Bench LLC', '1 Main St', 'Benchmarks', 'complete', $2, true)`,
        [id, phone],
      );
      // Its caller ID, dialled out through the local network's own number at the provider.
      await client.query(
        `insert into public.phone_numbers (id, user_id, phone_number, source, status, is_default, label,
           provider_phone_number_id, verified_at)
         values ($1, $2, $3, 'verified', 'active', true, 'Verified phone', $4, now())`,
        [numberId(), id, phone, LOCAL_VAPI_PHONE_NUMBER_ID],
      );
      await client.query(
        `select public.legal_basis_attest($1, 'prior_express_consent', null, 'api')`,
        [id],
      );
      await client.query(`select public.record_credit_purchase($1, 25, $2, 'Bench')`, [
        id,
        `bench_${id}`,
      ]);
      const key = `dw_${mode === 'test' ? 'test_' : ''}${[...crypto.getRandomValues(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
      await client.query('select private.store_api_key($1, $2, $3, $4)', [
        id,
        key,
        mode === 'live',
        'Bench',
      ]);
      keys.push(key);
    }
    return keys;
  } finally {
    await client.end();
  }
}
