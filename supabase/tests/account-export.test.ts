import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCallingAccount, type CallingAccount } from './support/call-api';
import { deleteCreatedUsers, serviceClient } from './support/clients';
import { closeClock } from './support/clock';
import { accountUrl } from './support/retention';
import { storeCopiesOfTask } from './support/task-copies';
import { waitFor } from './support/wait';

// GET /functions/v1/account/export: one JSON document with everything held about the signed-in
// account (the privacy policy's right to a copy), and nothing of anybody else's.

type Export = {
  exported_at: string;
  account: { id: string; email: string };
  profile: { credits: string | number; closed_at: string | null };
  kyc: { legal_name: string; phone: string };
  agent_settings: { voice: string } | null;
  api_keys: { key: string; revoked: boolean }[];
  webhook_secret: Record<string, unknown> | null;
  webhook_deliveries: unknown[];
  tasks: { id: string; goal: string; events: { type: string }[]; attempts: unknown[] }[];
  credit_purchases: { amount: string | number }[];
  do_not_call: { phone_number: string }[];
  phone_numbers: { phone_number: string; source: string; status: string }[];
  phone_number_charges: unknown[];
};

const admin = serviceClient();
let owner: CallingAccount;
let other: CallingAccount;
const OWNER_GOAL = 'Remind Jordan Ames to bring the signed lease to Tuesday’s viewing.';
const OTHER_GOAL = 'Ask Morgan Reyes whether the roof repair quote still stands.';

async function callTo(account: CallingAccount, goal: string) {
  const response = await account.api('', {
    method: 'POST',
    json: { phone_number: '+14155550100', goal },
  });
  expect(response.status).toBe(201);
  const { id } = (await response.json()) as { id: string };
  await waitFor(
    async () => (await (await account.api(`/${id}`)).json()) as { status: string },
    (t) => t.status === 'success',
    { what: 'the call to end' },
  );
  return id;
}

async function accessToken(account: CallingAccount) {
  const { data } = await account.client.auth.getSession();
  return data.session!.access_token;
}

async function exportOf(account: CallingAccount) {
  return fetch(accountUrl('export'), {
    headers: { Authorization: `Bearer ${await accessToken(account)}` },
  });
}

beforeAll(async () => {
  [owner, other] = await Promise.all([
    createCallingAccount({ label: 'export-owner', credits: 7, freeMinutesUsed: 100 }),
    createCallingAccount({ label: 'export-other', credits: 3, freeMinutesUsed: 100 }),
  ]);
  await Promise.all([callTo(owner, OWNER_GOAL), callTo(other, OTHER_GOAL)]);
  const listed = await owner.client.from('do_not_call').insert({ phone_number: '+14155550161' });
  expect(listed.error).toBeNull();
  const settings = await owner.client
    .from('agent_settings')
    .upsert({ user_id: owner.user.id, voice: 'George' });
  expect(settings.error).toBeNull();
});

afterAll(async () => {
  await deleteCreatedUsers();
  await closeClock();
});

describe('the data export', () => {
  it('holds the account’s e-mail, KYC, settings, keys (masked), calls with their events, purchases and list', async () => {
    const response = await exportOf(owner);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="dialwise-account-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const text = await response.text();
    const data = JSON.parse(text) as Export;

    expect(data.account).toMatchObject({ id: owner.user.id, email: owner.email });
    expect(data.kyc.legal_name).toBe('Test Clinic LLC');
    expect(data.kyc.phone).toMatch(/^\+1/);
    expect(data.agent_settings?.voice).toBe('George');
    expect(Number(data.profile.credits)).toBeGreaterThan(0);
    expect(data.profile.closed_at).toBeNull();
    expect(data.credit_purchases.map((p) => Number(p.amount))).toEqual([7]);
    expect(data.do_not_call.map((n) => n.phone_number)).toContain('+14155550161');
    // Its number (the verified phone its first live call made its caller ID), without the
    // provider's id or the inbound token's hash.
    expect(data.phone_numbers).toEqual([
      expect.objectContaining({ phone_number: owner.phone, source: 'verified', status: 'active' }),
    ]);
    expect(data.phone_number_charges).toEqual([]);
    expect(text).not.toContain('provider_phone_number_id');
    expect(text).not.toContain('inbound_token_hash');

    const task = data.tasks.find((t) => t.goal === OWNER_GOAL);
    expect(task).toBeDefined();
    expect(task!.events.map((e) => e.type)).toContain('task.completed');
    expect(task!.attempts.length).toBe(1);

    // Keys as the dashboard shows them; the full key and the webhook secret never.
    expect(data.api_keys).toHaveLength(1);
    expect(data.api_keys[0]!.key).toBe(`dw_live_…${owner.apiKey.slice(-4)}`);
    expect(text).not.toContain(owner.apiKey);
    const { data: stored } = await admin
      .from('api_keys')
      .select('key_hash')
      .eq('user_id', owner.user.id)
      .single();
    expect(text).not.toContain(stored!.key_hash as string);
    const { data: secrets } = await admin
      .from('webhook_secrets')
      .select('secret')
      .eq('user_id', owner.user.id);
    expect(secrets).toHaveLength(1);
    expect(text).not.toContain(secrets![0]!.secret);
    expect(text).not.toContain('provider_token_hash');
    expect(data.webhook_secret).toEqual({ created_at: expect.any(String) });

    // Nothing of the other account.
    for (const foreign of [other.email, other.user.id, OTHER_GOAL, other.apiKey])
      expect(text, foreign).not.toContain(foreign);
  });

  it('is for a signed-in user only: no token, an API key or a bad token get 401; POST is refused', async () => {
    expect((await fetch(accountUrl('export'))).status).toBe(401);
    const withKey = await fetch(accountUrl('export'), {
      headers: { Authorization: `Bearer ${owner.apiKey}` },
    });
    expect(withKey.status).toBe(401);
    const post = await fetch(accountUrl('export'), {
      method: 'POST',
      headers: { Authorization: `Bearer ${await accessToken(owner)}` },
    });
    expect(post.status).toBe(405);
    expect(await post.json()).toMatchObject({ error: { code: 'method_not_allowed' } });
  });
});

describe('an export of an account with many calls', () => {
  it('is streamed whole, every task once in order, and a second export within a minute is 429', async () => {
    const busy = await createCallingAccount({ label: 'export-busy', credits: 5 });
    const first = await busy.api('', {
      method: 'POST',
      json: {
        phone_number: '+14155550100',
        goal: 'Ask about the spare key.',
        schedule_at: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    expect(first.status).toBe(201);
    const { id } = (await first.json()) as { id: string };
    // 249 more like it, stored directly: two and a half pages of the export's tasks.
    await storeCopiesOfTask(id, 249);

    const response = await exportOf(busy);
    expect(response.status).toBe(200);
    const data = JSON.parse(await response.text()) as Export;
    const ids = data.tasks.map((task) => task.id);
    expect(ids).toHaveLength(250);
    expect(new Set(ids).size).toBe(250);
    expect(ids).toEqual([...ids].sort());
    expect(data.account.id).toBe(busy.user.id);
    expect(data.credit_purchases).toHaveLength(1);

    const again = await exportOf(busy);
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await again.json()).toMatchObject({ error: { code: 'rate_limited' } });
  }, 60_000);
});
