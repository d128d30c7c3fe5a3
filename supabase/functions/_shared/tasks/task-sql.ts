// The task service's hot reads over the instance's direct database pool (../db/pool.ts), one
// round trip each, shaped exactly as PostgREST answers them (row_to_json / json_agg), so the
// service treats both the same.
import type { SqlPool } from '../db/pool.ts';
import { type BatchTaskDefaults, withBatchDefaults } from './batch-defaults.ts';
import {
  ATTEMPT_COLUMNS,
  CONSENT_COLUMNS,
  TASK_COLUMNS,
  type AttemptRow,
  type ConsentRecord,
  type TaskRow,
} from './task-object.ts';

export type TaskEventRow = {
  seq: number;
  type: string;
  data: Record<string, unknown>;
  created_at: string;
};

export type TaskSql = {
  /**
   * A task and its attempts (by number), read in one statement; `forEvents`: over the events'
   * pool (the final task a task.completed event carries).
   */
  readTask(
    taskId: string,
    forEvents?: boolean,
  ): Promise<{ row: TaskRow; attempts: AttemptRow[] } | null>;
  /** Events after `afterSeq`, oldest first. */
  eventsAfter(taskId: string, afterSeq: number, limit: number): Promise<TaskEventRow[]>;
};

/** `eventsPool`: where the live streams' reads of new events go (default: `pool`). */
export function createTaskSql(pool: SqlPool, eventsPool: SqlPool = pool): TaskSql {
  const readTaskSql = `select
      (select row_to_json(t) from (select ${TASK_COLUMNS} from public.tasks where id = $1) t) as task,
      (select b.task_defaults from public.tasks t join public.batches b on b.id = t.batch_id
        where t.id = $1) as batch_defaults,
      (select row_to_json(c) from (select ${CONSENT_COLUMNS} from public.task_consents
        where task_id = $1) c) as consent,
      (select coalesce(json_agg(a order by a.number), '[]'::json)
         from (select ${ATTEMPT_COLUMNS} from public.task_attempts where task_id = $1) a) as attempts`;
  return {
    async readTask(taskId, forEvents = false) {
      const [found] = await (forEvents ? eventsPool : pool).query<{
        task: TaskRow | null;
        attempts: AttemptRow[];
        batch_defaults: BatchTaskDefaults | null;
        consent: ConsentRecord | null;
      }>(readTaskSql, [taskId]);
      return found?.task
        ? {
            row: { ...withBatchDefaults(found.task, found.batch_defaults), consent: found.consent },
            attempts: found.attempts,
          }
        : null;
    },
    async eventsAfter(taskId, afterSeq, limit) {
      const [found] = await eventsPool.query<{ events: TaskEventRow[] }>(
        `select coalesce(json_agg(e order by e.seq), '[]'::json) as events
           from (select seq, type, data, created_at from public.task_events
                  where task_id = $1 and seq > $2 order by seq limit $3) e`,
        [taskId, afterSeq, limit],
      );
      return found?.events ?? [];
    },
  };
}
