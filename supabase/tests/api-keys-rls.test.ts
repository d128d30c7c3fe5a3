import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCallingAccount, taskUrl, type CallingAccount } from './support/call-api';
import {
  anonClient,
  createUser,
  deleteCreatedUsers,
  serviceClient,
  type TestUser,
} from './support/clients';
import { waitFor } from './support/wait';

// api_keys: several named keys per mode, stored as hashes; users read their own keys' names and
// masks, never a hash; keys are made by generate_api_key_for_user and revoked by revoke_api_key.
// api_request_logs: every request made with a key, readable by its owner only.
let owner: TestUser;
let other: TestUser;

const SAFE_COLUMNS = 'id, user_id, name, key_prefix, key_last4, livemode, last_used_at, revoked';

beforeAll(async () => {
  owner = await createUser('keys-owner');
  other = await createUser('keys-other');
  for (const user of [owner, other]) {
    const { error } = await user.client.rpc('generate_api_key_for_user', {
      user_uuid: user.user.id,
      p_name: 'First',
    });
    if (error) throw error;
  }
});
afterAll(deleteCreatedUsers);

async function generateKey(user: TestUser, name?: string): Promise<string> {
  const { data, error } = await user.client.rpc('generate_api_key_for_user', {
    user_uuid: user.user.id,
    ...(name ? { p_name: name } : {}),
  });
  expect(error).toBeNull();
  expect(data).toMatch(/^dw_live_[0-9a-f]{64}$/);
  return data as string;
}

async function keysOf(user: TestUser) {
  const { data, error } = await user.client
    .from('api_keys')
    .select(SAFE_COLUMNS)
    .order('created_at', { ascending: true });
  if (error) throw error;
  return data;
}

describe('generate_api_key_for_user', () => {
  it('makes named keys that all stay live, shown whole once and then only as prefix and last 4', async () => {
    const first = await generateKey(owner, 'Production');
    const second = await generateKey(owner, 'Rotation');
    expect(second).not.toBe(first);
    const keys = (await keysOf(owner)).filter((k) => !k.revoked && k.name !== 'First');
    expect(keys.map((k) => [k.name, k.key_prefix, k.key_last4])).toEqual([
      ['Production', 'dw_live_', first.slice(-4)],
      ['Rotation', 'dw_live_', second.slice(-4)],
    ]);
    // The whole key is nowhere in what the owner can read.
    expect(JSON.stringify(await keysOf(owner))).not.toContain(first.slice(8, 40));
  });

  it('refuses to generate a key for another user, and anonymous visitors', async () => {
    const { data, error } = await owner.client.rpc('generate_api_key_for_user', {
      user_uuid: other.user.id,
    });
    expect(data).toBeNull();
    expect(error?.code).toBe('42501');
    expect(error?.message).toBe('You can only generate API keys for yourself');
    const anon = await anonClient().rpc('generate_api_key_for_user', { user_uuid: owner.user.id });
    expect(anon.error?.code).toBe('42501');
  });
});

describe('api_keys table, as an attacker', () => {
  it("never shows another user's keys, nor any key's hash, even one's own", async () => {
    const theirs = await owner.client
      .from('api_keys')
      .select(SAFE_COLUMNS)
      .eq('user_id', other.user.id);
    expect(theirs.error).toBeNull();
    expect(theirs.data).toEqual([]);
    for (const select of ['key_hash', '*', 'id, key_hash']) {
      const hash = await owner.client.from('api_keys').select(select);
      expect(hash.error?.code).toBe('42501');
    }
    // Not as a filter either: a guessed hash cannot be tested through PostgREST.
    const probe = await owner.client.from('api_keys').select('id').eq('key_hash', '0'.repeat(64));
    expect(probe.error?.code).toBe('42501');
    expect((await anonClient().from('api_keys').select('id')).error?.code).toBe('42501');
  });

  it('refuses inserts, updates (last_used_at, revoked) and deletes by users', async () => {
    const [mine] = await keysOf(owner);
    const insert = await owner.client.from('api_keys').insert({
      user_id: owner.user.id,
      key_hash: 'a'.repeat(64),
      key_prefix: 'dw_live_',
      key_last4: 'aaaa',
    });
    expect(insert.error?.code).toBe('42501');
    const touch = await owner.client
      .from('api_keys')
      .update({ last_used_at: '2030-01-01T00:00:00Z' })
      .eq('id', mine!.id);
    expect(touch.error?.code).toBe('42501');
    const unrevoke = await owner.client
      .from('api_keys')
      .update({ revoked: false })
      .eq('id', mine!.id);
    expect(unrevoke.error?.code).toBe('42501');
    const remove = await owner.client.from('api_keys').delete().eq('id', mine!.id);
    expect(remove.error?.code).toBe('42501');
    expect((await keysOf(owner))[0]).toEqual(mine);
  });

  it("cannot revoke another user's key", async () => {
    const [theirs] = (
      await serviceClient().from('api_keys').select('id').eq('user_id', other.user.id)
    ).data!;
    const { error } = await owner.client.rpc('revoke_api_key', { p_key_id: theirs!.id });
    expect(error?.code).toBe('P0002');
    const anon = await anonClient().rpc('revoke_api_key', { p_key_id: theirs!.id });
    expect(anon.error?.code).toBe('42501');
    const after = await serviceClient().from('api_keys').select('revoked').eq('id', theirs!.id);
    expect(after.data).toEqual([{ revoked: false }]);
  });
});

describe('keys and request logs through the API', () => {
  let account: CallingAccount;
  beforeAll(async () => {
    account = await createCallingAccount({ label: 'keys-logs', mode: 'test' });
  });

  const listWith = (key: string) =>
    fetch(`${taskUrl}?limit=1`, { headers: { Authorization: `Bearer ${key}` } });

  it('logs a request made with the key under its request_id, stamps last use, and a second key works beside the first until the first is revoked', async () => {
    const created = await account.api('', {
      method: 'POST',
      json: {
        phone_number: '+14155550100',
        goal: 'Confirm the appointment. Card 4242 4242 4242 4242 is on file.',
        metadata: { api_key: 'leaked' },
      },
    });
    expect(created.status).toBe(201);
    const requestId = created.headers.get('request-id')!;
    expect(requestId).toBeTruthy();

    const logs = await waitFor(
      async () => {
        const { data, error } = await account.client
          .from('api_request_logs')
          .select('*')
          .eq('request_id', requestId);
        if (error) throw error;
        return data;
      },
      (rows) => rows.length > 0,
      { timeoutMs: 10_000, what: 'the request in the logs' },
    );
    const [entry] = logs;
    expect(entry).toMatchObject({
      user_id: account.user.id,
      method: 'POST',
      path: '/task',
      status: 201,
      source: 'api',
      livemode: false,
      error_code: null,
      key_mask: `dw_test_…${account.apiKey.slice(-4)}`,
    });
    expect(entry!.latency_ms).toBeGreaterThanOrEqual(0);
    expect(entry!.request_body).toContain('Confirm the appointment');
    expect(entry!.request_body).not.toContain('4242 4242 4242 4242');
    expect(entry!.request_body).not.toContain('leaked');

    const [used] = (
      await account.client.from('api_keys').select('last_used_at').eq('livemode', false)
    ).data!;
    expect(used!.last_used_at).not.toBeNull();

    // Rotation: a second test key works beside the first.
    const { data: second } = await account.client.rpc('generate_api_key_for_user', {
      user_uuid: account.user.id,
      p_livemode: false,
      p_name: 'Rotation',
    });
    expect((await listWith(second as string)).status).toBe(200);
    expect((await listWith(account.apiKey)).status).toBe(200);

    // Revoking the first refuses it from the next request; the second goes on working.
    const [first] = (
      await account.client.from('api_keys').select('id').eq('key_last4', account.apiKey.slice(-4))
    ).data!;
    expect((await account.client.rpc('revoke_api_key', { p_key_id: first!.id })).error).toBeNull();
    const refused = await listWith(account.apiKey);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: { code: 'unauthorized' } });
    expect((await listWith(second as string)).status).toBe(200);

    // The refused request is in the owner's logs too, with its error code.
    const refusedId = refused.headers.get('request-id')!;
    const refusedLog = await waitFor(
      async () =>
        (
          await account.client
            .from('api_request_logs')
            .select('status, error_code')
            .eq('request_id', refusedId)
        ).data ?? [],
      (rows) => rows.length > 0,
      { timeoutMs: 10_000, what: 'the refused request in the logs' },
    );
    expect(refusedLog).toEqual([{ status: 401, error_code: 'unauthorized' }]);
  });

  it('keeps a revoked key’s requests without their bodies, and at most 30 of them a minute', async () => {
    const holder = await createCallingAccount({ label: 'revoked-logs', mode: 'test' });
    const [key] = (await holder.client.from('api_keys').select('id')).data!;
    expect((await holder.client.rpc('revoke_api_key', { p_key_id: key!.id })).error).toBeNull();
    const tries = await Promise.all(
      Array.from({ length: 40 }, () =>
        holder.api('', {
          method: 'POST',
          json: { phone_number: '+14155550100', goal: 'x'.repeat(3_000) },
        }),
      ),
    );
    expect(tries.every((response) => response.status === 401)).toBe(true);
    // Every one has been answered; wait until the logger has taken its last decision.
    await waitFor(
      async () => (await holder.client.from('api_request_logs').select('id')).data ?? [],
      (rows) => rows.length >= 30,
      { timeoutMs: 15_000, what: 'the revoked key’s requests in the logs' },
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const { data: logged } = await holder.client
      .from('api_request_logs')
      .select('status, request_body, request_id');
    expect(logged!.length).toBe(30);
    expect(logged!.every((row) => row.status === 401 && row.request_body === null)).toBe(true);
  });

  it("never shows another account's request logs, and nobody writes them through PostgREST", async () => {
    const listed = await listWith(account.apiKey);
    const listedId = listed.headers.get('request-id')!;
    await waitFor(
      async () =>
        (await account.client.from('api_request_logs').select('id').eq('request_id', listedId))
          .data ?? [],
      (rows) => rows.length > 0,
      { timeoutMs: 10_000, what: 'the request in the logs' },
    );
    const mine = await account.client.from('api_request_logs').select('id');
    expect(mine.data!.length).toBeGreaterThan(0);
    const theirs = await owner.client
      .from('api_request_logs')
      .select('id')
      .eq('user_id', account.user.id);
    expect(theirs.error).toBeNull();
    expect(theirs.data).toEqual([]);
    const forged = await owner.client.from('api_request_logs').insert({
      user_id: owner.user.id,
      key_mask: 'dw_live_…abcd',
      livemode: true,
      source: 'api',
      created_at: new Date().toISOString(),
      method: 'GET',
      path: '/task',
      status: 200,
      request_id: 'req_forged',
      latency_ms: 1,
    });
    expect(forged.error?.code).toBe('42501');
    const erased = await account.client
      .from('api_request_logs')
      .delete()
      .eq('user_id', account.user.id);
    expect(erased.error?.code).toBe('42501');
    const rewritten = await account.client
      .from('api_request_logs')
      .update({ status: 200 })
      .eq('user_id', account.user.id);
    expect(rewritten.error?.code).toBe('42501');
    const record = await owner.client.rpc('api_request_log_record', {
      p_api_key: account.apiKey,
      p_source: 'api',
      p_at: new Date().toISOString(),
      p_method: 'GET',
      p_path: '/task',
      p_query: null,
      p_status: 200,
      p_request_id: 'req_forged',
      p_latency_ms: 1,
      p_request_body: null,
      p_body_truncated: false,
      p_error_code: null,
    });
    expect(record.error?.code).toBe('42501');
  });
});
