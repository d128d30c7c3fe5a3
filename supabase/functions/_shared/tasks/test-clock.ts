// POST /task/{id}/test-clock/advance and POST /task/batches/{id}/test-clock/advance: a waiting test
// task's clock moves ahead, as Stripe's test clocks do, so whatever it waits for (its calling
// window, schedule_at, a retry) comes that much sooner (docs/product-rules.md#test-mode).
import { z } from 'npm:zod@^4.1.0';
import type { Owner } from '../accounts/session.ts';
import { type Db, must } from '../db.ts';
import { ServiceError } from '../errors.ts';
import type { BatchService } from './batches.ts';
import { parseOrThrow } from './schema.ts';
import type { TaskService } from './service.ts';
import { taskNotFound, testClockInLiveMode } from './task-wording.ts';

/** At most 30 days at once: the farthest a schedule_at can be. */
export const MAX_ADVANCE_MINUTES = 30 * 24 * 60;

export const advanceClockSchema = z.strictObject(
  {
    minutes: z
      .int({ error: 'minutes must be a whole number of minutes, like 60' })
      .min(1, { error: 'minutes must be at least 1' })
      .max(MAX_ADVANCE_MINUTES, {
        error: `minutes must be at most ${MAX_ADVANCE_MINUTES} (30 days)`,
      }),
  },
  { error: 'The body must be an object like {"minutes": 60}' },
);

type Advanced = { error?: string; status?: string; advanced?: number };

function refused(result: Advanced, notFound: () => ServiceError): ServiceError | null {
  if (!result.error) return null;
  if (result.error === 'not_found') return notFound();
  if (result.error === 'test_clock_in_live_mode') return testClockInLiveMode();
  if (result.error === 'task_not_waiting')
    return new ServiceError(
      'invalid_request',
      `This task is ${result.status}: only a task that waits (scheduled, or retry_scheduled) has a clock to advance.`,
    );
  throw new Error(`test clock: unexpected answer ${JSON.stringify(result)}`);
}

export function testClocks(deps: {
  db: Db;
  tasks: Pick<TaskService, 'get'>;
  batches: Pick<BatchService, 'get'>;
}) {
  return {
    /** Advances one waiting test task's clock; answers the task as it then is. */
    async advanceTask(owner: Owner, taskId: string, body: unknown) {
      const { minutes } = parseOrThrow(advanceClockSchema, body);
      // Read first: another mode's or account's task is "not found" before anything moves.
      await deps.tasks.get(owner, taskId);
      const result = must(
        await deps.db.rpc('task_test_clock_advance', {
          p_user_id: owner.userId,
          p_task_id: taskId,
          p_minutes: minutes,
        }),
      ) as Advanced;
      const error = refused(result, () => taskNotFound(taskId));
      if (error) throw error;
      return await deps.tasks.get(owner, taskId);
    },

    /** Advances the clocks of a test batch's waiting tasks; answers the batch and how many moved. */
    async advanceBatch(owner: Owner, batchId: string, body: unknown) {
      const { minutes } = parseOrThrow(advanceClockSchema, body);
      await deps.batches.get(owner, batchId);
      const result = must(
        await deps.db.rpc('batch_test_clock_advance', {
          p_user_id: owner.userId,
          p_batch_id: batchId,
          p_minutes: minutes,
        }),
      ) as Advanced;
      const error = refused(
        result,
        () => new ServiceError('not_found', `No batch ${batchId} exists.`),
      );
      if (error) throw error;
      return { ...(await deps.batches.get(owner, batchId)), tasks_advanced: result.advanced ?? 0 };
    },
  };
}
