import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteCreatedUsers, serviceClient } from './support/clients';
import { createCallingAccount, moneyOf, taskUrl, type CallingAccount } from './support/call-api';

// The call API as an integrator meets it: authentication, the KYC and phone gate,
// validation, errors in one shape, money holds. Calls to the simulated phone network are in
// task-calls.test.ts.
const body = { phone_number: '+14155550100', goal: 'Confirm the appointment tomorrow at 3 pm.' };

async function errorOf(response: Response) {
  expect(response.headers.get('content-type')).toContain('application/json');
  const json = (await response.json()) as {
    error: { code: string; message: string; field?: string };
  };
  return { status: response.status, ...json.error };
}

let rich: CallingAccount;
let broke: CallingAccount;
beforeAll(async () => {
  rich = await createCallingAccount({ label: 'rich', credits: 25 });
  broke = await createCallingAccount({ label: 'broke', freeMinutesUsed: 100 });
});
afterAll(deleteCreatedUsers);

describe('authentication', () => {
  it('refuses a request without a key, with a wrong key and with a revoked key', async () => {
    expect(await errorOf(await fetch(taskUrl))).toMatchObject({
      status: 401,
      code: 'unauthorized',
    });
    const wrong = await fetch(taskUrl, {
      headers: { Authorization: `Bearer dw_${'0'.repeat(64)}` },
    });
    expect(await errorOf(wrong)).toMatchObject({ status: 401, code: 'unauthorized' });
    const garbage = await fetch(taskUrl, { headers: { 'x-api-key': "' or 1=1 --" } });
    expect(await errorOf(garbage)).toMatchObject({ status: 401, code: 'unauthorized' });

    // Rotating: a second key works beside the first; once the first is revoked, it is refused.
    const account = await createCallingAccount({ label: 'rotates' });
    const oldKey = account.apiKey;
    const { data: oldRow } = await serviceClient()
      .from('api_keys')
      .select('id')
      .eq('user_id', account.user.id)
      .single();
    const { data: newKey, error } = await account.client.rpc('generate_api_key_for_user', {
      user_uuid: account.user.id,
    });
    expect(error).toBeNull();
    expect((await fetch(taskUrl, { headers: { Authorization: `Bearer ${oldKey}` } })).status).toBe(
      200,
    );
    const { error: revokeError } = await account.client.rpc('revoke_api_key', {
      p_key_id: oldRow!.id,
    });
    expect(revokeError).toBeNull();
    const revoked = await fetch(taskUrl, { headers: { Authorization: `Bearer ${oldKey}` } });
    expect(await errorOf(revoked)).toMatchObject({ status: 401, code: 'unauthorized' });
    const current = await fetch(taskUrl, { headers: { Authorization: `Bearer ${newKey}` } });
    expect(current.status).toBe(200);
  });

  it('refuses a create with a key revoked a moment after its last create', async () => {
    const account = await createCallingAccount({ label: 'revokes-mid-burst', mode: 'test' });
    const create = () =>
      fetch(taskUrl, {
        method: 'POST',
        headers: { Authorization: `Bearer ${account.apiKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...body, schedule_at: new Date(Date.now() + 86_400_000) }),
      });
    expect((await create()).status).toBe(201);
    const { data: row } = await serviceClient()
      .from('api_keys')
      .select('id')
      .eq('user_id', account.user.id)
      .single();
    const { error } = await account.client.rpc('revoke_api_key', { p_key_id: row!.id });
    expect(error).toBeNull();
    // The create checks the key in its own transaction, whatever was checked before its body.
    expect(await errorOf(await create())).toMatchObject({ status: 401, code: 'unauthorized' });
    expect(await errorOf(await create())).toMatchObject({ status: 401, code: 'unauthorized' });
  });

  it('tells a caller without a valid key so first, whatever else is wrong with the create', async () => {
    const unknownKey = { Authorization: `Bearer dw_${'0'.repeat(64)}` };
    const creates: [string, RequestInit][] = [
      ['?wait=yes', { method: 'POST', headers: unknownKey, body: JSON.stringify(body) }],
      ['', { method: 'POST', headers: unknownKey, body: '{not json' }],
      ['', { method: 'POST', headers: unknownKey, body: JSON.stringify({ goal: 'No number.' }) }],
      ['/batches', { method: 'POST', headers: unknownKey, body: '{not json' }],
      ['/batches', { method: 'POST', headers: unknownKey, body: JSON.stringify({ rows: [] }) }],
    ];
    for (const [suffix, init] of creates)
      expect(await errorOf(await fetch(`${taskUrl}${suffix}`, init))).toMatchObject({
        status: 401,
        code: 'unauthorized',
      });
    // With a valid key the same requests are refused for what is wrong with them.
    const valid = { Authorization: `Bearer ${rich.apiKey}` };
    const badWait = await fetch(`${taskUrl}?wait=yes`, {
      method: 'POST',
      headers: valid,
      body: JSON.stringify(body),
    });
    expect(await errorOf(badWait)).toMatchObject({ status: 400, code: 'invalid_request' });
    const notJson = await fetch(taskUrl, { method: 'POST', headers: valid, body: '{not json' });
    expect(await errorOf(notJson)).toMatchObject({ status: 400, code: 'invalid_request' });
  });

  it('accepts the key as x-api-key too', async () => {
    const response = await fetch(taskUrl, { headers: { 'x-api-key': rich.apiKey } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ object: 'list', data: [], has_more: false });
  });

  it('requires submitted KYC and a verified phone', async () => {
    const noKyc = await createCallingAccount({ label: 'nokyc', kyc: null });
    expect(await errorOf(await noKyc.api('', { method: 'POST', json: body }))).toMatchObject({
      status: 403,
      code: 'kyc_required',
    });
    const incomplete = await createCallingAccount({ label: 'incomplete', kyc: 'incomplete' });
    expect(await errorOf(await incomplete.api(''))).toMatchObject({
      status: 403,
      code: 'kyc_required',
    });
    const unverified = await createCallingAccount({ label: 'unverified', phoneVerified: false });
    expect(await errorOf(await unverified.api('', { method: 'POST', json: body }))).toMatchObject({
      status: 403,
      code: 'phone_verification_required',
    });
  });
});

describe('bad input', () => {
  it('names the field of every 400', async () => {
    const cases: [unknown, string][] = [
      [{ goal: 'x' }, 'phone_number'],
      [{ ...body, phone_number: '+1 415 555 0100' }, 'phone_number'],
      [{ phone_number: body.phone_number }, 'goal'],
      [{ ...body, voice: 'HAL' }, 'voice'],
      [{ ...body, max_duration_minutes: 45 }, 'max_duration_minutes'],
      [{ ...body, retry: { max_attempts: 9 } }, 'retry.max_attempts'],
      [{ ...body, webhook_url: 'http://example.com/hook' }, 'webhook_url'],
      [{ ...body, webhook_url: 'https://169.254.169.254/latest/meta-data' }, 'webhook_url'],
      [{ ...body, webhook_url: 'https://0.0.0.0/hook' }, 'webhook_url'],
      [{ ...body, surprise: true }, 'surprise'],
    ];
    for (const [json, field] of cases) {
      const error = await errorOf(await rich.api('', { method: 'POST', json }));
      expect(error, JSON.stringify(json)).toMatchObject({
        status: 400,
        code: 'invalid_request',
        field,
      });
      expect(error.message.length).toBeGreaterThan(10);
    }
  });

  it('refuses NUL, lone surrogates and control characters in any string or key, naming the field', async () => {
    // Written as JSON escapes, the way a client would send them.
    const cases: [string, string][] = [
      [`{"phone_number":"+14155550100","goal":"Confirm\\u0000 the visit"}`, 'goal'],
      [`{"phone_number":"+14155550100","goal":"Confirm \\ud800 the visit"}`, 'goal'],
      [`{"phone_number":"+14155550100","goal":"Confirm \\udc00 the visit"}`, 'goal'],
      [`{"phone_number":"+14155550100","goal":"Ring \\u0007 twice"}`, 'goal'],
      [`{"phone_number":"+14155550100","goal":"Hi","metadata":{"a\\u0000b":1}}`, 'metadata'],
      [`{"phone_number":"+14155550100","goal":"Hi","metadata":{"ok":"x\\u001by"}}`, 'metadata.ok'],
      [
        `{"phone_number":"+14155550100","goal":"Hi","context":{"n":["a","\\ud83d"]}}`,
        'context.n.1',
      ],
      [
        `{"phone_number":"+14155550100","goal":"Hi","first_sentence":"Hello\\rthere"}`,
        'first_sentence',
      ],
      [
        `{"phone_number":"+14155550100","goal":"Hi","voicemail":{"action":"leave_message","message":"\\u0000"}}`,
        'voicemail.message',
      ],
      [`{"phone_number":"+14155550100","goal":"Hi","\\u0000":1}`, 'body'],
    ];
    for (const [text, field] of cases) {
      const response = await rich.api('', {
        method: 'POST',
        body: text,
        headers: { 'Content-Type': 'application/json' },
      });
      const error = await errorOf(response);
      expect(error, text).toMatchObject({ status: 400, code: 'invalid_request', field });
    }
    // Tabs, line breaks and paired surrogates (an emoji) are text like any other.
    const fine = await rich.api('', {
      method: 'POST',
      body: `{"phone_number":"+14155550100","goal":"Line one\\r\\nLine\\ttwo \\ud83d\\ude00","metadata":{"note":"a\\nb"}}`,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(fine.status).toBe(201);
    const task = (await fine.json()) as { id: string; goal: string };
    expect(task.goal).toBe('Line one\r\nLine\ttwo 😀');
    await rich.api(`/${task.id}/cancel`, { method: 'POST' });
  });

  it('answers broken JSON, wrong methods and unknown paths in the same shape', async () => {
    const broken = await rich.api('', {
      method: 'POST',
      body: '{"phone_number":',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(await errorOf(broken)).toMatchObject({
      status: 400,
      message: 'The request body is not valid JSON',
    });
    expect(await errorOf(await rich.api('', { method: 'DELETE' }))).toMatchObject({
      status: 405,
      code: 'method_not_allowed',
    });
    // HEAD answers as GET does, without the body; a 405 names it where GET is allowed.
    const head = await rich.api('?limit=1', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toContain('application/json');
    expect(await head.text()).toBe('');
    expect((await rich.api('/check', { method: 'HEAD' })).status).toBe(405);
    const deleted = await rich.api('', { method: 'DELETE' });
    expect(deleted.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS');
    await deleted.body?.cancel();
    expect(await errorOf(await rich.api('/nope/deeper'))).toMatchObject({
      status: 404,
      code: 'not_found',
    });
    expect(await errorOf(await rich.api(`/task_${'0'.repeat(26)}`))).toMatchObject({
      status: 404,
      code: 'not_found',
    });
    expect(await errorOf(await rich.api('?limit=1000'))).toMatchObject({
      status: 400,
      field: 'limit',
    });
    const longKey = await rich.api('', {
      method: 'POST',
      json: body,
      headers: { 'Idempotency-Key': 'k'.repeat(256) },
    });
    expect(await errorOf(longKey)).toMatchObject({ status: 400, field: 'Idempotency-Key' });
  });

  it('never answers 5xx to 300 random bodies of every type, size and nesting', async () => {
    const random = seeded(20261123);
    const values = (depth: number): unknown => {
      const pick = Math.floor(random() * 9);
      if (depth > 3) return 'leaf';
      switch (pick) {
        case 0:
          return null;
        case 1:
          return random() * 1e6 - 5e5;
        case 2:
          return 'ünïcødé ☎️ '.repeat(Math.floor(random() * 50));
        case 3:
          return Array.from({ length: Math.floor(random() * 5) }, () => values(depth + 1));
        case 4:
          return Object.fromEntries(
            Array.from({ length: Math.floor(random() * 5) }, (_, i) => [
              `k${i}`,
              values(depth + 1),
            ]),
          );
        case 5:
          return random() > 0.5;
        case 6:
          return '+1415555' + String(Math.floor(random() * 10000)).padStart(4, '0');
        case 7:
          return random() < 0.5
            ? 'x'.repeat(Math.floor(random() * 9000))
            : ['\u0000', '\ud800', '\udfff', '\u0001', '\u001f', '\r', '\t'][
                Math.floor(random() * 7)
              ]! + 'tail';
        default:
          return Math.floor(random() * 40) - 5;
      }
    };
    const fields = [
      'phone_number',
      'goal',
      'task',
      'context',
      'voice',
      'language',
      'speaking_style',
      'first_sentence',
      'max_duration_minutes',
      'voicemail',
      'retry',
      'webhook_url',
      'metadata',
      'other',
    ];
    const statuses = new Map<number, number>();
    for (let i = 0; i < 300; i++) {
      const shape = random();
      const text =
        shape < 0.1
          ? JSON.stringify(values(0))
          : shape < 0.15
            ? '{"a": [1, 2'.slice(0, Math.floor(random() * 11))
            : JSON.stringify(
                Object.fromEntries(
                  fields.filter(() => random() < 0.4).map((field) => [field, values(1)]),
                ),
              );
      const response = await broke.api('', {
        method: 'POST',
        body: text,
        headers: { 'Content-Type': 'application/json' },
      });
      await response.text();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      expect(response.status, text.slice(0, 200)).toBeLessThan(500);
    }
    expect(statuses.get(400)).toBeGreaterThan(100);
  }, 120_000);
});

describe('money at acceptance', () => {
  it('refuses a call the balance cannot hold with 402, holding nothing', async () => {
    const error = await errorOf(await broke.api('', { method: 'POST', json: body }));
    expect(error).toMatchObject({ status: 402, code: 'insufficient_credits' });
    expect(error.message).toContain('$0.10');
    expect(await moneyOf(broke.user.id)).toMatchObject({ credits: 0, held: 0 });
  });

  it('holds at most what the balance covers when 50 creates race, never going negative', async () => {
    // Free minutes spent, 50 cents: five 10-minute calls can be held. Calls to a number already
    // being called wait, holding nothing until they are placed (funded then, or failed).
    const racer = await createCallingAccount({
      label: 'racer',
      freeMinutesUsed: 100,
      credits: 0.5,
    });
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        racer.api('', { method: 'POST', json: { ...body, retry: { max_attempts: 0 } } }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    const bodies = await Promise.all(responses.map((r) => r.json() as Promise<{ id?: string }>));
    const accepted = statuses.filter((s) => s === 201).length;
    expect(accepted).toBeGreaterThan(0);
    expect(statuses.filter((s) => s !== 201).every((s) => s === 402)).toBe(true);
    const { data: holding } = await serviceClient()
      .from('tasks')
      .select('id')
      .eq('user_id', racer.user.id)
      .gt('hold_cents', 0);
    expect(holding!.length).toBeLessThanOrEqual(5);
    const money = await moneyOf(racer.user.id);
    expect(money.credits).toBeGreaterThanOrEqual(0);
    expect(money.held).toBeLessThanOrEqual(money.credits);
    expect(money.available).toBeGreaterThanOrEqual(0);
    // The waiting calls would keep their turn for the provider's lines: cancel them all.
    for (const { id } of bodies)
      if (id) await racer.api(`/${id}/cancel`, { method: 'POST' }).then((r) => r.body?.cancel());
  }, 60_000);
});

describe('isolation', () => {
  it('shows another account’s task as not found, and lets no user write tasks or money', async () => {
    const created = await rich.api('', { method: 'POST', json: body });
    expect(created.status).toBe(201);
    const task = (await created.json()) as { id: string; url: string; events_url: string };
    expect(task.url).toBe(`${taskUrl}/${task.id}`);

    const other = await createCallingAccount({ label: 'other' });
    expect(await errorOf(await other.api(`/${task.id}`))).toMatchObject({
      status: 404,
      code: 'not_found',
    });
    expect(await errorOf(await other.api(`/${task.id}/cancel`, { method: 'POST' }))).toMatchObject({
      status: 404,
    });
    expect(await errorOf(await other.api(`/${task.id}/events`))).toMatchObject({ status: 404 });

    // Through REST the owner reads their task; nobody writes tasks, events or money.
    const own = await rich.client.from('tasks').select('id').eq('id', task.id);
    expect(own.data).toEqual([{ id: task.id }]);
    const token = await rich.client.from('tasks').select('provider_token_hash').eq('id', task.id);
    expect(token.error?.code).toBe('42501');
    const theirs = await other.client.from('tasks').select('id').eq('id', task.id);
    expect(theirs.data).toEqual([]);
    const forgedTask = await rich.client
      .from('tasks')
      .update({ status: 'success' })
      .eq('id', task.id)
      .select();
    expect(forgedTask.error?.code).toBe('42501');
    const forgedEvent = await rich.client
      .from('task_events')
      .insert({ task_id: task.id, seq: 99, type: 'task.completed' });
    expect(forgedEvent.error?.code).toBe('42501');
    const forgedMoney = await rich.client
      .from('profiles')
      .update({ credits_held: 0 })
      .eq('id', rich.user.id)
      .select();
    expect(forgedMoney.error?.code).toBe('42501');
    const rpc = await rich.client.rpc('task_apply', {
      p_task_id: task.id,
      p_attempt: 1,
      p_expected_status: 'queued',
      p_plan: { status: 'success', events: [] },
    });
    expect(rpc.error?.code).toBe('42501');
    const settle = await rich.client.rpc('task_accept', {
      p_user_id: rich.user.id,
      p_api_key_id: null,
      p_task: {},
      p_idempotency_key: null,
      p_request_hash: 'x',
    });
    expect(settle.error?.code).toBe('42501');
    const usage = await rich.client.rpc('usage_summary');
    expect(usage.error).toBeNull();
    expect(usage.data).toMatchObject({ free_minutes_total: 100 });
    expect(await serviceClient().from('tasks').select('id').eq('id', task.id)).toMatchObject({
      data: [{ id: task.id }],
    });
  });
});

/** A small deterministic generator (mulberry32), so a failing body can be reproduced. */
function seeded(seed: number) {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
