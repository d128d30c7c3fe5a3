import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, deleteCreatedUsers } from './support/clients';
import { createCallingAccount, taskUrl, type CallingAccount } from './support/call-api';
import { waitFor } from './support/wait';

// The Usage page's numbers (usage_daily): per day, test and live apart, they are the account's
// own calls with their settled minutes and cost, and nobody else's.

const GOAL = "Confirm Kim's dental appointment tomorrow at 3 pm; offer Thursday if not.";
const TERMINAL = ['success', 'no_answer', 'busy', 'voicemail', 'failed', 'canceled'];

type UsageRow = {
  day: string;
  livemode: boolean;
  calls: number;
  ended: number;
  succeeded: number;
  minutes: number;
  cost_cents: number;
};

let account: CallingAccount;
let stranger: CallingAccount;
let testKey: string;
beforeAll(async () => {
  [account, stranger] = await Promise.all([
    createCallingAccount({ label: 'usage', credits: 10, freeMinutesUsed: 100 }),
    createCallingAccount({ label: 'usage-stranger' }),
  ]);
  const { data, error } = await account.client.rpc('generate_api_key_for_user', {
    user_uuid: account.user.id,
    p_livemode: false,
  });
  if (error) throw error;
  testKey = data as string;
});
afterAll(deleteCreatedUsers);

async function call(key: string, phone: string) {
  const response = await fetch(`${taskUrl}?wait=true`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ phone_number: phone, goal: GOAL, retry: { max_attempts: 0 } }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function usage(who: CallingAccount, days = 7) {
  const { data, error } = await who.client.rpc('usage_daily', {
    p_days: days,
    p_time_zone: 'America/Los_Angeles',
  });
  if (error) throw error;
  return data as UsageRow[];
}

describe('usage per day', () => {
  it('adds up to the calls’ own settled minutes and cost, test and live apart', async () => {
    const ids = [
      await call(account.apiKey, '+14155550100'),
      await call(account.apiKey, '+14155550103'),
      await call(testKey, '+14155550100'),
    ];
    // The tasks as their owner reads them, once every call has ended and settled.
    const { data: tasks } = await waitFor(
      async () =>
        await account.client
          .from('tasks')
          .select('id, status, livemode, outcome, call_outcome, billed_minutes, cost_cents')
          .in('id', ids),
      (r) => (r.data ?? []).length === 3 && r.data!.every((t) => TERMINAL.includes(t.status)),
      { what: 'the three calls to end' },
    );
    const rows = await usage(account);
    expect(rows).toHaveLength(14);
    for (const livemode of [true, false]) {
      const own = tasks!.filter((t) => t.livemode === livemode);
      const days = rows.filter((r) => r.livemode === livemode);
      const sum = (pick: (r: UsageRow) => number) => days.reduce((n, r) => n + pick(r), 0);
      expect(sum((r) => r.calls)).toBe(own.length);
      expect(sum((r) => r.ended)).toBe(own.length);
      expect(sum((r) => r.minutes)).toBe(own.reduce((n, t) => n + t.billed_minutes, 0));
      expect(sum((r) => r.cost_cents)).toBe(own.reduce((n, t) => n + t.cost_cents, 0));
      expect(sum((r) => r.succeeded)).toBe(
        own.filter((t) => t.outcome === 'achieved' || t.call_outcome === 'human_answered').length,
      );
    }
    const live = tasks!.filter((t) => t.livemode);
    expect(live.reduce((n, t) => n + t.billed_minutes, 0)).toBeGreaterThan(0);
    expect(rows.filter((r) => r.livemode).reduce((n, r) => n + r.succeeded, 0)).toBe(1);
  }, 90_000);

  it('shows another account none of them, and nobody signed out anything', async () => {
    const rows = await usage(stranger, 90);
    expect(rows).toHaveLength(180);
    expect(rows.every((r) => r.calls === 0 && r.minutes === 0 && r.cost_cents === 0)).toBe(true);
    const anon = await anonClient().rpc('usage_daily', { p_days: 7 });
    expect(anon.error).not.toBeNull();
    const badZone = await stranger.client.rpc('usage_daily', {
      p_days: 7,
      p_time_zone: 'Mars/Olympus',
    });
    expect(badZone.error?.code).toBe('22023');
  });
});
