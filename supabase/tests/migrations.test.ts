import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbUrl } from './support/stack';

// What our migrations and seed leave in a new database.
const client = new pg.Client({ connectionString: dbUrl });
beforeAll(() => client.connect());
afterAll(() => client.end());

describe('migrations', () => {
  it('has row-level security on every table in the public schema', async () => {
    const { rows } = await client.query<{ relname: string; relrowsecurity: boolean }>(
      `select c.relname, c.relrowsecurity from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'r'`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(5);
    expect(rows.filter((r) => !r.relrowsecurity)).toEqual([]);
  });

  it('seeds the demo account with a complete profile, a key and credits', async () => {
    const { rows } = await client.query(
      `select p.credits::float as credits, k.kyc_status, k.phone_verified,
              (select count(*)::int from public.api_keys a where a.user_id = u.id and not a.revoked) as keys
         from auth.users u join public.profiles p on p.id = u.id join public.user_kyc k on k.user_id = u.id
        where u.email = 'demo@dialwise.dev'`,
    );
    expect(rows).toEqual([{ credits: 25, kyc_status: 'complete', phone_verified: true, keys: 1 }]);
  });
});
