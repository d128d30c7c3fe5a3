import { afterAll, describe, expect, it } from 'vitest';
import { callApiWith, taskUrl } from './support/call-api';
import { createUser, deleteCreatedUsers, serviceClient } from './support/clients';
import { publishableKey } from './support/stack';
import { waitFor } from './support/wait';

// Test first: an account that has only signed up (no KYC, no verified phone) has a test key the
// dashboard can show again, and places test calls with it, or with its session in test mode;
// live calls still wait for KYC and the phone.
const call = { phone_number: '+14155550100', goal: 'Confirm the appointment tomorrow at 3 pm.' };
afterAll(deleteCreatedUsers);

type TestKey = { id: string; name: string; key: string };

describe('a new account’s test key', () => {
  it('is made once, kept for its owner alone, and places a simulated call before any paperwork', async () => {
    const newcomer = await createUser('newcomer');
    const [first, second] = await Promise.all([
      newcomer.client.rpc('test_api_key'),
      newcomer.client.rpc('test_api_key'),
    ]);
    expect(first.error).toBeNull();
    const key = first.data as TestKey;
    expect(key).toMatchObject({
      name: 'Default test key',
      key: expect.stringMatching(/^dw_test_[0-9a-f]{64}$/),
    });
    // Two tabs at once make one key, and asking again shows the same one.
    expect(second.data).toEqual(key);
    expect((await newcomer.client.rpc('test_api_key')).data).toEqual(key);
    const { data: keys } = await newcomer.client.from('api_keys').select('id, livemode, name');
    expect(keys).toEqual([{ id: key.id, livemode: false, name: 'Default test key' }]);

    const api = callApiWith(key.key);
    const created = await api('', { method: 'POST', json: call });
    expect(created.status).toBe(201);
    const task = (await created.json()) as { id: string; livemode: boolean; simulated: boolean };
    expect(task).toMatchObject({ livemode: false });
    const done = await waitFor(
      async () => (await (await api(`/${task.id}`)).json()) as { status: string },
      (t) => t.status === 'success',
      { what: 'the simulated call to succeed' },
    );
    expect(done.status).toBe('success');
  });

  it('is readable only by its owner, never from the table, and forgotten when revoked', async () => {
    const owner = await createUser('reveal-owner');
    const stranger = await createUser('reveal-stranger');
    const key = (await owner.client.rpc('test_api_key')).data as TestKey;
    expect((await owner.client.rpc('reveal_test_api_key', { p_key_id: key.id })).data).toBe(
      key.key,
    );
    expect(
      (await stranger.client.rpc('reveal_test_api_key', { p_key_id: key.id })).data,
    ).toBeNull();
    // The column is not the browser's to select, even for its own rows.
    const direct = await owner.client.from('api_keys').select('test_secret');
    expect(direct.error?.code).toBe('42501');
    // Live keys are shown once and never again.
    const { data: live } = await owner.client.rpc('generate_api_key_for_user', {
      user_uuid: owner.user.id,
    });
    const { data: liveRow } = await owner.client
      .from('api_keys')
      .select('id')
      .eq('key_last4', (live as string).slice(-4))
      .single();
    expect(
      (await owner.client.rpc('reveal_test_api_key', { p_key_id: liveRow!.id })).data,
    ).toBeNull();

    expect((await owner.client.rpc('revoke_api_key', { p_key_id: key.id })).error).toBeNull();
    expect((await owner.client.rpc('reveal_test_api_key', { p_key_id: key.id })).data).toBeNull();
    const { data: stored } = await serviceClient()
      .from('api_keys')
      .select('test_secret')
      .eq('id', key.id)
      .single();
    expect(stored!.test_secret).toBeNull();
    // The next ask makes a new one.
    const next = (await owner.client.rpc('test_api_key')).data as TestKey;
    expect(next.id).not.toBe(key.id);
    expect((await callApiWith(key.key)('')).status).toBe(401);
    expect((await callApiWith(next.key)('')).status).toBe(200);
  });

  it('leaves live calls behind KYC and the phone, by key and by session, while test mode works', async () => {
    const newcomer = await createUser('session-newcomer');
    const { data: live } = await newcomer.client.rpc('generate_api_key_for_user', {
      user_uuid: newcomer.user.id,
    });
    const refused = await callApiWith(live as string)('', { method: 'POST', json: call });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('kyc_required');

    const { data } = await newcomer.client.auth.getSession();
    const session = (mode: 'test' | 'live') =>
      fetch(taskUrl, {
        method: 'POST',
        headers: {
          apikey: publishableKey,
          Authorization: `Bearer ${data.session!.access_token}`,
          'Content-Type': 'application/json',
          ...(mode === 'test' ? { 'Dialwise-Mode': 'test' } : {}),
        },
        body: JSON.stringify(call),
      });
    const liveSession = await session('live');
    expect(liveSession.status).toBe(403);
    expect(((await liveSession.json()) as { error: { code: string } }).error.code).toBe(
      'kyc_required',
    );
    const testSession = await session('test');
    expect(testSession.status).toBe(201);
    expect(await testSession.json()).toMatchObject({ livemode: false });
  });
});
