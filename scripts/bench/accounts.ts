/**
 * Accounts for benchmarks, made directly in SQL (no e-mail round trip): KYC complete, a verified
 * phone of their own, an attested default legal basis (so live calls need no consent of their
 * own), $25 of credits and one live API key each.
 */
import pg from 'pg';

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
      await client.query(
        `insert into public.user_kyc (user_id, business_type, legal_name, address, use_case, kyc_status, phone, phone_verified)
         values ($1, 'business', 'Bench LLC', '1 Main St', 'Benchmarks', 'complete', $2, true)`,
        // A verified number belongs to one account only.
        [id, `+1415${String(2_000_000 + Math.floor(Math.random() * 7_999_999))}`],
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
