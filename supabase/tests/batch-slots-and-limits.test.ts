import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createCallingAccount, moneyOf, type CallingAccount } from './support/call-api';
import { sameCallee } from './support/phone';
import { waitForIdleProviderLines } from './support/provider-lines';
import { deleteCreatedUsers } from './support/clients';
import { closeClock, sql } from './support/clock';
import { apiUrl, secretKey } from './support/stack';
import { waitFor } from './support/wait';

// The account's own limits as batches meet them, decided in the database: ten live calls shared
// with the calls created alone, a hold per admitted task taken once, one create of the 60 a
// minute per batch request, and Idempotency-Keys that belong to one account. Each batch is
// scheduled for tomorrow and moved by hand, so no call's pace decides what a test sees.
const GOAL = 'Tell the parent their child was absent today and ask whether they knew.';
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();

// Admission takes only lines no other call holds and no fairer account waits for.
beforeEach(waitForIdleProviderLines);

afterAll(async () => {
  await closeClock();
  await deleteCreatedUsers();
});

async function createBatch(account: CallingAccount, json: unknown, headers = {}) {
  const response = await account.api('/batches', { method: 'POST', json, headers });
  return {
    response,
    body: (await response.json()) as { id: string; error?: Record<string, unknown> },
  };
}

async function slotsOf(userId: string, batchId: string) {
  const [row] = await sql<{ slots: string; admitted: string; waiting: string; held: string }>(
    `select count(*) filter (where not awaiting_slot) as slots,
            count(*) filter (where batch_id = $2 and not awaiting_slot) as admitted,
            count(*) filter (where batch_id = $2 and awaiting_slot) as waiting,
            coalesce(sum(hold_cents) filter (where batch_id = $2 and not awaiting_slot), 0) as held
       from public.tasks
      where user_id = $1 and status in ('queued', 'ringing', 'in_progress')`,
    [userId, batchId],
  );
  return {
    slots: Number(row!.slots),
    admitted: Number(row!.admitted),
    waiting: Number(row!.waiting),
    heldCents: Number(row!.held),
  };
}

describe('call slots of a batch', () => {
  it('admits waiting tasks only into free slots (calls created alone count) and holds each one’s cost once', async () => {
    // No free minutes: every hold is credits, 2 cents for a 2-minute call.
    const caller = await createCallingAccount({
      label: 'batch-slots',
      credits: 2,
      freeMinutesUsed: 100,
    });
    // Four calls created alone, their time come: they hold four of the ten slots. 555-0107
    // talks until its cap, so whichever of them gets dialled stays live through the test.
    // Sixteen numbers of that callee: an account rings each number once at a time.
    const numbers = sameCallee('0107', 16);
    const singles: string[] = [];
    for (let i = 0; i < 4; i++) {
      const created = await caller.api('', {
        method: 'POST',
        json: {
          phone_number: numbers[i],
          goal: GOAL,
          schedule_at: tomorrow(),
          max_duration_minutes: 2,
          retry: { max_attempts: 0 },
        },
      });
      expect(created.status).toBe(201);
      singles.push(((await created.json()) as { id: string }).id);
    }
    await sql(
      `update public.tasks set status = 'queued', scheduled_for = null where id = any($1)`,
      [singles],
    );

    const { response, body: batch } = await createBatch(caller, {
      defaults: {
        goal: GOAL,
        schedule_at: tomorrow(),
        max_duration_minutes: 2,
        retry: { max_attempts: 0 },
      },
      tasks: numbers.slice(4).map((phone_number) => ({ phone_number })),
    });
    expect(response.status).toBe(201);
    const before = await moneyOf(caller.user.id);

    // The window opened for all twelve: they wait, then get the six free slots.
    await sql(
      `update public.tasks set status = 'queued', awaiting_slot = true, scheduled_for = null
        where batch_id = $1`,
      [batch.id],
    );
    await sql('select public.batch_claim_slots($1)', [caller.user.id]);

    const slots = await slotsOf(caller.user.id, batch.id);
    expect(slots).toEqual({ slots: 10, admitted: 6, waiting: 6, heldCents: 12 });
    const after = await moneyOf(caller.user.id);
    expect(after.held - before.held).toBeCloseTo(0.12, 6);
    expect(after.freeReserved).toBe(before.freeReserved);

    // A second admission finds no free slot and holds nothing more.
    await sql('select public.batch_claim_slots($1)', [caller.user.id]);
    expect(await slotsOf(caller.user.id, batch.id)).toMatchObject({ slots: 10, admitted: 6 });
    expect((await moneyOf(caller.user.id)).held).toBeCloseTo(after.held, 6);

    // The watchdog takes no waiting task for a lost placement, however long it has waited.
    await sql(
      `update public.tasks set created_at = created_at - interval '1 hour'
        where batch_id = $1 and awaiting_slot`,
      [batch.id],
    );
    const run = await fetch(`${apiUrl}/functions/v1/dispatch`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${secretKey}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(run.status).toBe(200);
    await run.body?.cancel();
    expect(await slotsOf(caller.user.id, batch.id)).toMatchObject({
      slots: 10,
      admitted: 6,
      waiting: 6,
    });
    const [dialled] = await sql<{ n: string }>(
      `select count(*) as n from public.task_attempts a join public.tasks t on t.id = a.task_id
        where t.batch_id = $1 and t.awaiting_slot`,
      [batch.id],
    );
    expect(Number(dialled!.n)).toBe(0);

    expect((await caller.api(`/batches/${batch.id}/cancel`, { method: 'POST' })).status).toBe(200);
    for (const id of singles)
      expect((await caller.api(`/${id}/cancel`, { method: 'POST' })).status).toBe(200);
    await waitFor(
      () => moneyOf(caller.user.id),
      (money) => money.held === 0 && money.freeReserved === 0,
      { what: 'every hold released after the cancels' },
    );
  });
});

describe('a batch task it cannot fund', () => {
  it('fails that task alone: a cheaper task after it is still admitted', async () => {
    // No free minutes: the batch's 32 cents are there at create, then only 25 cents are left
    // when its window opens (spent meanwhile): two 10-minute holds fit (20 cents), a third does
    // not, the 1-minute tasks after it do (1 cent each).
    const caller = await createCallingAccount({
      label: 'batch-unfunded',
      credits: 0.32,
      freeMinutesUsed: 100,
    });
    const minutes = [10, 10, 10, 1, 1];
    const numbers = sameCallee('0107', minutes.length);
    const { response, body: batch } = await createBatch(caller, {
      defaults: { goal: GOAL, schedule_at: tomorrow(), retry: { max_attempts: 0 } },
      tasks: minutes.map((max_duration_minutes, row) => ({
        phone_number: numbers[row],
        max_duration_minutes,
      })),
    });
    expect(response.status).toBe(201);
    await sql('update public.profiles set credits = 0.25 where id = $1', [caller.user.id]);
    await sql(
      `update public.tasks set status = 'queued', awaiting_slot = true, scheduled_for = null
        where batch_id = $1`,
      [batch.id],
    );
    await sql('select public.batch_claim_slots($1)', [caller.user.id]);

    const rows = await sql<{
      batch_index: number;
      status: string;
      awaiting_slot: boolean;
      failure_reason: string | null;
      hold_cents: number;
    }>(
      `select batch_index, status, awaiting_slot, failure_reason, hold_cents from public.tasks
        where batch_id = $1 order by batch_index`,
      [batch.id],
    );
    // Admitted tasks may already be dialled; what matters is who holds a slot and who failed.
    expect(
      rows.map((r) => [r.batch_index, r.status === 'failed' ? r.failure_reason : 'admitted']),
    ).toEqual([
      [0, 'admitted'],
      [1, 'admitted'],
      [2, 'insufficient_credits'],
      [3, 'admitted'],
      [4, 'admitted'],
    ]);
    expect(rows.filter((r) => r.status !== 'failed').every((r) => !r.awaiting_slot)).toBe(true);
    expect(rows.map((r) => r.hold_cents)).toEqual([10, 10, 0, 1, 1]);
    expect((await moneyOf(caller.user.id)).held).toBeCloseTo(0.22, 6);

    expect((await caller.api(`/batches/${batch.id}/cancel`, { method: 'POST' })).status).toBe(200);
    await waitFor(
      () => moneyOf(caller.user.id),
      (money) => money.held === 0,
      { what: 'every hold released after the cancel' },
    );
  });
});

describe('creates and Idempotency-Keys of batches', () => {
  it('counts a batch request as one create of the account’s 60 a minute, and refuses it at 60', async () => {
    const caller = await createCallingAccount({ label: 'batch-create-limit', credits: 5 });
    // 59 creates in the last minute, whichever key or entry point made them.
    await sql(
      `insert into public.task_create_requests (user_id, api_key_id)
       select $1, (select id from public.api_keys where user_id = $1 limit 1)
         from generate_series(1, 59)`,
      [caller.user.id],
    );
    const body = {
      defaults: { goal: GOAL, schedule_at: tomorrow() },
      tasks: sameCallee('0100', 3).map((phone_number) => ({ phone_number })),
    };
    const sixtieth = await createBatch(caller, body);
    expect(sixtieth.response.status).toBe(201);
    const [counted] = await sql<{ n: string }>(
      'select count(*) as n from public.task_create_requests where user_id = $1',
      [caller.user.id],
    );
    expect(Number(counted!.n)).toBe(60);

    const refused = await createBatch(caller, body);
    expect(refused.response.status).toBe(429);
    expect(Number(refused.response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.body.error).toMatchObject({ code: 'rate_limited' });
    const [batches] = await sql<{ n: string }>(
      'select count(*) as n from public.batches where user_id = $1',
      [caller.user.id],
    );
    expect(Number(batches!.n)).toBe(1);
    await caller.api(`/batches/${sixtieth.body.id}/cancel`, { method: 'POST' });
  });

  it('scopes an Idempotency-Key to the account: the same key and body from another account creates its own batch', async () => {
    const [first, second] = await Promise.all([
      createCallingAccount({ label: 'batch-key-a', credits: 5 }),
      createCallingAccount({ label: 'batch-key-b', credits: 5 }),
    ]);
    const body = {
      defaults: { goal: GOAL, schedule_at: tomorrow() },
      tasks: [{ phone_number: '+14155550100' }],
    };
    const headers = { 'Idempotency-Key': `shared-batch-key-${first.user.id}` };
    const mine = await createBatch(first, body, headers);
    expect(mine.response.status).toBe(201);
    const theirs = await createBatch(second, body, headers);
    expect(theirs.response.status).toBe(201);
    expect(theirs.response.headers.get('idempotent-replayed')).not.toBe('true');
    expect(theirs.body.id).not.toBe(mine.body.id);
    const owners = await sql<{ id: string; user_id: string }>(
      'select id, user_id from public.batches where id = any($1) order by id',
      [[mine.body.id, theirs.body.id]],
    );
    expect(Object.fromEntries(owners.map((b) => [b.id, b.user_id]))).toEqual({
      [mine.body.id]: first.user.id,
      [theirs.body.id]: second.user.id,
    });
    for (const [account, id] of [
      [first, mine.body.id],
      [second, theirs.body.id],
    ] as const)
      expect((await account.api(`/batches/${id}/cancel`, { method: 'POST' })).status).toBe(200);
  });
});
