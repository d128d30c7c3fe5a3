import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteCreatedUsers, serviceClient } from './support/clients';
import { createCallingAccount, moneyOf, type CallingAccount } from './support/call-api';
import { apiUrl, secretKey } from './support/stack';
import { waitFor } from './support/wait';
import { readSseData } from './support/sse';
import { sameCallee } from './support/phone';
import { closeServer } from './support/servers';

// Batches on the integration stack: validated whole, paced through the account's 10 call slots
// by the scheduler, completed with batch.completed on the stream and the webhook.
type Counts = {
  total: number;
  scheduled: number;
  queued: number;
  in_progress: number;
  succeeded: number;
  not_achieved: number;
  unreachable: number;
  failed: number;
  canceled: number;
};
type Batch = {
  id: string;
  object: 'batch';
  status: string;
  counts: Counts;
  canceled_at: string | null;
  completed_at: string | null;
  events_url: string;
};
type Task = {
  id: string;
  status: string;
  batch_id: string | null;
  failure_reason: string | null;
  metadata: Record<string, unknown>;
};

const GOAL = 'Tell the parent their child was absent today and ask whether they knew.';
const COUNT_KEYS = [
  'scheduled',
  'queued',
  'in_progress',
  'succeeded',
  'not_achieved',
  'unreachable',
  'failed',
  'canceled',
] as const;
const sum = (counts: Counts) => COUNT_KEYS.reduce((total, key) => total + counts[key], 0);

async function createBatch(account: CallingAccount, json: unknown, headers = {}) {
  const response = await account.api('/batches', { method: 'POST', json, headers });
  return { response, body: (await response.json()) as Batch & { error?: Record<string, unknown> } };
}

const readBatch = async (account: CallingAccount, id: string) =>
  (await (await account.api(`/batches/${id}`)).json()) as Batch;

const completed = (account: CallingAccount, id: string) =>
  waitFor(
    () => readBatch(account, id),
    (batch) => batch.completed_at !== null,
    { timeoutMs: 180_000, intervalMs: 500, what: `batch ${id} completed` },
  );

/** The account's calls holding a slot, and those live with the provider, sampled from the database. */
async function liveCalls(userId: string) {
  const admin = serviceClient();
  const { data, error } = await admin
    .from('tasks')
    .select('status, awaiting_slot, task_attempts(started_at, ended_at)')
    .eq('user_id', userId)
    .in('status', ['queued', 'ringing', 'in_progress']);
  if (error) throw error;
  const rows = data as {
    status: string;
    awaiting_slot: boolean;
    task_attempts: { started_at: string | null; ended_at: string | null }[];
  }[];
  return {
    slots: rows.filter((r) => !(r.status === 'queued' && r.awaiting_slot)).length,
    dialled: rows.filter((r) => r.task_attempts.some((a) => a.ended_at === null)).length,
  };
}

/** Reads an SSE response to its end, parsing the data lines. */
const readEvents = (response: Response) =>
  readSseData<{ id: number; type: string; batch_id: string; data: Batch }>(response);

async function receiver() {
  const received: { type: string; body: Record<string, unknown> }[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const parsed = JSON.parse(body) as { type: string };
      received.push({ type: parsed.type, body: parsed });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/batches`;
  return { url, received, close: () => closeServer(server) };
}

async function tasksOf(account: CallingAccount, batchId: string) {
  const tasks: Task[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `?batch_id=${batchId}&limit=100${cursor ? `&starting_after=${cursor}` : ''}`;
    const page = (await (await account.api(query)).json()) as {
      data: Task[];
      next_cursor: string | null;
    };
    tasks.push(...page.data);
    cursor = page.next_cursor;
  } while (cursor);
  return tasks;
}

let account: CallingAccount;
beforeAll(async () => {
  account = await createCallingAccount({ label: 'batches', credits: 20 });
});
afterAll(deleteCreatedUsers);

describe('POST /task/batches', () => {
  it('refuses the whole batch for one bad row, naming each bad row, and creates nothing', async () => {
    const caller = await createCallingAccount({ label: 'batch-bad-row', credits: 5 });
    const { response, body } = await createBatch(caller, {
      defaults: { goal: GOAL },
      tasks: [
        { phone_number: '+14155550100' },
        { phone_number: '+19005550100' },
        { phone_number: '+14155550101', voice: 'Nobody' },
      ],
    });
    expect(response.status).toBe(400);
    expect(body.error).toMatchObject({ code: 'invalid_request', field: 'tasks' });
    const rows = body.error!.rows as { index: number; field: string; code: string }[];
    expect(rows).toEqual([
      expect.objectContaining({ index: 1, field: 'phone_number', code: 'number_not_allowed' }),
      expect.objectContaining({ index: 2, field: 'voice', code: 'invalid_request' }),
    ]);
    const admin = serviceClient();
    const tasks = await admin.from('tasks').select('id').eq('user_id', caller.user.id);
    const batches = await admin.from('batches').select('id').eq('user_id', caller.user.id);
    expect(tasks.data).toEqual([]);
    expect(batches.data).toEqual([]);
  });

  it('refuses a row whose number is on the do-not-call list, and creates nothing', async () => {
    const caller = await createCallingAccount({ label: 'batch-dnc', credits: 5 });
    const listed = await caller.client.from('do_not_call').insert({ phone_number: '+14155550111' });
    expect(listed.error).toBeNull();
    const { response, body } = await createBatch(caller, {
      defaults: { goal: GOAL },
      tasks: [{ phone_number: '+14155550100' }, { phone_number: '+14155550111' }],
    });
    expect(response.status).toBe(400);
    expect(body.error!.rows).toEqual([
      expect.objectContaining({ index: 1, field: 'phone_number', code: 'do_not_call' }),
    ]);
    const tasks = await serviceClient().from('tasks').select('id').eq('user_id', caller.user.id);
    expect(tasks.data).toEqual([]);
  });

  it('accepts 30 rows at once, keeps at most 10 calls live, and completes with batch.completed', async () => {
    const hooks = await receiver();
    try {
      const numbers = [
        ...sameCallee('0100', 20),
        ...sameCallee('0101', 5),
        ...sameCallee('0102', 5),
      ];
      const { response, body: batch } = await createBatch(
        account,
        {
          defaults: {
            goal: GOAL,
            retry: { max_attempts: 0 },
            max_duration_minutes: 2,
            webhook_url: hooks.url,
          },
          tasks: numbers.map((phone_number, row) => ({ phone_number, metadata: { row } })),
        },
        { 'Idempotency-Key': `batch-30-${account.user.id}` },
      );
      expect(response.status).toBe(201);
      expect(batch).toMatchObject({ object: 'batch', status: 'running' });
      expect(batch.id).toMatch(/^batch_[0-9A-Z]{26}$/);
      expect(batch.counts.total).toBe(30);
      expect(sum(batch.counts)).toBe(30);

      const stream = account.api(`/batches/${batch.id}/events`);
      let peak = 0;
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          const live = await liveCalls(account.user.id);
          peak = Math.max(peak, live.slots, live.dialled);
          await new Promise((r) => setTimeout(r, 50));
        }
      })();
      const done = await completed(account, batch.id);
      sampling = false;
      await sampler;

      expect(peak).toBeLessThanOrEqual(10);
      expect(peak).toBeGreaterThanOrEqual(2);
      expect(done.status).toBe('completed');
      expect(done.counts).toEqual({
        total: 30,
        scheduled: 0,
        queued: 0,
        in_progress: 0,
        succeeded: 20,
        not_achieved: 5,
        unreachable: 5,
        failed: 0,
        canceled: 0,
      });

      const events = await readEvents(await stream);
      expect(events.map((e) => e.type)).toEqual(['batch.completed']);
      expect(events[0]).toMatchObject({
        batch_id: batch.id,
        data: { id: batch.id, status: 'completed' },
      });

      await waitFor(
        async () => hooks.received.filter((r) => r.type === 'batch.completed'),
        (hits) => hits.length === 1,
        { what: 'the batch.completed webhook' },
      );
      expect(hooks.received.find((r) => r.type === 'batch.completed')!.body).toMatchObject({
        batch_id: batch.id,
        data: { id: batch.id, counts: { total: 30, succeeded: 20 } },
      });

      const tasks = await tasksOf(account, batch.id);
      expect(tasks).toHaveLength(30);
      expect(new Set(tasks.map((t) => t.batch_id))).toEqual(new Set([batch.id]));
      expect(tasks.map((t) => t.metadata.row).sort((a, b) => Number(a) - Number(b))).toEqual(
        numbers.map((_, row) => row),
      );

      // Every task settled once: nothing is left on hold.
      await waitFor(
        () => moneyOf(account.user.id),
        (money) => money.held === 0 && money.freeReserved === 0,
        {
          what: 'holds released',
        },
      );

      // The same key and body: the same batch, never a second one.
      const replay = await createBatch(
        account,
        {
          defaults: {
            goal: GOAL,
            retry: { max_attempts: 0 },
            max_duration_minutes: 2,
            webhook_url: hooks.url,
          },
          tasks: numbers.map((phone_number, row) => ({ phone_number, metadata: { row } })),
        },
        { 'Idempotency-Key': `batch-30-${account.user.id}` },
      );
      expect(replay.response.status).toBe(200);
      expect(replay.response.headers.get('idempotent-replayed')).toBe('true');
      expect(replay.body.id).toBe(batch.id);
    } finally {
      await hooks.close();
    }
  }, 240_000);

  it('cancels a running batch: what has not ended is canceled and the batch completes canceled', async () => {
    const caller = await createCallingAccount({ label: 'batch-cancel', credits: 5 });
    const { response, body: batch } = await createBatch(caller, {
      defaults: { goal: GOAL, retry: { max_attempts: 0 } },
      tasks: sameCallee('0100', 20).map((phone_number) => ({ phone_number })),
    });
    expect(response.status).toBe(201);
    const canceled = await caller.api(`/batches/${batch.id}/cancel`, { method: 'POST' });
    expect(canceled.status).toBe(200);
    const after = (await canceled.json()) as Batch;
    expect(after.counts.canceled).toBeGreaterThanOrEqual(10);
    const done = await completed(caller, batch.id);
    expect(done.status).toBe('canceled');
    expect(sum(done.counts)).toBe(20);
    expect(done.counts.queued + done.counts.in_progress + done.counts.scheduled).toBe(0);
    await waitFor(
      () => moneyOf(caller.user.id),
      (money) => money.held === 0 && money.freeReserved === 0,
      {
        what: 'holds released after the cancel',
      },
    );
  }, 120_000);

  it('refuses a batch its credits cannot cover, and stores nothing of it', async () => {
    // No free minutes left and $0.25: five 10-minute calls need $0.50, two need $0.20.
    const poor = await createCallingAccount({
      label: 'batch-poor',
      credits: 0.25,
      freeMinutesUsed: 100,
    });
    const defaults = { goal: GOAL, retry: { max_attempts: 0 }, max_duration_minutes: 10 };
    const refused = await createBatch(poor, {
      defaults,
      tasks: sameCallee('0100', 5).map((phone_number) => ({ phone_number })),
    });
    expect(refused.response.status).toBe(402);
    expect(refused.body.error).toMatchObject({ code: 'insufficient_credits' });
    expect(String(refused.body.error!.message)).toMatch(/needs \$0\.50 .* \$0\.25 is available/);
    const stored = await serviceClient().from('tasks').select('id').eq('user_id', poor.user.id);
    expect(stored.data).toEqual([]);

    const { response, body: batch } = await createBatch(poor, {
      defaults,
      tasks: sameCallee('0100', 2).map((phone_number) => ({ phone_number })),
    });
    expect(response.status).toBe(201);
    const done = await completed(poor, batch.id);
    expect(done.counts).toMatchObject({ total: 2, succeeded: 2, failed: 0 });
  }, 120_000);

  it('keeps a due retry waiting while ten calls hold the call slots, and places it once one frees', async () => {
    const caller = await createCallingAccount({ label: 'batch-retry', credits: 5 });
    const admin = serviceClient();
    // 555-0103 never answers: one retry, a minute later.
    const placed = await caller.api('', {
      method: 'POST',
      json: {
        phone_number: '+14155550103',
        goal: GOAL,
        retry: { max_attempts: 1, interval_minutes: 1 },
      },
    });
    const retrying = ((await placed.json()) as Task).id;
    await waitFor(
      async () => (await (await caller.api(`/${retrying}`)).json()) as Task,
      (task) => task.status === 'retry_scheduled',
      { what: 'the first attempt to go unanswered' },
    );
    // Ten calls holding slots: a batch for tomorrow, moved as if admitted (not yet dialled).
    const { body: batch } = await createBatch(caller, {
      defaults: { goal: GOAL, schedule_at: new Date(Date.now() + 86_400_000).toISOString() },
      tasks: sameCallee('0100', 10).map((phone_number) => ({ phone_number })),
    });
    const moved = await admin
      .from('tasks')
      .update({ status: 'queued', awaiting_slot: false, slot_claimed_at: new Date().toISOString() })
      .eq('batch_id', batch.id);
    expect(moved.error).toBeNull();

    const refused = await admin.rpc('task_begin_attempt', { p_task_id: retrying });
    expect(refused.data).toMatchObject({ error: 'no_call_slot' });
    const waiting = (await (await caller.api(`/${retrying}`)).json()) as Task & {
      attempts: unknown[];
    };
    expect(waiting.status).toBe('retry_scheduled');
    expect(waiting.attempts).toHaveLength(1);

    expect((await caller.api(`/batches/${batch.id}/cancel`, { method: 'POST' })).status).toBe(200);
    const run = await fetch(`${apiUrl}/functions/v1/dispatch`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${secretKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ now: new Date(Date.now() + 120_000).toISOString() }),
    });
    expect(run.status).toBe(200);
    const done = await waitFor(
      async () =>
        (await (await caller.api(`/${retrying}`)).json()) as Task & { attempts: unknown[] },
      (task) => task.status === 'no_answer',
      { what: 'the retry to be placed and go unanswered' },
    );
    expect(done.attempts).toHaveLength(2);
  }, 120_000);

  it('answers 409 for an Idempotency-Key reused with another body, and creates nothing more', async () => {
    const caller = await createCallingAccount({ label: 'batch-idem', credits: 5 });
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const body = (phone_number: string) => ({
      defaults: { goal: GOAL, schedule_at: later },
      tasks: [{ phone_number }],
    });
    const first = await createBatch(caller, body('+14155550100'), { 'Idempotency-Key': 'list-1' });
    expect(first.response.status).toBe(201);
    const conflict = await createBatch(caller, body('+14155550101'), {
      'Idempotency-Key': 'list-1',
    });
    expect(conflict.response.status).toBe(409);
    expect(conflict.body.error).toMatchObject({ code: 'idempotency_conflict' });
    const batches = await serviceClient()
      .from('batches')
      .select('id')
      .eq('user_id', caller.user.id);
    expect(batches.data).toEqual([{ id: first.body.id }]);
    await caller.api(`/batches/${first.body.id}/cancel`, { method: 'POST' });
  });

  it('is not found for another account: read, cancel, its events and its tasks', async () => {
    const owner = await createCallingAccount({ label: 'batch-owner', credits: 5 });
    const other = await createCallingAccount({ label: 'batch-other', credits: 5 });
    const { body: batch } = await createBatch(owner, {
      defaults: { goal: GOAL, schedule_at: new Date(Date.now() + 86_400_000).toISOString() },
      tasks: [{ phone_number: '+14155550100' }],
    });
    expect((await other.api(`/batches/${batch.id}`)).status).toBe(404);
    expect((await other.api(`/batches/${batch.id}/cancel`, { method: 'POST' })).status).toBe(404);
    expect((await other.api(`/batches/${batch.id}/events`)).status).toBe(404);
    const listed = (await (await other.api(`?batch_id=${batch.id}`)).json()) as { data: Task[] };
    expect(listed.data).toEqual([]);
    const read = await other.client.from('batches').select('id').eq('id', batch.id);
    expect(read.data).toEqual([]);
    // The owner's own view: untouched by the other's cancel, scheduled for tomorrow, still
    // cancelable.
    const untouched = await readBatch(owner, batch.id);
    expect(untouched).toMatchObject({ status: 'running', canceled_at: null });
    expect(untouched.counts).toMatchObject({ total: 1, scheduled: 1 });
    const canceled = (await (
      await owner.api(`/batches/${batch.id}/cancel`, { method: 'POST' })
    ).json()) as Batch;
    expect(canceled).toMatchObject({ status: 'canceled', counts: { canceled: 1 } });
  });
});
