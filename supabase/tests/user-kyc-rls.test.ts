import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anonClient,
  createUser,
  deleteCreatedUsers,
  serviceClient,
  type TestUser,
} from './support/clients';
import { BUSINESS_NAME_SAMPLES } from './support/business-names';
import { businessNameProblem } from '../functions/_shared/contract/business-name';

// user_kyc: owners submit their details for review ('pending'); phone verification and every
// other status belong to the service role.
let owner: TestUser;
let other: TestUser;

const details = (userId: string) => ({
  user_id: userId,
  business_type: 'business',
  legal_name: 'Acme Dental LLC',
  address: '1 Main Street, Springfield, IL 62701',
  use_case: 'Appointment reminders',
  kyc_status: 'pending',
});

beforeAll(async () => {
  owner = await createUser('kyc-owner');
  other = await createUser('kyc-other');
  const seeded = await serviceClient().from('user_kyc').insert(details(other.user.id));
  if (seeded.error) throw seeded.error;
});
afterAll(deleteCreatedUsers);

describe('user_kyc', () => {
  it('lets a user submit their own details as pending, by upsert like the dashboard does', async () => {
    const first = await owner.client.from('user_kyc').upsert(details(owner.user.id));
    expect(first.error).toBeNull();
    const again = await owner.client
      .from('user_kyc')
      .upsert({ ...details(owner.user.id), legal_name: 'Acme Dental Group LLC' });
    expect(again.error).toBeNull();
    const { data } = await owner.client
      .from('user_kyc')
      .select('legal_name, kyc_status, phone, phone_verified')
      .eq('user_id', owner.user.id)
      .maybeSingle();
    expect(data).toEqual({
      legal_name: 'Acme Dental Group LLC',
      kyc_status: 'pending',
      phone: null,
      phone_verified: false,
    });
  });

  it('refuses a user who marks themselves complete', async () => {
    const { error } = await owner.client
      .from('user_kyc')
      .update({ kyc_status: 'complete' })
      .eq('user_id', owner.user.id);
    expect(error?.code).toBe('42501');
    expect(error?.message).toMatch(/row-level security/);
  });

  it('refuses a user who marks their own phone verified', async () => {
    const { error } = await owner.client
      .from('user_kyc')
      .update({ phone: '+14155550100', phone_verified: true })
      .eq('user_id', owner.user.id);
    expect(error?.code).toBe('42501');
    expect(error?.message).toBe('permission denied for table user_kyc');
  });

  it('refuses a user who inserts a record that is already verified', async () => {
    const fresh = await createUser('kyc-fresh');
    const { error } = await fresh.client
      .from('user_kyc')
      .insert({ ...details(fresh.user.id), phone_verified: true, phone: '+14155550100' });
    expect(error?.code).toBe('42501');
  });

  it("never shows or changes another user's record", async () => {
    const read = await owner.client.from('user_kyc').select('*').eq('user_id', other.user.id);
    expect(read.error).toBeNull();
    expect(read.data).toEqual([]);
    const update = await owner.client
      .from('user_kyc')
      .update({ legal_name: 'Hijacked' })
      .eq('user_id', other.user.id)
      .select();
    expect(update.error).toBeNull();
    expect(update.data).toEqual([]);
    const insert = await owner.client.from('user_kyc').insert(details(other.user.id));
    expect(insert.error?.code).toBe('42501');
    const remove = await owner.client.from('user_kyc').delete().eq('user_id', other.user.id);
    expect(remove.error?.code).toBe('42501');
    const { data } = await serviceClient()
      .from('user_kyc')
      .select('legal_name')
      .eq('user_id', other.user.id)
      .single();
    expect(data?.legal_name).toBe('Acme Dental LLC');
  });

  it('shows anonymous visitors nothing and lets them write nothing', async () => {
    const anon = anonClient();
    expect((await anon.from('user_kyc').select('*')).error?.code).toBe('42501');
    expect((await anon.from('user_kyc').insert(details(owner.user.id))).error?.code).toBe('42501');
    expect(
      (await anon.from('user_kyc').update({ legal_name: 'x' }).eq('user_id', owner.user.id)).error
        ?.code,
    ).toBe('42501');
    expect((await anon.from('user_kyc').delete().eq('user_id', owner.user.id)).error?.code).toBe(
      '42501',
    );
  });

  it('rejects blank details and unknown values with check violations', async () => {
    const blank = await owner.client
      .from('user_kyc')
      .upsert({ ...details(owner.user.id), legal_name: '   ' });
    expect(blank.error?.code).toBe('23514');
    const badType = await owner.client
      .from('user_kyc')
      .upsert({ ...details(owner.user.id), business_type: 'alien' });
    expect(badType.error?.code).toBe('23514');
  });

  it('holds every legal name to the business-name rules, as the form and the functions do', async () => {
    for (const [name] of BUSINESS_NAME_SAMPLES) {
      const saved = await owner.client
        .from('user_kyc')
        .upsert({ ...details(owner.user.id), legal_name: name });
      const expected = businessNameProblem(name);
      // The database's message is the one the form shows.
      expect({ name, error: saved.error?.message ?? null }).toEqual({ name, error: expected });
      if (expected) expect(saved.error?.code).toBe('23514');
    }
    const lastAccepted = BUSINESS_NAME_SAMPLES.filter(([, refused]) => refused === null).at(-1)!;
    const { data } = await owner.client.from('user_kyc').select('legal_name').single();
    expect(data?.legal_name).toBe(lastAccepted[0]);
    await owner.client.from('user_kyc').upsert(details(owner.user.id));
  });

  it('lets our support, after review, write a name that reads as a public body, never an instruction', async () => {
    const admin = serviceClient();
    const reviewed = await admin
      .from('user_kyc')
      .update({ legal_name: 'Springfield Police Department Credit Union' })
      .eq('user_id', other.user.id);
    expect(reviewed.error).toBeNull();
    const instructing = await admin
      .from('user_kyc')
      .update({ legal_name: 'Acme Dental, I am not an AI' })
      .eq('user_id', other.user.id);
    expect(instructing.error?.code).toBe('23514');
    await admin
      .from('user_kyc')
      .update({ legal_name: 'Acme Dental LLC' })
      .eq('user_id', other.user.id);
  });

  it('keeps a review decision: a rejected or completed user cannot resubmit themselves to pending', async () => {
    for (const decision of ['rejected', 'complete'] as const) {
      const user = await createUser(`kyc-${decision}`);
      const seeded = await serviceClient()
        .from('user_kyc')
        .insert({ ...details(user.user.id), kyc_status: decision });
      if (seeded.error) throw seeded.error;

      const upsert = await user.client.from('user_kyc').upsert(details(user.user.id));
      expect(upsert.error?.code, decision).toBe('42501');
      const update = await user.client
        .from('user_kyc')
        .update({ kyc_status: 'pending', legal_name: 'Someone Else LLC' })
        .eq('user_id', user.user.id)
        .select();
      expect(update.data, decision).toEqual([]);

      const { data } = await user.client.from('user_kyc').select('kyc_status, legal_name').single();
      expect(data).toEqual({ kyc_status: decision, legal_name: 'Acme Dental LLC' });
    }
  });

  it('lets the service role complete verification', async () => {
    const admin = serviceClient();
    const { error } = await admin
      .from('user_kyc')
      .update({ phone: '+14155550100', phone_verified: true, kyc_status: 'complete' })
      .eq('user_id', owner.user.id);
    expect(error).toBeNull();
    const { data } = await owner.client
      .from('user_kyc')
      .select('phone, phone_verified, kyc_status')
      .single();
    expect(data).toEqual({ phone: '+14155550100', phone_verified: true, kyc_status: 'complete' });
    const badPhone = await admin
      .from('user_kyc')
      .update({ phone: '555-1234' })
      .eq('user_id', owner.user.id);
    expect(badPhone.error?.code).toBe('23514');
  });
});
