import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anonClient,
  createUser,
  deleteCreatedUsers,
  serviceClient,
  type TestUser,
} from './support/clients';

// api_keys: read your own; created and revoked only by generate_api_key_for_user.
let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  owner = await createUser('keys-owner');
  other = await createUser('keys-other');
});
afterAll(deleteCreatedUsers);

async function liveKeys(userId: string) {
  const { data, error } = await serviceClient()
    .from('api_keys')
    .select('api_key')
    .eq('user_id', userId)
    .eq('revoked', false);
  if (error) throw error;
  return data.map((row) => row.api_key as string);
}

describe('generate_api_key_for_user', () => {
  it('returns a new key with the dw_ prefix and 32 random bytes, readable by its owner', async () => {
    const { data: key, error } = await owner.client.rpc('generate_api_key_for_user', {
      user_uuid: owner.user.id,
    });
    expect(error).toBeNull();
    expect(key).toMatch(/^dw_[0-9a-f]{64}$/);
    const { data } = await owner.client
      .from('api_keys')
      .select('api_key, revoked')
      .eq('user_id', owner.user.id)
      .eq('revoked', false)
      .order('created_at', { ascending: false })
      .limit(1);
    expect(data).toEqual([{ api_key: key, revoked: false }]);
  });

  it('revokes the previous key, so only the newest is live', async () => {
    const first = (
      await owner.client.rpc('generate_api_key_for_user', { user_uuid: owner.user.id })
    ).data;
    const second = (
      await owner.client.rpc('generate_api_key_for_user', { user_uuid: owner.user.id })
    ).data;
    expect(second).not.toBe(first);
    expect(await liveKeys(owner.user.id)).toEqual([second]);
  });

  it('keeps exactly one live key under concurrent requests', async () => {
    await Promise.all(
      Array.from({ length: 5 }, () =>
        owner.client.rpc('generate_api_key_for_user', { user_uuid: owner.user.id }),
      ),
    );
    expect(await liveKeys(owner.user.id)).toHaveLength(1);
  });

  it('refuses to generate a key for another user', async () => {
    const { data, error } = await owner.client.rpc('generate_api_key_for_user', {
      user_uuid: other.user.id,
    });
    expect(data).toBeNull();
    expect(error?.code).toBe('42501');
    expect(error?.message).toBe('You can only generate API keys for yourself');
    expect(await liveKeys(other.user.id)).toEqual([]);
  });

  it('refuses anonymous visitors', async () => {
    const { error } = await anonClient().rpc('generate_api_key_for_user', {
      user_uuid: owner.user.id,
    });
    expect(error?.code).toBe('42501');
  });
});

describe('api_keys table', () => {
  it("never shows another user's keys", async () => {
    await other.client.rpc('generate_api_key_for_user', { user_uuid: other.user.id });
    const { data } = await owner.client
      .from('api_keys')
      .select('api_key')
      .eq('user_id', other.user.id);
    expect(data).toEqual([]);
    expect((await anonClient().from('api_keys').select('*')).error?.code).toBe('42501');
  });

  it('refuses direct inserts, updates and deletes by users', async () => {
    const insert = await owner.client
      .from('api_keys')
      .insert({ user_id: owner.user.id, api_key: `dw_${'a'.repeat(64)}` });
    expect(insert.error?.code).toBe('42501');
    const unrevoke = await owner.client
      .from('api_keys')
      .update({ revoked: false })
      .eq('user_id', owner.user.id);
    expect(unrevoke.error?.code).toBe('42501');
    const remove = await owner.client.from('api_keys').delete().eq('user_id', owner.user.id);
    expect(remove.error?.code).toBe('42501');
    const anonInsert = await anonClient()
      .from('api_keys')
      .insert({ user_id: owner.user.id, api_key: `dw_${'b'.repeat(64)}` });
    expect(anonInsert.error?.code).toBe('42501');
  });

  it('lets the service role read every key', async () => {
    const { data, error } = await serviceClient()
      .from('api_keys')
      .select('user_id')
      .in('user_id', [owner.user.id, other.user.id]);
    expect(error).toBeNull();
    expect(new Set(data?.map((row) => row.user_id))).toEqual(
      new Set([owner.user.id, other.user.id]),
    );
  });
});
