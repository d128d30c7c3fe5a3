import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteCreatedUsers, serviceClient } from './support/clients';
import {
  callApiWith,
  createCallingAccount,
  testKeyOf,
  type CallingAccount,
} from './support/call-api';
import { closeClock, sql } from './support/clock';

// Every live AI call rests on a legal basis: the callee's consent or an exemption the law names,
// stated on the task, or the default the account attested to once. Without one a live call is
// refused naming the field; a test call reaches nobody and needs none. A goal that reads as a
// pitch cannot pass as informational. Attestations are records nobody rewrites.

type ApiError = { error: { code: string; message: string; field?: string } };
type Task = {
  id: string;
  status: string;
  legal_basis: { type: string; source: string; exemption?: string; attestation_id?: number } | null;
  consent: { phone_number: string | null; given_by: string | null } | null;
};

const GOAL = "Confirm Kim's appointment tomorrow at 3 pm.";
const NUMBER = '+14155550100';
let account: CallingAccount;

beforeAll(async () => {
  account = await createCallingAccount({ label: 'legal-basis', credits: 5, legalBasis: null });
});
afterAll(async () => {
  await deleteCreatedUsers();
  await closeClock();
});

async function create(json: Record<string, unknown>, api = account.api) {
  const response = await api('', {
    method: 'POST',
    json: { goal: GOAL, phone_number: NUMBER, ...json },
  });
  return { status: response.status, body: (await response.json()) as Task & ApiError };
}

const attest = async (json: unknown) => await account.api('/legal-basis', { method: 'POST', json });

describe('the legal basis of a live call', () => {
  it('refuses a live call that has none, naming the field, and says where to set one', async () => {
    const { status, body } = await create({});
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: 'invalid_request', field: 'consent' });
    expect(body.error.message).toContain('legal basis');
    expect(body.error.message).toContain('/task/legal-basis');
  });

  it("places one on the task's own consent, kept with the number it was given for", async () => {
    const { status, body } = await create({
      consent: {
        type: 'express',
        obtained_at: '2026-11-01T15:00:00Z',
        source: 'patient intake form',
        reference: 'intake-77',
        given_by: 'Kim Lee',
      },
    });
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.legal_basis).toEqual({ type: 'prior_express_consent', source: 'task' });
    expect(body.consent).toMatchObject({ phone_number: NUMBER, given_by: 'Kim Lee' });
  });

  it('places one on an exemption the law names, and refuses consent for another number', async () => {
    const exempt = await create({ exemption: 'healthcare', phone_number: '+12125550100' });
    expect(exempt.status, JSON.stringify(exempt.body)).toBe(201);
    expect(exempt.body.legal_basis).toEqual({
      type: 'exemption',
      exemption: 'healthcare',
      source: 'task',
    });

    const elsewhere = await create({
      phone_number: '+13035550100',
      consent: {
        type: 'express',
        obtained_at: '2026-11-01T15:00:00Z',
        source: 'web form',
        reference: 'f-1',
        phone_number: '+13035550199',
      },
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.error.field).toBe('consent.phone_number');
  });

  it("places one on the account's attested default, until it is withdrawn", async () => {
    const attested = await attest({ basis: 'prior_express_consent' });
    const record = (await attested.json()) as {
      current: { id: number; basis: string; statement: string; attested_via: string };
    };
    expect(attested.status).toBe(200);
    expect(record.current).toMatchObject({ basis: 'prior_express_consent', attested_via: 'api' });
    expect(record.current.statement).toContain('prior express consent');

    const placed = await create({ phone_number: '+15035550100' });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.legal_basis).toMatchObject({
      type: 'prior_express_consent',
      source: 'account',
      attestation_id: record.current.id,
    });

    expect((await attest({ basis: 'withdrawn' })).status).toBe(200);
    const refused = await create({ phone_number: '+16175550100' });
    expect(refused.status).toBe(400);
    expect(refused.body.error.field).toBe('consent');

    const bad = await attest({ basis: 'exemption' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ApiError).error.field).toBe('exemption');
  });

  it('refuses a batch whose rows have no basis, row by row', async () => {
    const response = await account.api('/batches', {
      method: 'POST',
      json: {
        defaults: { goal: GOAL },
        tasks: [
          { phone_number: '+17025550100', exemption: 'package_delivery' },
          { phone_number: '+17025550101' },
        ],
      },
    });
    const body = (await response.json()) as ApiError & {
      error: { rows?: { index: number; field: string }[] };
    };
    expect(response.status).toBe(400);
    expect(body.error.rows).toEqual([expect.objectContaining({ index: 1, field: 'consent' })]);
  });

  it('needs none in test mode: a test call reaches nobody', async () => {
    const withTestKey = callApiWith(await testKeyOf(account));
    const { status, body } = await create({ phone_number: '+12125550101' }, withTestKey);
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.legal_basis).toBeNull();
  });

  it('refuses an informational call whose goal is a sales pitch, naming why', async () => {
    const { status, body } = await create({
      goal: 'Tell them about our 20% off spring sale on roof repairs.',
      exemption: 'emergency',
    });
    expect(status).toBe(400);
    expect(body.error.field).toBe('purpose');
    expect(body.error.message).toContain('20% off');
    expect(body.error.message).toContain('marketing');
  });
});

describe('attestations, tried as an attacker', () => {
  it('cannot be written, changed or removed by the account or the service role', async () => {
    const { data: own } = await account.client.from('legal_basis_attestations').select('id');
    expect(own!.length).toBeGreaterThan(0);
    const inserted = await account.client.from('legal_basis_attestations').insert({
      user_id: account.user.id,
      basis: 'prior_express_consent',
      statement: 'whatever I like',
      attested_via: 'dashboard',
    });
    expect(inserted.error).not.toBeNull();
    const updated = await account.client
      .from('legal_basis_attestations')
      .update({ statement: 'changed' })
      .eq('user_id', account.user.id)
      .select();
    expect(updated.data ?? []).toEqual([]);

    const admin = serviceClient();
    const adminUpdate = await admin
      .from('legal_basis_attestations')
      .update({ basis: 'exemption', exemption: 'emergency' })
      .eq('user_id', account.user.id);
    expect(adminUpdate.error).not.toBeNull();
    const adminDelete = await admin
      .from('legal_basis_attestations')
      .delete()
      .eq('user_id', account.user.id);
    expect(adminDelete.error?.message).toContain('immutable');
    await expect(sql('truncate public.legal_basis_attestations')).rejects.toThrow(/immutable/);

    const [{ n }] = (await sql<{ n: string }>(
      'select count(*) as n from public.legal_basis_attestations where user_id = $1',
      [account.user.id],
    )) as [{ n: string }];
    expect(Number(n)).toBe(own!.length);
  });
});
