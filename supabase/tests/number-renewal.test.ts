import { afterAll, describe, expect, it } from 'vitest';
import { LOCAL_VAPI_API_KEY } from '@dialwise/local-stack';
import { createCallingAccount, moneyOf, type CallingAccount } from './support/call-api';
import { deleteCreatedUsers, serviceClient } from './support/clients';
import { dispatchAt } from './support/dispatch';
import { TEST_PORTS } from './support/stack';

// A bought number's months are paid from credits by the dispatcher as each one ends; a number its
// account cannot pay for is kept a week more, then let go of, here and at the provider.
const vapi = (path: string) =>
  fetch(`http://127.0.0.1:${TEST_PORTS.voice}${path}`, {
    headers: { Authorization: `Bearer ${LOCAL_VAPI_API_KEY}` },
  });

type Stored = { status: string; paid_through: string; provider_phone_number_id: string };

async function storedNumber(id: string): Promise<Stored> {
  const { data, error } = await serviceClient()
    .from('phone_numbers')
    .select('status, paid_through, provider_phone_number_id')
    .eq('id', id)
    .single();
  if (error) throw error;
  return data as Stored;
}

/** Buys a number whose paid month ended `daysAgo` days ago; the credits left are `creditsLeft`. */
async function numberDue(account: CallingAccount, daysAgo: number) {
  const response = await account.api('/numbers', { method: 'POST', json: { type: 'purchase' } });
  expect(response.status).toBe(201);
  const { id } = (await response.json()) as { id: string };
  const ended = new Date(Date.now() - daysAgo * 86_400_000);
  const { error } = await serviceClient()
    .from('phone_numbers')
    .update({ paid_through: ended.toISOString() })
    .eq('id', id);
  if (error) throw error;
  return { id, ended };
}

async function chargesOf(numberId: string) {
  const { data, error } = await serviceClient()
    .from('phone_number_charges')
    .select('amount_cents, period_start, period_end')
    .eq('phone_number_id', numberId)
    .order('period_start');
  if (error) throw error;
  return data as { amount_cents: number; period_start: string; period_end: string }[];
}

afterAll(deleteCreatedUsers);

describe('a bought number’s months', () => {
  it('pays the next month from credits when the paid one ends', async () => {
    const account = await createCallingAccount({ label: 'renew-paid', credits: 5 });
    const { id, ended } = await numberDue(account, 0.01);
    await dispatchAt(new Date());
    const after = await storedNumber(id);
    expect(after.status).toBe('active');
    const next = new Date(ended);
    next.setUTCMonth(next.getUTCMonth() + 1);
    expect(Math.abs(new Date(after.paid_through).getTime() - next.getTime())).toBeLessThan(
      2 * 86_400_000,
    );
    expect((await moneyOf(account.user.id)).credits).toBe(1);
    const charges = await chargesOf(id);
    expect(charges).toHaveLength(2);
    expect(charges[1]).toMatchObject({ amount_cents: 200 });
    // Paid: the next run charges nothing more.
    await dispatchAt(new Date());
    expect(await chargesOf(id)).toHaveLength(2);
  });

  it('keeps a number the credits cannot renew for its grace days, then releases it at the provider', async () => {
    const account = await createCallingAccount({ label: 'renew-unpaid', credits: 2 });
    const kept = await numberDue(account, 3);
    await dispatchAt(new Date());
    expect(await storedNumber(kept.id)).toMatchObject({ status: 'active' });
    expect(await chargesOf(kept.id)).toHaveLength(1);

    const { error } = await serviceClient()
      .from('phone_numbers')
      .update({ paid_through: new Date(Date.now() - 8 * 86_400_000).toISOString() })
      .eq('id', kept.id);
    if (error) throw error;
    await dispatchAt(new Date());
    const released = await storedNumber(kept.id);
    expect(released.status).toBe('released');
    expect((await vapi(`/phone-number/${released.provider_phone_number_id}`)).status).toBe(404);
    expect((await moneyOf(account.user.id)).credits).toBe(0);
  });
});
