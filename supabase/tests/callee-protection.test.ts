import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCallableNumber } from '../functions/_shared/contract/phone-number';
import { TWILIO_LOCAL, postInboundSms } from '@dialwise/local-stack';
import { deleteCreatedUsers, serviceClient } from './support/clients';
import { createCallingAccount, type CallingAccount } from './support/call-api';
import { publishableKey, apiUrl, dbUrl } from './support/stack';

// Who may be called, as an integrator and as an attacker meet it: the number rule at every entry
// point, the do-not-call list (RLS, 403 at creation) and a callee who opts out during a call.
const GOAL = 'Confirm the appointment tomorrow at 3 pm.';
const TERMINAL = ['success', 'no_answer', 'busy', 'voicemail', 'failed', 'canceled'];
const db = new pg.Pool({ connectionString: dbUrl, max: 2 });

type ApiError = { status: number; code: string; message: string; field?: string };
async function errorOf(response: Response): Promise<ApiError> {
  const body = (await response.json()) as { error: Omit<ApiError, 'status'> };
  return { status: response.status, ...body.error };
}
const create = (account: CallingAccount, phone_number: string) =>
  account.api('', { method: 'POST', json: { phone_number, goal: GOAL } });

async function cancel(account: CallingAccount, response: Response) {
  const task = (await response.json()) as { id: string };
  await account.api(`/${task.id}/cancel`, { method: 'POST' });
}

let owner: CallingAccount;
let other: CallingAccount;
beforeAll(async () => {
  owner = await createCallingAccount({ label: 'dnc-owner', credits: 5 });
  other = await createCallingAccount({ label: 'dnc-other', credits: 5 });
});
afterAll(async () => {
  await deleteCreatedUsers();
  await db.end();
});

describe('numbers: valid US numbers of a dialable type only', () => {
  it.each([
    ['+19005550100', 'premium-rate'],
    ['+19765550100', 'area code 976 is not assigned'],
    ['+19115550100', 'N11 service code'],
    ['+14165550100', 'Canada'],
    ['+18765550100', 'Jamaica'],
    ['+18095550100', 'Dominican Republic'],
    ['+12423221234', 'Bahamas'],
    ['+11235550100', 'area code 123 is not assigned'],
    ['+447911123456', 'is not a US number'],
  ])('POST /task refuses %s: 400 number_not_allowed naming why', async (phone, why) => {
    const error = await errorOf(await create(owner, phone));
    expect(error).toMatchObject({ status: 400, code: 'number_not_allowed', field: 'phone_number' });
    expect(error.message).toContain(why);
  });

  it('accepts a toll-free number and the simulated network numbers', async () => {
    for (const phone of ['+18005550100', '+14155550100']) {
      const response = await create(owner, phone);
      expect(response.status, phone).toBe(201);
      await cancel(owner, response);
    }
  });

  it('the SQL check on tasks and the do-not-call list is a shape check the shared rule never contradicts', async () => {
    const samples = [
      '+14155550100',
      '+18005550100',
      '+12125551212',
      '+19005550100',
      '+19115550100',
      '+14165550100',
      '+18765550100',
      '+11235550100',
      '+14150550100',
      '+1415555010',
      '+447911123456',
      '4155550100',
      '+1 415 555 0100',
    ];
    for (const constraint of ['tasks_phone_us_e164', 'do_not_call_phone_us_e164']) {
      const { rows } = await db.query<{ definition: string }>(
        `select pg_get_constraintdef(oid) as definition from pg_constraint where conname = $1`,
        [constraint],
      );
      const pattern = /'(\^[^']+\$)'/.exec(rows[0]!.definition)?.[1];
      expect(pattern, constraint).toBeDefined();
      for (const sample of samples) {
        const shape = (
          await db.query<{ ok: boolean }>('select $1::text ~ $2 as ok', [sample, pattern])
        ).rows[0]!.ok;
        // Whatever the rule allows, the database stores; the rule decides the rest.
        if (checkCallableNumber(sample).allowed)
          expect(shape, `${constraint} ${sample}`).toBe(true);
        if (!shape) expect(checkCallableNumber(sample).allowed, sample).toBe(false);
      }
    }
  });
});

describe('the do-not-call list', () => {
  it('an account adds, reads and removes its own entries; 403 do_not_call while listed', async () => {
    const phone = '+14155550133';
    const added = await owner.client
      .from('do_not_call')
      .insert({ phone_number: phone })
      .select('phone_number, source, task_id');
    expect(added.error).toBeNull();
    expect(added.data).toEqual([{ phone_number: phone, source: 'account', task_id: null }]);

    const refused = await errorOf(await create(owner, phone));
    expect(refused).toMatchObject({ status: 403, code: 'do_not_call' });
    expect(refused.message).toContain('do-not-call list');
    // Another account's list is its own: it may call the number.
    const elsewhere = await create(other, phone);
    expect(elsewhere.status).toBe(201);
    await cancel(other, elsewhere);

    const removed = await owner.client
      .from('do_not_call')
      .delete()
      .eq('phone_number', phone)
      .select('phone_number');
    expect(removed.data).toEqual([{ phone_number: phone }]);
    const again = await create(owner, phone);
    expect(again.status).toBe(201);
    await cancel(owner, again);
  });

  it('as an attacker: no callee entries forged, no other account read, written or emptied', async () => {
    const phone = '+14155550134';
    await owner.client.from('do_not_call').insert({ phone_number: phone });

    // Choosing the source or the task is not the account's to do.
    const forged = await other.client
      .from('do_not_call')
      .insert({ phone_number: '+14155550135', source: 'callee' });
    expect(forged.error?.code).toBe('42501');
    // Nor is writing another account's list.
    const intoOwner = await other.client
      .from('do_not_call')
      .insert({ user_id: owner.user.id, phone_number: '+14155550136' });
    expect(intoOwner.error?.code).toBe('42501');
    // Nor reading or emptying it.
    expect((await other.client.from('do_not_call').select('*')).data).toEqual([]);
    const emptied = await other.client
      .from('do_not_call')
      .delete()
      .eq('user_id', owner.user.id)
      .select('phone_number');
    expect(emptied.data).toEqual([]);
    const changed = await other.client
      .from('do_not_call')
      .update({ source: 'account' })
      .eq('user_id', owner.user.id);
    expect(changed.error?.code).toBe('42501');
    const anon = await fetch(`${apiUrl}/rest/v1/do_not_call?select=*`, {
      headers: { apikey: publishableKey },
    });
    expect([anon.status, ((await anon.json()) as { code: string }).code]).toEqual([401, '42501']);

    const { data } = await serviceClient()
      .from('do_not_call')
      .select('phone_number')
      .eq('user_id', owner.user.id)
      .eq('phone_number', phone);
    expect(data).toEqual([{ phone_number: phone }]);
  });

  it('refuses a listed number from MCP and SMS too', async () => {
    const phone = '+14155550137';
    const sender = '+14155550178';
    const texter = await createCallingAccount({ label: 'dnc-texter', credits: 5, phone: sender });
    await texter.client.from('do_not_call').insert({ phone_number: phone });

    const client = new Client({ name: 'dialwise-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${apiUrl}/functions/v1/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${texter.apiKey}` } },
      }),
    );
    try {
      const result = (await client.callTool({
        name: 'place_call',
        arguments: { phone_number: phone, goal: GOAL },
      })) as { isError?: boolean; content: { text?: string }[] };
      expect(result.isError).toBe(true);
      expect(result.content[0]?.text).toMatch(/^do_not_call: /);
      const premium = (await client.callTool({
        name: 'place_call',
        arguments: { phone_number: '+19005550100', goal: GOAL },
      })) as { isError?: boolean; content: { text?: string }[] };
      expect(premium.content[0]?.text).toMatch(/^number_not_allowed: .*premium-rate/);
    } finally {
      await client.close();
    }

    const text = (body: string) =>
      postInboundSms({
        webhookUrl: `${apiUrl}/functions/v1/sms-inbound`,
        authToken: TWILIO_LOCAL.authToken,
        accountSid: TWILIO_LOCAL.accountSid,
        sms: { from: sender, to: TWILIO_LOCAL.phoneNumber, body },
      });
    expect((await text(`Call ${phone} and confirm the order`)).reply).toMatch(
      /could not place this call\. \+14155550137 is on your do-not-call list/,
    );
    expect((await text('Call +1 900 555 0100 and confirm the order')).reply).toMatch(
      /could not place this call\. \+1 900 555 0100 is a premium-rate number/,
    );
    const { count } = await serviceClient()
      .from('tasks')
      .select('id', { count: 'exact', head: true })
      .eq('user_id', texter.user.id);
    expect(count).toBe(0);
  });
});

describe('a callee who asks not to be called again (555-0109)', () => {
  it('ends not_achieved and opted_out, lists the number for good, and refuses the next call', async () => {
    const phone = '+14155550109';
    const created = await create(owner, phone);
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };

    const started = Date.now();
    let task: { status: string; outcome: string | null; opted_out: boolean; transcription: string };
    for (;;) {
      task = (await (await owner.api(`/${id}`)).json()) as typeof task;
      if (TERMINAL.includes(task.status)) break;
      if (Date.now() - started > 45_000) throw new Error(`task ${id} stayed ${task.status}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(task).toMatchObject({ status: 'success', outcome: 'not_achieved', opted_out: true });
    expect(task.transcription).toContain('Please do not call me again');

    const events = await db.query<{ type: string }>(
      'select type from public.task_events where task_id = $1 order by seq',
      [id],
    );
    expect(events.rows.map((e) => e.type)).toEqual(
      expect.arrayContaining(['call.ended', 'callee.opted_out', 'task.completed']),
    );
    // The platform heard the words as they were said: the number was listed during the call,
    // and the call ended with our words, not the model's.
    const types = events.rows.map((e) => e.type);
    expect(types.indexOf('callee.opted_out')).toBeLessThan(types.indexOf('call.ended'));
    expect(types.at(-1)).toBe('task.completed');
    expect(task.transcription).toMatch(/You will not be called again at this number\. Goodbye\.$/);

    // The account sees the entry with its source and the call, and cannot remove it.
    const listed = await owner.client
      .from('do_not_call')
      .select('phone_number, source, task_id')
      .eq('phone_number', phone);
    expect(listed.data).toEqual([{ phone_number: phone, source: 'callee', task_id: id }]);
    const removal = await owner.client
      .from('do_not_call')
      .delete()
      .eq('phone_number', phone)
      .select('phone_number');
    expect(removal.data).toEqual([]);
    expect(
      (await owner.client.from('do_not_call').select('source').eq('phone_number', phone)).data,
    ).toEqual([{ source: 'callee' }]);

    const again = await errorOf(await create(owner, phone));
    expect(again).toMatchObject({ status: 403, code: 'do_not_call' });
    expect(again.message).toContain('asked not to be called again');

    // Other accounts are unaffected.
    const elsewhere = await create(other, phone);
    expect(elsewhere.status).toBe(201);
    await cancel(other, elsewhere);
  });
});
