import { afterAll, describe, expect, it } from 'vitest';
import { createCallingAccount, type CallingAccount } from './support/call-api';
import { anonClient, createUser, deleteCreatedUsers, serviceClient } from './support/clients';
import { closeClock, sql } from './support/clock';
import { uniqueUsPhone } from './support/phone';
import { askToCloseAccount } from './support/retention';

// The 100 free minutes are granted once per e-mail address and once per verified phone number,
// ever: closing an account keeps a one-way hash of both, and a later account with either gets no
// free minutes (it can still buy credits).

const admin = serviceClient();

afterAll(async () => {
  await deleteCreatedUsers();
  await closeClock();
});

type Usage = { free_minutes_total: number; free_minutes_used: number; free_minutes_held: number };

async function usage(account: { client: CallingAccount['client'] }) {
  const { data, error } = await account.client.rpc('usage_summary');
  expect(error).toBeNull();
  return data as Usage;
}

async function close(account: { client: CallingAccount['client']; email: string }) {
  expect((await askToCloseAccount(account)).status).toBe(200);
}

const call = (account: CallingAccount) =>
  account.api('', {
    method: 'POST',
    json: { phone_number: '+14155550100', goal: 'Confirm the table for four at seven.' },
  });

describe('free minutes farmed with one phone', () => {
  it('three accounts in a row verifying one number: only the first gets free minutes', async () => {
    const phone = uniqueUsPhone();
    const first = await createCallingAccount({ label: 'farm-first', phone });
    expect(await usage(first)).toMatchObject({ free_minutes_total: 100, free_minutes_used: 0 });
    expect((await call(first)).status).toBe(201);
    await close(first);

    // The second verifies the same phone (a fresh e-mail): nothing free, a call needs credits.
    const second = await createCallingAccount({ label: 'farm-second', phone });
    expect(await usage(second)).toMatchObject({ free_minutes_total: 0, free_minutes_used: 0 });
    const refused = await call(second);
    expect(refused.status).toBe(402);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
      'insufficient_credits',
    );
    // It can still buy credits and call with them.
    const bought = await admin.rpc('record_credit_purchase', {
      p_user_id: second.user.id,
      p_amount: 5,
      p_payment_reference: `test_${second.user.id}`,
      p_description: 'Test credits',
    });
    expect(bought.error).toBeNull();
    expect((await call(second)).status).toBe(201);
    await close(second);

    // The third signs up with no phone and verifies that number later (as the code check does).
    const third = await createCallingAccount({ label: 'farm-third', phoneVerified: false });
    expect(await usage(third)).toMatchObject({ free_minutes_total: 100 });
    const verified = await admin
      .from('user_kyc')
      .update({ phone, phone_verified: true })
      .eq('user_id', third.user.id);
    expect(verified.error).toBeNull();
    expect(await usage(third)).toMatchObject({ free_minutes_total: 0, free_minutes_used: 0 });
    expect((await call(third)).status).toBe(402);
  });

  it('a number verified with free minutes already spent takes back only what is left', async () => {
    const phone = uniqueUsPhone();
    await close(await createCallingAccount({ label: 'spent-first', phone }));
    const later = await createCallingAccount({
      label: 'spent-later',
      phoneVerified: false,
      freeMinutesUsed: 30,
    });
    await admin
      .from('user_kyc')
      .update({ phone, phone_verified: true })
      .eq('user_id', later.user.id);
    expect(await usage(later)).toMatchObject({ free_minutes_total: 30, free_minutes_used: 30 });
  });
});

describe('free minutes again with the same e-mail', () => {
  it('after the closed account was erased, signing up with its e-mail gives no free minutes', async () => {
    const first = await createUser('same-email');
    expect(await usage(first)).toMatchObject({ free_minutes_total: 100 });
    await close(first);
    // 60 days on, the retention pass deletes the auth user (as here): the address is free again.
    const erased = await admin.auth.admin.deleteUser(first.user.id);
    expect(erased.error).toBeNull();

    const password = 'a-new-password-1';
    const again = await admin.auth.admin.createUser({
      email: first.email.toUpperCase(),
      password,
      email_confirm: true,
    });
    expect(again.error).toBeNull();
    const client = anonClient();
    expect((await client.auth.signInWithPassword({ email: first.email, password })).error).toBe(
      null,
    );
    expect(await usage({ client })).toMatchObject({ free_minutes_total: 0, free_minutes_used: 0 });
    await admin.auth.admin.deleteUser(again.data.user!.id);
  });

  it('keeps a keyed hash of the e-mail and phone, never the address or the number', async () => {
    const phone = uniqueUsPhone();
    const account = await createCallingAccount({ label: 'hash-only', phone });
    await close(account);
    const kept = await sql<{ kind: string; bytes: number; readable: boolean }>(
      `select kind, octet_length(identity_hash) as bytes,
              position(convert_to($1, 'UTF8') in identity_hash) > 0
              or position(convert_to($2, 'UTF8') in identity_hash) > 0 as readable
         from private.free_minutes_claimed
        where identity_hash in (private.identity_hash('email', $1), private.identity_hash('phone', $2))
        order by kind`,
      [account.email, phone],
    );
    expect(kept).toEqual([
      { kind: 'email', bytes: 32, readable: false },
      { kind: 'phone', bytes: 32, readable: false },
    ]);
    // A plain SHA-256 of the address would be guessable from a list of e-mails: it is not that.
    const [plain] = await sql<{ found: boolean }>(
      `select exists (select 1 from private.free_minutes_claimed
                       where identity_hash = extensions.digest(convert_to('email:' || $1, 'UTF8'), 'sha256')
                          or identity_hash = extensions.digest(convert_to($1, 'UTF8'), 'sha256')) as found`,
      [account.email.toLowerCase()],
    );
    expect(plain!.found).toBe(false);
  });
});
