import { afterAll, describe, expect, it } from 'vitest';
import { createCallingAccount, moneyOf } from './support/call-api';
import { deleteCreatedUsers, serviceClient } from './support/clients';
import { closeClock, sql } from './support/clock';
import { sameCallee } from './support/phone';
import { storeCopiesOfTask } from './support/task-copies';
import { waitFor } from './support/wait';

// Attacks on what an account may make us store and whom it may ring: an empty account storing
// thousands of tasks that fail later, an account piling up scheduled tasks without end, and one
// request ringing one person many times at once.

const GOAL = 'Confirm the appointment tomorrow at 3 pm.';
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();

type ErrorBody = { error: { code: string; message: string } };
type Task = { id: string; status: string; attempts: unknown[] };

afterAll(async () => {
  await deleteCreatedUsers();
  await closeClock();
});

async function storedTasks(userId: string) {
  const { count, error } = await serviceClient()
    .from('tasks')
    .select('id', { count: 'exact', head: true })
    .eq('user_id', userId);
  if (error) throw error;
  return count ?? 0;
}

describe('an account with no money', () => {
  it('cannot store a 1,000-row batch that would fail row by row later', async () => {
    const empty = await createCallingAccount({ label: 'empty-batch' });
    const tasks = Array.from({ length: 1000 }, (_, i) => ({
      phone_number: `+1415555${String(2000 + i).padStart(4, '0')}`,
      metadata: { row: i },
    }));
    const response = await empty.api('/batches', {
      method: 'POST',
      json: { defaults: { goal: GOAL, schedule_at: tomorrow() }, tasks },
    });
    expect(response.status).toBe(402);
    const { error } = (await response.json()) as ErrorBody;
    expect(error.code).toBe('insufficient_credits');
    // 1,000 calls of 10 minutes, less the 100 free minutes: $99.00.
    expect(error.message).toMatch(/needs \$99\.00 .* \$0\.00 is available/);
    expect(await storedTasks(empty.user.id)).toBe(0);
  }, 60_000);
});

describe('an account piling up open tasks', () => {
  it('is refused with a clear 429 at 2,000 tasks that have not ended, for a task and a batch', async () => {
    const hoarder = await createCallingAccount({ label: 'hoarder', credits: 5 });
    const first = await hoarder.api('', {
      method: 'POST',
      json: { phone_number: '+14155550100', goal: GOAL, schedule_at: tomorrow() },
    });
    expect(first.status).toBe(201);
    const { id } = (await first.json()) as Task;
    // 1,999 more scheduled tasks like it, stored directly: what a stream of creates would leave.
    await storeCopiesOfTask(id, 1999, { distinctNumbers: true });
    expect(await storedTasks(hoarder.user.id)).toBe(2000);

    const refused = await hoarder.api('', {
      method: 'POST',
      json: { phone_number: '+14155550101', goal: GOAL, schedule_at: tomorrow() },
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    const { error } = (await refused.json()) as ErrorBody;
    expect(error.code).toBe('rate_limited');
    expect(error.message).toMatch(/at most 2,000 tasks that have not ended/);

    const batch = await hoarder.api('/batches', {
      method: 'POST',
      json: { tasks: [{ phone_number: '+14155550102', goal: GOAL, schedule_at: tomorrow() }] },
    });
    expect(batch.status).toBe(429);
    expect(await storedTasks(hoarder.user.id)).toBe(2000);

    // Ending one frees room for one more.
    expect((await hoarder.api(`/${id}/cancel`, { method: 'POST' })).status).toBe(200);
    const again = await hoarder.api('', {
      method: 'POST',
      json: { phone_number: '+14155550101', goal: GOAL, schedule_at: tomorrow() },
    });
    expect(again.status).toBe(201);
  }, 60_000);
});

describe('one person rung by one account', () => {
  it('is never rung twice at once: a second create to a number on a live call waits for it', async () => {
    const caller = await createCallingAccount({ label: 'one-callee', credits: 5 });
    // 555-0107 talks until the call's cap: the first call stays live until it is canceled.
    const [callee] = sameCallee('0107', 1);
    const body = { phone_number: callee, goal: GOAL, retry: { max_attempts: 0 } };
    const first = (await (await caller.api('', { method: 'POST', json: body })).json()) as Task;
    await waitFor(
      async () => (await (await caller.api(`/${first.id}`)).json()) as Task,
      (task) => task.status === 'in_progress',
      { what: 'the first call to be answered' },
    );

    const second = await caller.api('', { method: 'POST', json: body });
    expect(second.status).toBe(201);
    const waiting = (await second.json()) as Task;
    expect(waiting.status).toBe('queued');
    const [row] = await sql<{ awaiting_slot: boolean; attempts: string }>(
      `select awaiting_slot, (select count(*) from public.task_attempts a where a.task_id = t.id)
              as attempts
         from public.tasks t where id = $1`,
      [waiting.id],
    );
    expect(row).toMatchObject({ awaiting_slot: true, attempts: '0' });
    // Waiting, it holds nothing until it is placed: only the live call's 10 free minutes.
    expect((await moneyOf(caller.user.id)).freeReserved).toBe(10);

    // The dispatcher passes it over while the first call lasts…
    await sql('select public.batch_claim_slots($1)', [caller.user.id]);
    expect(
      (
        await sql<{ awaiting_slot: boolean }>(
          'select awaiting_slot from public.tasks where id = $1',
          [waiting.id],
        )
      )[0]!.awaiting_slot,
    ).toBe(true);

    // …and rings the number once that call has ended.
    expect((await caller.api(`/${first.id}/cancel`, { method: 'POST' })).status).toBe(200);
    await waitFor(
      async () => (await (await caller.api(`/${waiting.id}`)).json()) as Task,
      (task) => task.attempts.length === 1,
      { what: 'the second call to be placed after the first ended', timeoutMs: 30_000 },
    );
    expect((await caller.api(`/${waiting.id}/cancel`, { method: 'POST' })).status).toBe(200);
  }, 90_000);
});
