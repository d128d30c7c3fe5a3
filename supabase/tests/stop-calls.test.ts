import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCallingAccount, type CallingAccount } from './support/call-api';
import { deleteCreatedUsers, serviceClient } from './support/clients';
import { apiUrl, dbUrl, publishableKey, TEST_PORTS } from './support/stack';

// The public "stop calls" form (/stop-calls, function stop-calls): anyone may ask that a number
// not be called again. Every open account with a live call to it lists it as the callee's at once
// (its waiting calls to it canceled), the opt-out is kept with how it came, and the answer is the
// same whoever had called. The number is this file's own: no other test calls it live.
const NUMBER = '+14155550177';
const GOAL = 'Confirm the appointment tomorrow at 3 pm.';
const admin = serviceClient();
let db: pg.Client;
let caller: CallingAccount;
let otherCaller: CallingAccount;
let bystander: CallingAccount;

/** As the gateway forwards a visitor from `ip` (a documentation range, RFC 5737). */
function fromIp(ip: string, body: unknown) {
  return fetch(`http://127.0.0.1:${TEST_PORTS.functions}/stop-calls`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function listedFor(account: CallingAccount) {
  const { data } = await admin
    .from('do_not_call')
    .select('source, livemode')
    .eq('user_id', account.user.id)
    .eq('phone_number', NUMBER);
  return data ?? [];
}

beforeAll(async () => {
  db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  [caller, otherCaller, bystander] = await Promise.all([
    createCallingAccount({ label: 'stop-calls-a', credits: 5 }),
    createCallingAccount({ label: 'stop-calls-b', credits: 5 }),
    createCallingAccount({ label: 'stop-calls-c', credits: 5 }),
  ]);
});
afterAll(async () => {
  await db.query('delete from private.web_opt_out_requests where client_ip << $1::inet', [
    '203.0.113.0/24',
  ]);
  await db.end();
  await deleteCreatedUsers();
});

describe('the public stop-calls form', () => {
  it('lists the number for every business that called it, cancels their waiting calls, and says the same to anyone', async () => {
    const tomorrow = new Date(Date.now() + 24 * 3_600_000).toISOString();
    const waiting = await caller.api('', {
      method: 'POST',
      json: { phone_number: NUMBER, goal: GOAL, schedule_at: tomorrow },
    });
    expect(waiting.status).toBe(201);
    const task = (await waiting.json()) as { id: string; status: string };
    expect(task.status).toBe('scheduled');
    const placed = await otherCaller.api('', {
      method: 'POST',
      json: { phone_number: NUMBER, goal: GOAL, schedule_at: tomorrow },
    });
    expect(placed.status).toBe(201);

    // Through the gateway, as the page sends it, typed as a person types it.
    const response = await fetch(`${apiUrl}/functions/v1/stop-calls`, {
      method: 'POST',
      headers: {
        apikey: publishableKey,
        Authorization: `Bearer ${publishableKey}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ phoneNumber: '(415) 555-0177' }),
    });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { ok: boolean; message: string };
    expect(answer.message).toMatch(/^Done\. Every business that called this number/);

    expect(await listedFor(caller)).toEqual([{ source: 'callee', livemode: true }]);
    expect(await listedFor(otherCaller)).toEqual([{ source: 'callee', livemode: true }]);
    expect(await listedFor(bystander)).toEqual([]);
    const canceled = (await (await caller.api(`/${task.id}`)).json()) as {
      status: string;
      failure_reason: { code: string };
    };
    expect(canceled).toMatchObject({ status: 'canceled', failure_reason: { code: 'do_not_call' } });
    const { rows } = await db.query<{ via: string }>(
      'select via from private.callee_opt_outs where user_id = $1 and phone_number = $2',
      [caller.user.id, NUMBER],
    );
    expect(rows).toEqual([{ via: 'web_form' }]);

    // A number nobody called gets the same words: the form tells nobody who called whom.
    const nobody = await fromIp('203.0.113.20', { phoneNumber: '+1 (212) 555-0177' });
    expect(nobody.status).toBe(200);
    expect(((await nobody.json()) as { message: string }).message).toBe(answer.message);
  });

  it('refuses what is not a US number, naming the field, and keeps nothing from a bot', async () => {
    for (const phoneNumber of ['12', '+44 20 7946 0958', '', 'call me']) {
      const response = await fromIp('203.0.113.21', { phoneNumber });
      expect(response.status, phoneNumber).toBe(400);
      const { error } = (await response.json()) as {
        error: { code: string; field: string; message: string };
      };
      expect(error).toMatchObject({ code: 'validation_failed', field: 'phoneNumber' });
      expect(error.message).toMatch(/^Enter (a US phone number|the phone number)/);
    }
    expect((await fromIp('203.0.113.21', '{not json')).status).toBe(400);

    const bot = await fromIp('203.0.113.22', {
      phoneNumber: NUMBER,
      website: 'https://spam.example',
    });
    expect(bot.status).toBe(200);
    const { rows } = await db.query(
      `select 1 from private.web_opt_out_requests where client_ip = '203.0.113.22'`,
    );
    expect(rows).toEqual([]);
  });

  it('takes 10 requests an hour from one address, then answers 429 with Retry-After', async () => {
    // Nine straight into SQL, as earlier requests from the address would have been kept.
    for (let i = 0; i < 9; i++)
      await db.query(`select public.callee_revoke_by_web_form('+12125550178', '203.0.113.30')`);
    expect((await fromIp('203.0.113.30', { phoneNumber: '+12125550178' })).status).toBe(200);
    const refused = await fromIp('203.0.113.30', { phoneNumber: '+12125550178' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('3600');
    expect((await fromIp('203.0.113.31', { phoneNumber: '+12125550178' })).status).toBe(200);
  });
});
