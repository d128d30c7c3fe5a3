import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anonClient,
  createUser,
  deleteCreatedUsers,
  serviceClient,
  type TestUser,
} from './support/clients';

// agent_settings: one row per user, values constrained; owners read and write only their own row.
let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  owner = await createUser('agent-owner');
  other = await createUser('agent-other');
  const seeded = await serviceClient()
    .from('agent_settings')
    .insert({
      user_id: other.user.id,
      voice: 'George',
      speaking_style: 'Friendly',
      language: 'de',
    });
  if (seeded.error) throw seeded.error;
});
afterAll(deleteCreatedUsers);

describe('agent_settings', () => {
  it('has the defaults Aria / Professional / en, and the owner saves by upsert', async () => {
    const first = await owner.client
      .from('agent_settings')
      .upsert({ user_id: owner.user.id })
      .select('voice, speaking_style, language')
      .single();
    expect(first.data).toEqual({ voice: 'Aria', speaking_style: 'Professional', language: 'en' });
    const saved = await owner.client
      .from('agent_settings')
      .upsert({
        user_id: owner.user.id,
        voice: 'Sarah',
        speaking_style: 'Conversational',
        language: 'fr',
      })
      .select('voice, speaking_style, language')
      .single();
    expect(saved.data).toEqual({
      voice: 'Sarah',
      speaking_style: 'Conversational',
      language: 'fr',
    });
  });

  it('refuses values outside the fixed choices', async () => {
    for (const change of [
      { voice: 'Bob' },
      { speaking_style: 'excited' },
      { language: 'English' },
    ]) {
      const { error } = await owner.client
        .from('agent_settings')
        .upsert({ user_id: owner.user.id, ...change });
      expect(error?.code).toBe('23514');
    }
  });

  it("hides another user's row and refuses writing it", async () => {
    const read = await owner.client.from('agent_settings').select('*').eq('user_id', other.user.id);
    expect(read.data).toEqual([]);
    const insert = await owner.client
      .from('agent_settings')
      .insert({ user_id: other.user.id, voice: 'Roger' });
    expect(insert.error?.code).toBe('42501');
    const forged = await owner.client
      .from('agent_settings')
      .insert({ user_id: (await createUser('agent-third')).user.id, voice: 'Roger' });
    expect(forged.error?.code).toBe('42501');
    const update = await owner.client
      .from('agent_settings')
      .update({ voice: 'Roger' })
      .eq('user_id', other.user.id)
      .select();
    expect(update.data).toEqual([]);
    const { data } = await serviceClient()
      .from('agent_settings')
      .select('voice')
      .eq('user_id', other.user.id)
      .single();
    expect(data).toEqual({ voice: 'George' });
  });

  it('gives anonymous callers nothing', async () => {
    const { data, error } = await anonClient().from('agent_settings').select('*');
    expect(error?.code ?? (data?.length === 0 ? 'empty' : 'rows')).toMatch(/42501|empty/);
    const insert = await anonClient()
      .from('agent_settings')
      .insert({ user_id: owner.user.id, voice: 'Roger' });
    expect(insert.error?.code).toBe('42501');
  });

  it('refuses writing updated_at directly (column privileges)', async () => {
    const { error } = await owner.client
      .from('agent_settings')
      .update({ updated_at: '2000-01-01T00:00:00Z' })
      .eq('user_id', owner.user.id);
    expect(error?.code).toBe('42501');
  });
});
