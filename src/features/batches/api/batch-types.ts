import type { components } from '@/lib/api/call-api.generated';
import type { ApiTask } from '@/lib/call-types';

type Task = ApiTask;

/** What GET /task/batches/{id} answers (the batch object, generated from openapi.yaml). */
export type BatchCounts = components['schemas']['BatchCounts'];
export type Batch = components['schemas']['Batch'];

/** A task of a batch as GET /task?batch_id= lists it (the fields the page and the CSV read). */
export type BatchTask = Pick<
  Task,
  | 'id'
  | 'status'
  | 'outcome'
  | 'phone_number'
  | 'goal'
  | 'summary'
  | 'failure_reason'
  | 'call_outcome'
  | 'duration_seconds'
  | 'cost_usd'
  | 'batch_id'
  | 'batch_index'
  | 'created_at'
  | 'started_at'
  | 'ended_at'
  | 'next_attempt_at'
> & {
  /** Optional so older fixtures need not list them: the CSV reads them as empty. */
  attempts?: Task['attempts'];
  transcript?: Task['transcript'];
} & {
  // The API describes these as free-form JSON objects.
  metadata: Record<string, unknown>;
  result?: Record<string, unknown> | null;
};

/** The counts of tasks that have ended. */
export const endedCount = (counts: BatchCounts) =>
  counts.succeeded + counts.not_achieved + counts.unreachable + counts.failed + counts.canceled;
