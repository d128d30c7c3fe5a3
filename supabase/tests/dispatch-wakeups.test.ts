import { afterAll, describe, expect, it } from 'vitest';
import { createCallingAccount, type CallingAccount } from './support/call-api';
import { deleteCreatedUsers } from './support/clients';
import { closeClock, sql } from './support/clock';
import { withoutDispatchTick } from './support/cron';
import { sameCallee } from './support/phone';
import { waitFor } from './support/wait';
import pg from 'pg';
import { adminDbUrl, dbUrl } from './support/stack';

// Dispatch runs when there is work (docs/decisions/0028-dispatch-woken-by-the-database.md): the
// pg_cron tick is SQL that calls dispatch through pg_net only when something is due or for the
// 30-second heartbeat, and the database wakes dispatch itself when a line frees. The local stack
// runs the same pg_cron job, pg_net queue and Vault secrets as a hosted project.
const GOAL = 'Tell the parent their child was absent today and ask whether they knew.';

afterAll(async () => {
  await closeClock();
  await deleteCreatedUsers();
});

type Batch = {
  id: string;
  status: string;
  completed_at: string | null;
  counts: Record<string, number>;
};

async function createBatch(account: CallingAccount, rows: number) {
  const response = await account.api('/batches', {
    method: 'POST',
    json: {
      defaults: { goal: GOAL, retry: { max_attempts: 0 }, max_duration_minutes: 2 },
      tasks: sameCallee('0100', rows).map((phone_number) => ({ phone_number })),
    },
  });
  expect(response.status).toBe(201);
  return (await response.json()) as Batch;
}

/** A task of `account`'s, scheduled a day ahead (nothing to do about it until then); its id. */
async function scheduleForTomorrow(account: CallingAccount) {
  const created = await account.api('', {
    method: 'POST',
    json: {
      phone_number: '+14155550100',
      goal: GOAL,
      schedule_at: new Date(Date.now() + 86_400_000).toISOString(),
    },
  });
  expect(created.status).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

/** Inside a transaction that is rolled back: `work` sees a database with nothing to do. */
async function withNothingToDo<T>(work: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    await db.query('begin');
    await db.query(`set local lock_timeout = '5s'`);
    await db.query(
      `delete from public.sms_task_notifications;
       delete from public.webhook_deliveries;
       delete from private.task_recordings;
       delete from public.task_attempts;
       delete from public.tasks;`,
    );
    return await work(db);
  } finally {
    await db.query('rollback').catch(() => undefined);
    await db.end();
  }
}

describe('dispatch woken by the database', () => {
  it('completes a batch larger than the ten live calls with the cron tick paused', async () => {
    const caller = await createCallingAccount({ label: 'wake-batch', credits: 5 });
    await withoutDispatchTick(async () => {
      const [before] = await sql<{ n: string }>(
        `select count(*) as n from cron.job_run_details d join cron.job j using (jobid)
          where j.jobname = 'dialwise-dispatch'`,
      );
      const batch = await createBatch(caller, 14);
      const done = await waitFor(
        async () => (await (await caller.api(`/batches/${batch.id}`)).json()) as Batch,
        (b) => b.completed_at !== null,
        { timeoutMs: 150_000, intervalMs: 500, what: `batch ${batch.id} completed` },
      );
      expect(done.status).toBe('completed');
      const [ended] = await sql<{ n: string; succeeded: string }>(
        `select count(*) as n, count(*) filter (where status = 'success') as succeeded
           from public.tasks where batch_id = $1`,
        [batch.id],
      );
      expect(Number(ended!.n)).toBe(14);
      expect(Number(ended!.succeeded)).toBe(14);
      // No tick of the dispatch job ran meanwhile: the four beyond the first ten were placed
      // because ending calls woke dispatch.
      const [after] = await sql<{ n: string }>(
        `select count(*) as n from cron.job_run_details d join cron.job j using (jobid)
          where j.jobname = 'dialwise-dispatch'`,
      );
      expect(after!.n).toBe(before!.n);
    });
  }, 180_000);

  it('at rest calls dispatch only for the 30-second heartbeat', async () => {
    await withNothingToDo(async (db) => {
      const due = async (lastRunSecondsAgo: number) =>
        (
          await db.query<{ reason: string | null }>(
            `select private.dispatch_work_due(now(), now() - make_interval(secs => $1)) as reason`,
            [lastRunSecondsAgo],
          )
        ).rows[0]!.reason;
      expect(await due(1)).toBeNull();
      expect(await due(29)).toBeNull();
      expect(await due(31)).toBe('heartbeat');
      // A tick with a run just recorded queues no request for pg_net.
      await db.query(
        `insert into private.dispatch_runs (started_at, report) values (now(), '{}'::jsonb)`,
      );
      const queued = async () =>
        Number(
          (
            await db.query<{ n: string }>(
              `select count(*) as n from net.http_request_queue where url like '%/functions/v1/dispatch'`,
            )
          ).rows[0]!.n,
        );
      const waiting = await queued();
      const { rows } = await db.query<{ reason: string | null }>(
        'select private.dispatch_tick() as reason',
      );
      expect(rows[0]!.reason).toBeNull();
      expect(await queued()).toBe(waiting);
    });
  });

  it('wakes dispatch for each kind of due work, and once until a run answers (or 10 s pass)', async () => {
    const caller = await createCallingAccount({ label: 'wake-kinds', credits: 5 });
    await withNothingToDo(async (db) => {
      const reason = async () =>
        (
          await db.query<{ r: string | null }>(
            `select private.dispatch_work_due(now(), now()) as r`,
          )
        ).rows[0]!.r;
      const id = await scheduleForTomorrow(caller);
      // The task committed outside this transaction, which sees it: due once its time came.
      expect(await reason()).toBeNull();
      await db.query(
        `update public.tasks set scheduled_for = now() - interval '1 second' where id = $1`,
        [id],
      );
      expect(await reason()).toBe('scheduled');
      await db.query(
        `update public.tasks set status = 'retry_scheduled', next_attempt_at = now() where id = $1`,
        [id],
      );
      expect(await reason()).toBe('retries');
      await db.query(
        `update public.tasks set status = 'queued', awaiting_slot = true where id = $1`,
        [id],
      );
      expect(await reason()).toBe('waiting_tasks');
      await db.query(
        `update public.tasks set status = 'in_progress', awaiting_slot = false where id = $1`,
        [id],
      );
      // A live call: the watchdog looks at most every 15 seconds.
      expect(await reason()).toBeNull();
      expect(
        (
          await db.query<{ r: string }>(
            `select private.dispatch_work_due(now(), now() - interval '16 seconds') as r`,
          )
        ).rows[0]!.r,
      ).toBe('live_calls');

      // Due work wakes dispatch once; ticks after that wait for a run (or a minute).
      await db.query(
        `update public.tasks set status = 'retry_scheduled', next_attempt_at = now() where id = $1`,
        [id],
      );
      // This transaction's now() stands still while the stack's own dispatcher keeps recording
      // runs in real time: hold its runs off, and forget those that finished after our now().
      await db.query(`lock table private.dispatch_runs in exclusive mode`);
      await db.query(
        `delete from private.dispatch_runs where finished_at > now() - interval '1 second'`,
      );
      await db.query(
        `insert into private.dispatch_runs (started_at, finished_at, report)
         values (now() - interval '2 seconds', now() - interval '1 second', '{}'::jsonb)`,
      );
      await db.query(`update private.scheduler_state set last_wake_at = null`);
      const tick = async () =>
        (await db.query<{ r: string | null }>('select private.dispatch_tick() as r')).rows[0]!.r;
      expect(await tick()).toBe('retries');
      expect(await tick()).toBeNull();
    });
  });

  it('wakes dispatch for an event only when the event queued a webhook delivery', async () => {
    const caller = await createCallingAccount({ label: 'wake-events', credits: 5 });
    const id = await scheduleForTomorrow(caller);
    // As the cluster's owner, in a transaction rolled back: pg_net's queue emptied first, so a
    // wake-up shows as the one request to dispatch in it.
    const db = new pg.Client({ connectionString: adminDbUrl });
    await db.connect();
    try {
      await db.query('begin');
      await db.query(`delete from net.http_request_queue`);
      const wakes = async () =>
        (
          await db.query<{ n: number }>(
            `select count(*)::int as n from net.http_request_queue where url like '%/functions/v1/dispatch'`,
          )
        ).rows[0]!.n;
      const record = () =>
        db.query(
          `select private.append_task_event($1, 'transcript.turn',
             '{"speaker":"callee","text":"Hello?","start_ms":0,"end_ms":900}'::jsonb)`,
          [id],
        );
      // No webhook on the task, no endpoint on the account: nothing to deliver, no run.
      await record();
      await record();
      expect(await wakes()).toBe(0);
      // With a webhook, the delivery it queues asks for a run at once.
      await db.query(
        `update public.tasks set webhook_url = 'https://hooks.example.com/x' where id = $1`,
        [id],
      );
      await record();
      expect(await wakes()).toBe(1);
    } finally {
      await db.query('rollback').catch(() => undefined);
      await db.end();
    }
  });

  it('tells a scheduler with nothing to do from a broken one', async () => {
    const health = async (db: pg.Client, at = 'now()') =>
      (await db.query<{ h: { status: string } }>(`select public.scheduler_health(${at}) as h`))
        .rows[0]!.h;
    await withNothingToDo(async (db) => {
      // Idle: the heartbeat's run 25 seconds ago, the tick a moment ago.
      await db.query(`delete from private.dispatch_runs`);
      await db.query(
        `insert into private.dispatch_runs (started_at, finished_at, report)
         values (now() - interval '26 seconds', now() - interval '25 seconds', '{}'::jsonb)`,
      );
      await db.query(`update private.scheduler_state set last_tick_at = now()`);
      expect(await health(db)).toMatchObject({ status: 'operational', heartbeat_seconds: 30 });
      // Dispatch unreachable (no run for over a minute although the tick goes on).
      expect(await health(db, `now() + interval '40 seconds'`)).toMatchObject({
        status: 'degraded',
      });
      // The tick stopped (pg_cron off), though a woken run was recent.
      await db.query(
        `update private.scheduler_state set last_tick_at = now() - interval '2 minutes'`,
      );
      expect(await health(db)).toMatchObject({ status: 'degraded' });
    });
  });
});
