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

/** Generates a key as `user` and fails the test unless the call worked. */
async function generateKey(user: TestUser): Promise<string> {
  const { data, error } = await user.client.rpc('generate_api_key_for_user', {
    user_uuid: user.user.id,
  });
  expect(error).toBeNull();
  expect(data).toMatch(/^dw_live_[0-9a-f]{64}$/);
  return data as string;
}

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
    expect(key).toMatch(/^dw_live_[0-9a-f]{64}$/);
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
    const first = await generateKey(owner);
    const second = await generateKey(owner);
    expect(second).not.toBe(first);
    expect(await liveKeys(owner.user.id)).toEqual([second]);
  });

  it('keeps exactly one live key under concurrent requests', async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        owner.client.rpc('generate_api_key_for_user', { user_uuid: owner.user.id }),
      ),
    );
    expect(results.map((result) => result.error)).toEqual([null, null, null, null, null]);
    const generated = results.map((result) => result.data as string);
    expect(new Set(generated).size).toBe(5);
    // The requests ran one after another; the one that ran last left the only live key.
    const live = await liveKeys(owner.user.id);
    expect(live).toHaveLength(1);
    expect(generated).toContain(live[0]);
  });

  it('refuses to generate a key for another user', async () => {
    expect(await liveKeys(other.user.id)).toEqual([]);
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
    // The key exists (the service role sees it), so an empty answer means the policy hid it.
    const theirs = await generateKey(other);
    expect(await liveKeys(other.user.id)).toEqual([theirs]);
    const { data, error } = await owner.client
      .from('api_keys')
      .select('api_key')
      .eq('user_id', other.user.id);
    expect(error).toBeNull();
    expect(data).toEqual([]);
    const byKey = await owner.client.from('api_keys').select('user_id').eq('api_key', theirs);
    expect(byKey.error).toBeNull();
    expect(byKey.data).toEqual([]);
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
