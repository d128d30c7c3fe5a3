import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCallingAccount, type CallingAccount } from './support/call-api';
import { deleteCreatedUsers } from './support/clients';
import { closeClock, sql } from './support/clock';
import { DAY_MS } from './support/retention';

// An account's own do-not-call list uploaded in bulk (the dashboard's CSV upload sends it to
// POST /task/do-not-call): every number joins at once and cancels the calls waiting for it.

let owner: CallingAccount;
beforeAll(async () => {
  owner = await createCallingAccount({ label: 'dnc-upload', credits: 5 });
});
afterAll(async () => {
  await deleteCreatedUsers();
  await closeClock();
});

const upload = (json: unknown) => owner.api('/do-not-call', { method: 'POST', json });

describe('uploading numbers to the do-not-call list', () => {
  it('adds thousands at once, counts those already listed, and cancels a call waiting for one', async () => {
    const waiting = await owner.api('', {
      method: 'POST',
      json: {
        goal: 'Remind them the spring cleaning appointment is next week.',
        phone_number: '+13125550142',
        schedule_at: new Date(Date.now() + DAY_MS).toISOString(),
      },
    });
    const task = (await waiting.json()) as { id: string; status: string };
    expect(task.status).toBe('scheduled');

    const numbers = Array.from({ length: 2000 }, (_, i) => `+1312${String(2_000_000 + i)}`);
    numbers.push('+13125550142', '+13125550142');
    const response = await upload({ phone_numbers: numbers });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ added: 2001, already_listed: 0 });

    const again = await upload({ phone_numbers: ['+13125550142', '+13125550143'] });
    expect(await again.json()).toEqual({ added: 1, already_listed: 1 });

    const [row] = await sql<{ status: string; failure_reason: string }>(
      'select status, failure_reason from public.tasks where id = $1',
      [task.id],
    );
    expect(row).toEqual({ status: 'canceled', failure_reason: 'do_not_call' });
    const [listed] = await sql<{ n: string }>(
      "select count(*) as n from public.do_not_call where user_id = $1 and source = 'account'",
      [owner.user.id],
    );
    expect(Number(listed!.n)).toBe(2002);
  }, 60_000);

  it('refuses the whole upload when a number is not a US number, naming it', async () => {
    const response = await upload({ phone_numbers: ['+13125550150', '+442071234567', 'call me'] });
    expect(response.status).toBe(400);
    const body = (await response.json()) as {
      error: { code: string; field: string; rows: { index: number }[] };
    };
    expect(body.error).toMatchObject({ code: 'invalid_request', field: 'phone_numbers' });
    expect(body.error.rows.map((r) => r.index)).toEqual([1, 2]);
    const [row] = await sql<{ n: string }>(
      'select count(*) as n from public.do_not_call where user_id = $1 and phone_number = $2',
      [owner.user.id, '+13125550150'],
    );
    expect(Number(row!.n)).toBe(0);
    expect((await upload({ phone_numbers: [] })).status).toBe(400);
  });
});
