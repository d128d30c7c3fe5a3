/** What GET /task/batches/{id} answers (API.md's batch object; the fields the app reads). */
export type BatchCounts = {
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

export type Batch = {
  id: string;
  object: 'batch';
  status: 'running' | 'completed' | 'canceled';
  counts: BatchCounts;
  created_at: string;
  canceled_at: string | null;
  completed_at: string | null;
};

/** A task of a batch as GET /task?batch_id= lists it (the fields the page and the CSV read). */
export type BatchTask = {
  id: string;
  status: string;
  outcome: string | null;
  phone_number: string;
  /** Null once the call content is erased (30 days after the task ended). */
  goal: string | null;
  metadata: Record<string, unknown>;
  summary: string | null;
  failure_reason: string | null;
  /** The structured result, when the batch asked for one (output_schema). */
  result?: Record<string, unknown> | null;
  duration_seconds: number;
  cost_usd: number;
  batch_id: string | null;
  /** The task's row in the batch request, from 0. */
  batch_index: number | null;
  created_at: string;
};

/** The counts of tasks that have ended. */
export const endedCount = (counts: BatchCounts) =>
  counts.succeeded + counts.not_achieved + counts.unreachable + counts.failed + counts.canceled;
