import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JWT_SECRET } from '../local/config';
import { deleteCreatedUsers, serviceClient } from './support/clients';
import { createCallingAccount, taskUrl, type CallingAccount } from './support/call-api';
import { publishableKey } from './support/stack';

// The call API with a signed-in user's session instead of an API key, as the dashboard calls it
// through supabase-js: `Authorization: Bearer <access token>` and the `apikey` header.
const body = { phone_number: '+14155550100', goal: 'Confirm the appointment tomorrow at 3 pm.' };

async function errorOf(response: Response) {
  expect(response.headers.get('content-type')).toContain('application/json');
  const json = (await response.json()) as { error: { code: string; message: string } };
  return { status: response.status, ...json.error };
}

function asSession(token: string) {
  return (path: string, init: RequestInit & { json?: unknown } = {}) => {
    const { json, ...rest } = init;
    return fetch(`${taskUrl}${path}`, {
      ...rest,
      headers: {
        apikey: publishableKey,
        Authorization: `Bearer ${token}`,
        ...(json !== undefined ? { 'Content-Type': 'application/json' } : {}),
      },
      ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
    });
  };
}

async function accessTokenOf(account: CallingAccount) {
  const { data } = await account.client.auth.getSession();
  if (!data.session) throw new Error('not signed in');
  return data.session.access_token;
}

/** Reads an event stream until its first event, then closes it. */
async function firstEvent(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    while (!/\ndata: /.test(`\n${buffer}`)) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return buffer;
}

let owner: CallingAccount;
let session: ReturnType<typeof asSession>;
beforeAll(async () => {
  owner = await createCallingAccount({ label: 'session', credits: 5 });
  session = asSession(await accessTokenOf(owner));
});
afterAll(deleteCreatedUsers);

describe('a signed-in user’s session', () => {
  it('creates, lists, reads, streams and cancels its own calls, recorded as the dashboard’s', async () => {
    const created = await session('', { method: 'POST', json: body });
    expect(created.status).toBe(201);
    const task = (await created.json()) as { id: string; status: string };

    const row = await serviceClient()
      .from('tasks')
      .select('user_id, api_key_id, source')
      .eq('id', task.id)
      .single();
    expect(row.data).toEqual({ user_id: owner.user.id, api_key_id: null, source: 'dashboard' });

    const list = await session('');
    expect(list.status).toBe(200);
    const page = (await list.json()) as { data: { id: string }[] };
    expect(page.data.map((t) => t.id)).toContain(task.id);

    const read = await session(`/${task.id}`);
    expect(read.status).toBe(200);
    expect(((await read.json()) as { id: string }).id).toBe(task.id);

    const events = await session(`/${task.id}/events`);
    expect(events.status).toBe(200);
    expect(events.headers.get('content-type')).toContain('text/event-stream');
    expect(await firstEvent(events)).toContain('event: task.queued');

    const canceled = await session(`/${task.id}/cancel`, { method: 'POST' });
    expect(canceled.status).toBe(200);
    expect(((await canceled.json()) as { status: string }).status).toBe('canceled');
  });

  it('creates and reads batches', async () => {
    const created = await session('/batches', {
      method: 'POST',
      json: { tasks: [{ phone_number: '+14155550101', goal: 'Ask about the order.' }] },
    });
    expect(created.status).toBe(201);
    const batch = (await created.json()) as { id: string };
    const read = await session(`/batches/${batch.id}`);
    expect(read.status).toBe(200);
    const canceled = await session(`/batches/${batch.id}/cancel`, { method: 'POST' });
    expect(canceled.status).toBe(200);
  });

  it('sees another user’s task as not found', async () => {
    const created = await owner.api('', { method: 'POST', json: body });
    const task = (await created.json()) as { id: string };
    const other = await createCallingAccount({ label: 'other-session' });
    const theirs = asSession(await accessTokenOf(other));
    expect(await errorOf(await theirs(`/${task.id}`))).toMatchObject({
      status: 404,
      code: 'not_found',
    });
    expect(await errorOf(await theirs(`/${task.id}/cancel`, { method: 'POST' }))).toMatchObject({
      status: 404,
    });
    expect(await errorOf(await theirs(`/${task.id}/events`))).toMatchObject({ status: 404 });
    await owner.api(`/${task.id}/cancel`, { method: 'POST' });
  });

  it('refuses an expired, forged or garbage token with 401', async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: owner.user.id, role: 'authenticated', aud: 'authenticated' };
    const expired = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(new TextEncoder().encode(JWT_SECRET));
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(new TextEncoder().encode('not-the-project-secret-but-long-enough-to-sign'));
    for (const token of [expired, forged, 'aaaa.bbbb.cccc', publishableKey]) {
      expect(await errorOf(await asSession(token)(''))).toMatchObject({
        status: 401,
        code: 'unauthorized',
      });
      expect(
        await errorOf(await asSession(token)('', { method: 'POST', json: body })),
      ).toMatchObject({ status: 401, code: 'unauthorized' });
    }
  });

  it('requires submitted KYC and a verified phone, as an API key does', async () => {
    const noKyc = await createCallingAccount({ label: 'session-nokyc', kyc: null });
    const asNoKyc = asSession(await accessTokenOf(noKyc));
    expect(await errorOf(await asNoKyc('', { method: 'POST', json: body }))).toMatchObject({
      status: 403,
      code: 'kyc_required',
    });
    expect(await errorOf(await asNoKyc(''))).toMatchObject({ status: 403, code: 'kyc_required' });
    const unverified = await createCallingAccount({
      label: 'session-unverified',
      phoneVerified: false,
    });
    expect(
      await errorOf(
        await asSession(await accessTokenOf(unverified))('', { method: 'POST', json: body }),
      ),
    ).toMatchObject({ status: 403, code: 'phone_verification_required' });
  });
});
