import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteCreatedUsers, serviceClient } from './support/clients';
import { createCallingAccount, taskUrl, type CallingAccount } from './support/call-api';
import { followSse as follow, recordTaskEvent } from './support/sse';
import { publishableKey, dbUrl } from './support/stack';

// Live task events: pushed to open streams by one listener per function instance (LISTEN/NOTIFY),
// and at most 20 open streams per API key (30 per account), counted in SQL across instances; a
// revoked key's streams end.

const db = new pg.Client({ connectionString: dbUrl });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A task that stays quiet: no answer, and its one retry is 30 minutes away. */
async function quietTask(account: CallingAccount) {
  const created = await account.api('', {
    method: 'POST',
    json: {
      phone_number: '+14155550103',
      goal: 'Confirm the delivery window.',
      retry: { max_attempts: 1, interval_minutes: 30 },
    },
  });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  for (;;) {
    const task = (await (await account.api(`/${id}`)).json()) as { status: string };
    if (task.status === 'retry_scheduled') return id;
    await sleep(200);
  }
}

let owner: CallingAccount;
let other: CallingAccount;
beforeAll(async () => {
  await db.connect();
  [owner, other] = await Promise.all([
    createCallingAccount({ label: 'streams', credits: 5 }),
    createCallingAccount({ label: 'streams-other', credits: 5 }),
  ]);
});
afterAll(async () => {
  await db.end();
  await deleteCreatedUsers();
});

/** Listening connections open now (one per function worker that serves a stream). */
async function listeners() {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity where application_name = 'dialwise-task-events'`,
  );
  return rows[0]!.n;
}

describe('events pushed to open streams', () => {
  // The safety re-read runs every 15 s (the heartbeat): arriving well within this test's 10 s shows
  // the events were pushed by the notification, not found by a re-read.
  it('delivers each event recorded to every open stream of its task, in order', async () => {
    const taskId = await quietTask(owner);
    const listenersBefore = await listeners();
    const streams = await Promise.all([1, 2, 3].map(() => owner.api(`/${taskId}/events`)));
    expect(streams.map((s) => s.status)).toEqual([200, 200, 200]);
    const followed = streams.map(follow);
    const before = (
      await db.query<{ n: number }>('select event_seq as n from public.tasks where id = $1', [
        taskId,
      ])
    ).rows[0]!.n;
    await Promise.all(followed.map((f) => f.next(before)));

    const seqA = await recordTaskEvent(db, taskId, 'First words, pushed.');
    const seqB = await recordTaskEvent(db, taskId, 'Second words, pushed.');
    for (const f of followed) {
      const events = await f.next(seqB);
      expect(events.map((e) => e.id)).toEqual(Array.from({ length: seqB }, (_, i) => i + 1));
      expect(events.slice(-2)).toEqual([
        expect.objectContaining({
          id: seqA,
          type: 'transcript.turn',
          task_id: taskId,
          data: { speaker: 'callee', text: 'First words, pushed.', start_ms: 0, end_ms: 1000 },
        }),
        expect.objectContaining({
          id: seqB,
          data: expect.objectContaining({ text: 'Second words, pushed.' }),
        }),
      ]);
    }
    // One listening connection serves every stream of a worker: three streams opened at most
    // one (a worker's first), never one each.
    const listenersAfter = await listeners();
    expect(listenersAfter).toBeGreaterThanOrEqual(1);
    expect(listenersAfter).toBeLessThanOrEqual(listenersBefore + 1);
    await Promise.all(followed.map((f) => f.close()));
  }, 10_000);

  it('re-reads after the listener reconnects, so an event recorded meanwhile is not lost', async () => {
    const taskId = await quietTask(owner);
    const stream = follow(await owner.api(`/${taskId}/events`));
    const { rows } = await db.query<{ n: number }>(
      'select event_seq as n from public.tasks where id = $1',
      [taskId],
    );
    await stream.next(rows[0]!.n);
    // Cut the listener off, and record an event while it is down.
    await db.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'dialwise-task-events'`,
    );
    const seq = await recordTaskEvent(db, taskId, 'Said while the listener was away.');
    const events = await stream.next(seq);
    expect(events.at(-1)).toMatchObject({
      id: seq,
      data: { text: 'Said while the listener was away.' },
    });
    expect(events.map((e) => e.id)).toEqual(Array.from({ length: seq }, (_, i) => i + 1));
    stream.close();
  }, 20_000);

  it('resumes after Last-Event-ID with only what was missed, then follows live', async () => {
    const taskId = await quietTask(owner);
    const all = follow(await owner.api(`/${taskId}/events`));
    const { rows } = await db.query<{ n: number }>(
      'select event_seq as n from public.tasks where id = $1',
      [taskId],
    );
    const recorded = await all.next(rows[0]!.n);
    all.close();
    expect(recorded.length).toBeGreaterThanOrEqual(3);

    const resumed = follow(
      await owner.api(`/${taskId}/events`, { headers: { 'Last-Event-ID': '2' } }),
    );
    const missed = await resumed.next(recorded.length - 2);
    expect(missed).toEqual(recorded.slice(2));
    const seq = await recordTaskEvent(db, taskId, 'After the resume.');
    const live = await resumed.next(recorded.length - 1);
    expect(live.at(-1)).toMatchObject({ id: seq, data: { text: 'After the resume.' } });
    resumed.close();
  }, 20_000);
});

describe('open streams per API key', () => {
  it('allows 20 per key, refuses the 21st with 429 and Retry-After, and leaves other accounts alone', async () => {
    const taskId = await quietTask(owner);
    const open = [];
    for (let i = 0; i < 20; i++) {
      const response = await owner.api(`/${taskId}/events`);
      expect(response.status).toBe(200);
      open.push(follow(response));
    }
    const refused = await owner.api(`/${taskId}/events`);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 30).toBe(true);
    const body = (await refused.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('rate_limited');
    expect(body.error.message).toContain('At most 20 open event streams per API key');

    // Another account opens its streams as usual.
    const otherTask = await quietTask(other);
    const others = await other.api(`/${otherTask}/events`);
    expect(others.status).toBe(200);
    await follow(others).close();

    // Closing one frees its slot (released when the function sees the client leave).
    await open.pop()!.close();
    let reopened: Response | null = null;
    for (let i = 0; i < 50 && reopened?.status !== 200; i++) {
      if (reopened) await reopened.body?.cancel();
      await sleep(100);
      reopened = await owner.api(`/${taskId}/events`);
    }
    expect(reopened!.status).toBe(200);
    open.push(follow(reopened!));
    const full = await owner.api(`/${taskId}/events`);
    expect(full.status).toBe(429);
    await full.body?.cancel();
    await Promise.all(open.map((s) => s.close()));
  }, 60_000);

  it("lets a dead instance's leases lapse, and keeps the leases from users", async () => {
    const taskId = await quietTask(other);
    const { data: key } = await serviceClient()
      .from('api_keys')
      .select('id')
      .eq('user_id', other.user.id)
      .single();
    // Twenty leases an instance took and then stopped renewing (it crashed): lapsed.
    const admin = serviceClient();
    const lapsed = Array.from({ length: 20 }, () => ({
      id: crypto.randomUUID(),
      api_key_id: key!.id as string,
      user_id: other.user.id,
      task_id: taskId,
      ends_by: new Date(Date.now() + 60_000).toISOString(),
      expires_at: new Date(Date.now() - 1_000).toISOString(),
    }));
    expect((await admin.from('task_event_streams').insert(lapsed)).error).toBeNull();
    const stream = await other.api(`/${taskId}/events`);
    expect(stream.status).toBe(200);
    await follow(stream).close();

    // Users neither read the leases nor take or renew one themselves.
    const read = await other.client.from('task_event_streams').select('id');
    expect(read.error?.code).toBe('42501');
    const take = await other.client.rpc('task_event_stream_open', {
      p_stream_id: crypto.randomUUID(),
      p_api_key_id: key!.id,
      p_user_id: other.user.id,
      p_task_id: taskId,
      p_lease_seconds: 60,
      p_max_seconds: 300,
    });
    expect(take.error).not.toBeNull();
    const renew = await other.client.rpc('task_event_streams_renew', {
      p_stream_ids: [lapsed[0]!.id],
      p_lease_seconds: 60,
    });
    expect(renew.error).not.toBeNull();
  });

  it('takes no slot for a replay of a task that has ended', async () => {
    const created = await owner.api('?wait=true', {
      method: 'POST',
      json: {
        phone_number: '+14155550102',
        goal: 'Confirm the delivery window.',
        retry: { max_attempts: 0 },
      },
    });
    expect(created.status).toBe(201);
    const ended = (await created.json()) as { id: string; status: string };
    expect(ended.status).toBe('busy');
    const quiet = await quietTask(owner);
    const open = [];
    for (let i = 0; i < 20; i++) {
      const response = await owner.api(`/${quiet}/events`);
      expect(response.status).toBe(200);
      open.push(follow(response));
    }
    const replay = follow(await owner.api(`/${ended.id}/events`));
    await replay.done;
    expect(replay.events.at(-1)).toMatchObject({
      type: 'task.completed',
      data: { status: 'busy' },
    });
    await Promise.all(open.map((s) => s.close()));
  }, 60_000);
});

describe('rotating the key to multiply the stream limit', () => {
  it('ends the revoked key’s streams, and holds the account to 30 across its key and sessions', async () => {
    const account = await createCallingAccount({ label: 'streams-rotate', credits: 5 });
    const taskId = await quietTask(account);
    const opened = [];
    for (let i = 0; i < 20; i++) {
      const response = await account.api(`/${taskId}/events`);
      expect(response.status).toBe(200);
      opened.push(follow(response));
    }

    // Rotation in the dashboard: a new key, then the old one revoked.
    const { data: oldKey } = await serviceClient()
      .from('api_keys')
      .select('id')
      .eq('user_id', account.user.id)
      .single();
    const { data: newKey, error } = await account.client.rpc('generate_api_key_for_user', {
      user_uuid: account.user.id,
    });
    expect(error).toBeNull();
    const revoked = await account.client.rpc('revoke_api_key', { p_key_id: oldKey!.id });
    expect(revoked.error).toBeNull();
    // Each stream learns at its next lease renewal (one heartbeat, 15 s) that its lease is gone.
    const allEnded = Promise.all(opened.map((s) => s.done)).then(() => 'ended' as const);
    const timeout = sleep(25_000).then(() => 'still open' as const);
    expect(await Promise.race([allEnded, timeout])).toBe('ended');

    const events = (headers: Record<string, string>) =>
      fetch(`${taskUrl}/${taskId}/events`, { headers });
    const withKey = { Authorization: `Bearer ${newKey as string}` };
    const { data } = await account.client.auth.getSession();
    const withSession = {
      apikey: publishableKey,
      Authorization: `Bearer ${data.session!.access_token}`,
    };
    const held = [];
    for (let i = 0; i < 20; i++) {
      const response = await events(withKey);
      expect(response.status).toBe(200);
      held.push(follow(response));
    }
    for (let i = 0; i < 10; i++) {
      const response = await events(withSession);
      expect(response.status).toBe(200);
      held.push(follow(response));
    }
    const refused = await events(withSession);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const body = (await refused.json()) as { error: { code: string; message: string } };
    expect(body.error).toMatchObject({ code: 'rate_limited' });
    expect(body.error.message).toContain('At most 30 open event streams per account');
    await Promise.all(held.map((s) => s.close()));
  }, 90_000);

  it('refuses to open a stream for a key revoked while it was being opened', async () => {
    const account = await createCallingAccount({ label: 'streams-revoked' });
    const { data: key } = await serviceClient()
      .from('api_keys')
      .select('id')
      .eq('user_id', account.user.id)
      .single();
    await account.client.rpc('revoke_api_key', { p_key_id: key!.id });
    const { rows } = await db.query<{ result: Record<string, unknown> }>(
      `select public.task_event_stream_open(gen_random_uuid(), $1, $2, $3, 30, 60) as result`,
      [key!.id, account.user.id, `task_01${'Q'.repeat(24)}`],
    );
    expect(rows[0]!.result).toEqual({ opened: false, revoked: true });
  });
});
