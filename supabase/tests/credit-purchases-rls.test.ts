import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { anonClient, createUser, deleteCreatedUsers, serviceClient } from './support/clients';

// credit_purchases and balances: read your own; only the service role records purchases, once each.
// Each test makes its own users, so none reads another's purchases or balance.
afterAll(deleteCreatedUsers);

const record = (userId: string, amount: number, reference: string, description?: string) =>
  serviceClient().rpc('record_credit_purchase', {
    p_user_id: userId,
    p_amount: amount,
    p_payment_reference: reference,
    p_description: description ?? null,
  });

describe('record_credit_purchase', () => {
  it('records a purchase and adds its credits once, however often the event is retried', async () => {
    const owner = await createUser('buyer');
    const reference = `cs_test_${randomUUID()}`;
    expect((await record(owner.user.id, 50, reference, 'Credit Purchase')).data).toBe(true);
    expect((await record(owner.user.id, 50, reference, 'Credit Purchase')).data).toBe(false);
    const results = await Promise.all(
      Array.from({ length: 4 }, () => record(owner.user.id, 50, reference)),
    );
    expect(results.map((r) => r.data)).toEqual([false, false, false, false]);
    const { data } = await owner.client.from('profiles').select('credits').single();
    expect(data?.credits).toBe(50);
  });

  it('credits concurrent distinct purchases exactly', async () => {
    const other = await createUser('bystander');
    const results = await Promise.all(
      Array.from({ length: 5 }, () => record(other.user.id, 10, `cs_test_${randomUUID()}`)),
    );
    expect(results.map((r) => [r.error, r.data])).toEqual(Array(5).fill([null, true]));
    const { data } = await other.client.from('profiles').select('credits').single();
    expect(data?.credits).toBe(50);
  });

  it('refuses users and visitors', async () => {
    const owner = await createUser('buyer');
    const mine = await owner.client.rpc('record_credit_purchase', {
      p_user_id: owner.user.id,
      p_amount: 500,
      p_payment_reference: `forged_${randomUUID()}`,
    });
    expect(mine.error?.code).toBe('42501');
    const anon = await anonClient().rpc('record_credit_purchase', {
      p_user_id: owner.user.id,
      p_amount: 500,
      p_payment_reference: `forged_${randomUUID()}`,
    });
    expect(anon.error?.code).toBe('42501');
  });

  it('rejects non-positive amounts', async () => {
    const owner = await createUser('buyer');
    const { error } = await record(owner.user.id, 0, `cs_test_${randomUUID()}`);
    expect(error?.code).toBe('22023');
  });
});

describe('credit_purchases table', () => {
  it("shows a user their own purchases, newest first, and nobody else's", async () => {
    const owner = await createUser('buyer');
    const other = await createUser('bystander');
    expect((await record(other.user.id, 10, `cs_test_${randomUUID()}`)).data).toBe(true);
    expect((await record(owner.user.id, 50, `cs_test_${randomUUID()}`)).data).toBe(true);
    const recorded = await record(owner.user.id, 20, `cs_test_${randomUUID()}`);
    expect(recorded.error).toBeNull();
    expect(recorded.data).toBe(true);
    const { data, error } = await owner.client
      .from('credit_purchases')
      .select('amount, description, user_id')
      .order('purchased_at', { ascending: false });
    expect(error).toBeNull();
    expect(data?.map((row) => row.amount)).toEqual([20, 50]);
    expect(data?.every((row) => row.user_id === owner.user.id)).toBe(true);
    // The other user has purchases (the service role sees them), so an empty answer means RLS
    // hid them.
    const exists = await serviceClient()
      .from('credit_purchases')
      .select('id')
      .eq('user_id', other.user.id);
    expect(exists.error).toBeNull();
    expect(exists.data?.length).toBeGreaterThan(0);
    const theirs = await owner.client
      .from('credit_purchases')
      .select('id')
      .eq('user_id', other.user.id);
    expect(theirs.error).toBeNull();
    expect(theirs.data).toEqual([]);
    expect((await anonClient().from('credit_purchases').select('*')).error?.code).toBe('42501');
  });

  it('refuses direct writes by users', async () => {
    const owner = await createUser('buyer');
    const insert = await owner.client
      .from('credit_purchases')
      .insert({ user_id: owner.user.id, amount: 500, payment_reference: `forged_${randomUUID()}` });
    expect(insert.error?.code).toBe('42501');
    const update = await owner.client
      .from('credit_purchases')
      .update({ amount: 5000 })
      .eq('user_id', owner.user.id);
    expect(update.error?.code).toBe('42501');
    const remove = await owner.client
      .from('credit_purchases')
      .delete()
      .eq('user_id', owner.user.id);
    expect(remove.error?.code).toBe('42501');
    const anonInsert = await anonClient()
      .from('credit_purchases')
      .insert({ user_id: owner.user.id, amount: 5, payment_reference: `forged_${randomUUID()}` });
    expect(anonInsert.error?.code).toBe('42501');
  });
});
