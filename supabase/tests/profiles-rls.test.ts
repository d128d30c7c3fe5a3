import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anonClient,
  createUser,
  deleteCreatedUsers,
  serviceClient,
  type TestUser,
} from './support/clients';

// profiles: owners read their balance; nobody but the service role writes it.
let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  owner = await createUser('owner');
  other = await createUser('other');
});
afterAll(deleteCreatedUsers);

describe('profiles', () => {
  it('is created for every new user with a zero balance', async () => {
    const { data, error } = await owner.client.from('profiles').select('id, credits').single();
    expect(error).toBeNull();
    expect(data).toEqual({ id: owner.user.id, credits: 0 });
  });

  it('shows anonymous visitors nothing', async () => {
    const { data, error } = await anonClient().from('profiles').select('*');
    expect(error?.code).toBe('42501');
    expect(data).toBeNull();
  });

  it('shows a user only their own profile', async () => {
    // The other profile exists (the service role sees it), so an empty answer means RLS hid it.
    const exists = await serviceClient().from('profiles').select('id').eq('id', other.user.id);
    expect(exists.error).toBeNull();
    expect(exists.data).toEqual([{ id: other.user.id }]);
    const { data, error } = await owner.client.from('profiles').select('id');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: owner.user.id }]);
    const theirs = await owner.client.from('profiles').select('id').eq('id', other.user.id);
    expect(theirs.error).toBeNull();
    expect(theirs.data).toEqual([]);
  });

  it('refuses a user who tries to add credits to their own balance', async () => {
    const { error } = await owner.client
      .from('profiles')
      .update({ credits: 1000 })
      .eq('id', owner.user.id);
    expect(error?.code).toBe('42501');
    expect(error?.message).toBe('permission denied for table profiles');
    const { data } = await serviceClient()
      .from('profiles')
      .select('credits')
      .eq('id', owner.user.id)
      .single();
    expect(data?.credits).toBe(0);
  });

  it('refuses inserts and deletes by users and visitors', async () => {
    const insert = await owner.client.from('profiles').insert({ id: owner.user.id, credits: 5 });
    expect(insert.error?.code).toBe('42501');
    const anonInsert = await anonClient().from('profiles').insert({ id: other.user.id });
    expect(anonInsert.error?.code).toBe('42501');
    const remove = await owner.client.from('profiles').delete().eq('id', other.user.id);
    expect(remove.error?.code).toBe('42501');
    const anonUpdate = await anonClient()
      .from('profiles')
      .update({ credits: 1 })
      .eq('id', other.user.id);
    expect(anonUpdate.error?.code).toBe('42501');
  });

  it('lets the service role read and write any profile', async () => {
    const admin = serviceClient();
    const update = await admin
      .from('profiles')
      .update({ credits: 7.5 })
      .eq('id', other.user.id)
      .select('credits');
    expect(update.error).toBeNull();
    expect(update.data).toEqual([{ credits: 7.5 }]);
    const negative = await admin.from('profiles').update({ credits: -1 }).eq('id', other.user.id);
    expect(negative.error?.code).toBe('23514');
  });
});
