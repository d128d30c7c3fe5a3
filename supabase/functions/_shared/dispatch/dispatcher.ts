// One run of the scheduled work (docs/product-rules.md#retries, #task-statuses-and-outcomes,
// #events-and-webhooks): place the attempts of
// due retries, reconcile or fail stuck calls, send due webhook deliveries. Every item is claimed
// in SQL under `for update skip locked` with a lease, so concurrent runs never do a thing twice,
// and all state stays in SQL, so a run that dies halfway is simply picked up by the next.
import { eventId } from '../events/event-id.ts';
import { type Db, must } from '../db.ts';
import { TERMINAL_EVENT_BOUND_MINUTES } from '../contract/call-outcomes.ts';
import { TERMINAL_STATUSES } from '../contract/task-vocabulary.ts';
import type { BatchService } from '../tasks/batches.ts';
import type { TaskService } from '../tasks/service.ts';
import { ProviderError, type VoiceProvider } from '../voice/provider.ts';
import type { SmsNotifier } from '../sms/notify.ts';
import type { SendResult } from '../webhooks/sender.ts';

export type DispatchDeps = {
  db: Db;
  provider: VoiceProvider;
  service: TaskService;
  /** Batch events for webhooks (absent: batch deliveries are recorded as failed). */
  batches?: BatchService;
  now: () => Date;
  send: (target: { url: string; secret: string; id: string; body: string }) => Promise<SendResult>;
  /** Result texts of SMS-created tasks (absent where Twilio is not configured). */
  sms?: SmsNotifier;
  /** Minutes past max_duration_minutes before the watchdog steps in (default 5). */
  marginMinutes?: number;
  /** Minutes a call may stay queued or ringing (default 5). */
  ringTimeoutMinutes?: number;
  batchSize?: number;
  /** How long one run keeps claiming webhook rounds (default 20 s); a round started finishes. */
  webhookBudgetMs?: number;
  /**
   * The provider's concurrent calls for the whole platform (VOICE_MAX_CONCURRENT_CALLS), written
   * where SQL gives out lines at the start of each run; absent: as the database has it.
   */
  maxConcurrentCalls?: number;
  log?: (line: string) => void;
};

export type DispatchReport = {
  scheduled_placed: number;
  batch_tasks_placed: number;
  retries_placed: number;
  reconciled: number;
  failed_by_watchdog: number;
  webhooks_sent: number;
  webhooks_failed: number;
  sms_results_checked: number;
  /** Browser calls nobody hung up, ended at their max duration. */
  browser_calls_ended: number;
};

type Delivery = {
  id: string;
  user_id: string;
  task_id: string | null;
  batch_id: string | null;
  event_seq: number;
  url: string;
  attempts: number;
  /** The account endpoint it goes to (signed with that endpoint's secret); null: webhook_url. */
  endpoint_id: string | null;
  /** The body of an event that is no task's or batch's (an endpoint's test event). */
  payload: { event_id: string } | null;
};

type Stuck = {
  task_id: string;
  attempt: number;
  provider_call_id: string | null;
  provider_control_url: string | null;
  status: string;
  /** The call outlived max_duration_minutes plus the margin. */
  past_cap: boolean;
  /** The call outlived max_duration_minutes plus the terminal-event bound: it ends now. */
  past_deadline: boolean;
};

export function createDispatcher(deps: DispatchDeps) {
  const { db, provider, service } = deps;
  const margin = deps.marginMinutes ?? 5;
  const ringTimeout = deps.ringTimeoutMinutes ?? 5;
  const batch = deps.batchSize ?? 25;
  const webhookBudgetMs = deps.webhookBudgetMs ?? 20_000;
  const log = deps.log ?? ((line: string) => console.log(line));

  /** Scheduled tasks whose calling window has opened. */
  async function scheduled(at: Date): Promise<number> {
    const ids = must(
      await db.rpc('dispatch_claim_scheduled', { p_now: at.toISOString(), p_limit: batch }),
    ) as string[];
    for (const id of ids) await service.placeAttempt(id);
    return ids.length;
  }

  /**
   * Waiting tasks given the provider lines free, one at a time to the account holding the fewest,
   * within each account's call slots (SQL decides under the lines' lock, so no line is given
   * twice), placed side by side.
   */
  async function batchSlots(): Promise<number> {
    const ids = must(await db.rpc('dispatch_claim_batch_slots', { p_limit: batch })) as string[];
    for (let i = 0; i < ids.length; i += 10)
      await Promise.all(ids.slice(i, i + 10).map((id) => service.placeAttempt(id)));
    return ids.length;
  }

  async function retries(at: Date): Promise<number> {
    const ids = must(
      await db.rpc('dispatch_claim_retries', { p_now: at.toISOString(), p_limit: batch }),
    ) as string[];
    for (const id of ids) await service.placeAttempt(id);
    return ids.length;
  }

  /** Hangs up (if the provider still listens) and fails the task: no final report came. */
  async function giveUp(task: Stuck): Promise<boolean> {
    if (task.provider_call_id)
      await provider
        .endCall({ providerCallId: task.provider_call_id, controlUrl: task.provider_control_url })
        .catch(() => undefined);
    return service.failUnreconciled(task.task_id, task.attempt, 'no_final_report');
  }

  async function watchdog(at: Date): Promise<{ reconciled: number; failed: number }> {
    const stuck = must(
      await db.rpc('dispatch_claim_stuck', {
        p_now: at.toISOString(),
        p_margin_minutes: margin,
        p_ring_timeout_minutes: ringTimeout,
        p_limit: batch,
        p_deadline_minutes: TERMINAL_EVENT_BOUND_MINUTES,
      }),
    ) as Stuck[];
    let reconciled = 0;
    let failed = 0;
    for (const task of stuck) {
      const ended = (TERMINAL_STATUSES as readonly string[]).includes(task.status);
      if (task.attempt < 1) {
        // Accepted (money held) but never dialled: the placement after the response died. Place
        // it now; task_begin_attempt opens attempt 1 once, however many runs get here.
        if (!ended) await service.placeAttempt(task.task_id);
        continue;
      }
      if (!task.provider_call_id) {
        // Never confirmed by the provider: ringing past the timeout, or a minute after its task
        // ended. The task fails (or, if it ended, the attempt closes unbilled).
        if (await service.failUnreconciled(task.task_id, task.attempt, 'no_final_report')) failed++;
        continue;
      }
      try {
        const call = await provider.getCall(task.provider_call_id);
        if (call.ended) {
          // The end report was lost (or is late): settle with the provider's own figures.
          if (await service.applyVoiceEvent(task.task_id, task.attempt, call.ended)) reconciled++;
        } else if (!ended && task.past_deadline) {
          // Still live by the provider's word, past every bound we state: hang up and end it.
          if (await giveUp(task)) failed++;
        } else if (ended || (task.past_cap && task.status === 'in_progress')) {
          // Live although its task ended, or talking past its cap: hang up; the end is
          // reconciled on a later run.
          await provider
            .endCall({
              providerCallId: task.provider_call_id,
              controlUrl: task.provider_control_url,
            })
            .catch(() => undefined);
        }
      } catch (error) {
        // 404, or 400 for an id it would never have issued: the provider has no such call.
        if (error instanceof ProviderError && (error.status === 404 || error.status === 400)) {
          if (await service.failUnreconciled(task.task_id, task.attempt, 'no_final_report'))
            failed++;
        } else if (!ended && task.past_deadline) {
          // The provider cannot be asked, and the bound has passed: the task ends anyway.
          if (await giveUp(task)) failed++;
        } else log(`[dispatch] watchdog could not ask about ${task.task_id}: ${String(error)}`);
      }
    }
    return { reconciled, failed };
  }

  /**
   * Due webhook deliveries, claimed fairly across accounts and destinations in rounds and each
   * round sent in parallel (every POST has its own timeout), while rounds come back full and the
   * run's webhook time lasts; other runs may be sending at the same time.
   */
  async function webhooks(at: Date): Promise<{ sent: number; failed: number }> {
    const totals = { sent: 0, failed: 0 };
    const secrets = new Map<string, Promise<string | undefined>>();
    /** The account's secret, or the endpoint's own when the delivery goes to an endpoint. */
    function secretOf(delivery: Delivery): Promise<string | undefined> {
      const key = delivery.endpoint_id ?? delivery.user_id;
      let secret = secrets.get(key);
      if (!secret) {
        secret = (async () => {
          const rows = (
            delivery.endpoint_id
              ? must(
                  await db
                    .from('webhook_endpoint_secrets')
                    .select('secret')
                    .eq('endpoint_id', delivery.endpoint_id),
                )
              : must(
                  await db.from('webhook_secrets').select('secret').eq('user_id', delivery.user_id),
                )
          ) as { secret: string }[];
          return rows[0]?.secret;
        })();
        secrets.set(key, secret);
      }
      return secret;
    }
    async function deliver(delivery: Delivery) {
      const secret = await secretOf(delivery);
      const subject = delivery.task_id ?? delivery.batch_id ?? '';
      const event = delivery.payload
        ? delivery.payload
        : delivery.task_id
          ? await service.eventObject(delivery.task_id, delivery.event_seq)
          : delivery.batch_id && deps.batches
            ? await deps.batches.eventObject(delivery.batch_id, delivery.event_seq)
            : null;
      const result: SendResult =
        !secret || !event
          ? { statusCode: null, latencyMs: 0, error: 'The event or signing secret is missing' }
          : await deps.send({
              url: delivery.url,
              secret,
              id: delivery.payload
                ? delivery.payload.event_id
                : eventId(subject, delivery.event_seq),
              body: JSON.stringify(event),
            });
      must(
        await db.rpc('webhook_delivery_record', {
          p_delivery_id: delivery.id,
          p_attempt: delivery.attempts,
          p_status_code: result.statusCode,
          p_latency_ms: result.latencyMs,
          p_error: result.error,
          p_now: deps.now().toISOString(),
          p_response: result.response ?? null,
        }),
      );
      if (result.error === null) totals.sent++;
      else totals.failed++;
    }
    const until = Date.now() + webhookBudgetMs;
    const runStarted = deps.now().toISOString();
    while (Date.now() < until) {
      const due = must(
        await db.rpc('dispatch_claim_deliveries', {
          p_now: at.toISOString(),
          p_limit: batch,
          p_attempted_before: runStarted,
        }),
      ) as Delivery[];
      if (due.length === 0) break;
      const full = due.length === batch;
      await Promise.all(
        due.map((delivery) =>
          deliver(delivery).catch((error: unknown) =>
            log(`[dispatch] webhook delivery ${delivery.id} failed: ${String(error)}`),
          ),
        ),
      );
      // A round that was not full took all that may go now: the next wake-up or tick sends more.
      if (!full) break;
    }
    return totals;
  }

  /**
   * Result texts still owed for SMS-created tasks that have ended. The voice-events function sends
   * most of them the moment a call ends; this catches every other way a task ends (the watchdog,
   * a cancel while queued or waiting for a retry) and a send that failed. The claim sends once.
   */
  async function smsResults(): Promise<number> {
    if (!deps.sms) return 0;
    const owed = must(
      await db
        .from('sms_task_notifications')
        .select('task_id, tasks!inner(status)')
        .is('sent_at', null)
        .in('tasks.status', TERMINAL_STATUSES)
        .order('created_at')
        .limit(batch),
    ) as { task_id: string }[];
    for (const { task_id } of owed) await deps.sms.taskMayHaveEnded(task_id);
    return owed.length;
  }

  return {
    /** One pass; `at` is the dispatcher's clock (tests may pass one ahead of the wall clock). */
    async run(at: Date = deps.now()): Promise<DispatchReport> {
      if (deps.maxConcurrentCalls !== undefined)
        must(await db.rpc('provider_lines_configure', { p_max_lines: deps.maxConcurrentCalls }));
      // The watchdog judges the calls placed before this run, never one this run just dialled
      // (a test clock ahead of the wall would find it past every bound).
      const watched = await watchdog(at);
      const browserCalls = must(
        await db.rpc('web_calls_end_abandoned', { p_now: at.toISOString(), p_limit: batch }),
      ) as number;
      const started = await scheduled(at);
      // Due retries first: a running batch must not keep its own retries (or another's) waiting.
      const placed = await retries(at);
      const admitted = await batchSlots();
      const hooks = await webhooks(at);
      const texts = await smsResults();
      return {
        scheduled_placed: started,
        batch_tasks_placed: admitted,
        retries_placed: placed,
        reconciled: watched.reconciled,
        failed_by_watchdog: watched.failed,
        webhooks_sent: hooks.sent,
        webhooks_failed: hooks.failed,
        sms_results_checked: texts,
        browser_calls_ended: browserCalls,
      };
    },
  };
}
