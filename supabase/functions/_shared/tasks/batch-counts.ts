// What a batch's `counts` name, from its tasks' status and outcome. Every task is in exactly one
// count, so the nine add up to `total`:
//   scheduled    waiting for a time: `scheduled` (calling window or schedule_at) or `retry_scheduled`
//   queued       `queued`: waiting for one of the account's call slots (activeCallsPerAccount), or being dialled
//   in_progress  `ringing` or `in_progress`
//   succeeded    `success` with outcome `achieved` or `unknown` (the conversation took place)
//   not_achieved `success` with outcome `not_achieved` (the callee declined, or opted out)
//   unreachable  `no_answer`, `busy` or `voicemail` after the last attempt
//   failed       `failed` (the carrier or provider failed the call, or `insufficient_credits`)
//   canceled     `canceled`

export const BATCH_COUNT_KEYS = [
  'scheduled',
  'queued',
  'in_progress',
  'succeeded',
  'not_achieved',
  'unreachable',
  'failed',
  'canceled',
] as const;

export type BatchCountKey = (typeof BATCH_COUNT_KEYS)[number];
export type BatchCounts = { total: number } & Record<BatchCountKey, number>;

/** The count a task of this status and outcome is in. */
export function batchCountOf(status: string, outcome: string | null): BatchCountKey {
  switch (status) {
    case 'scheduled':
    case 'retry_scheduled':
      return 'scheduled';
    case 'queued':
      return 'queued';
    case 'ringing':
    case 'in_progress':
      return 'in_progress';
    case 'success':
      return outcome === 'not_achieved' ? 'not_achieved' : 'succeeded';
    case 'no_answer':
    case 'busy':
    case 'voicemail':
      return 'unreachable';
    case 'canceled':
      return 'canceled';
    default:
      return 'failed';
  }
}

/** The counts from the number of tasks per (status, outcome). */
export function batchCounts(
  groups: { status: string; outcome: string | null; count: number }[],
): BatchCounts {
  const counts: BatchCounts = {
    total: 0,
    scheduled: 0,
    queued: 0,
    in_progress: 0,
    succeeded: 0,
    not_achieved: 0,
    unreachable: 0,
    failed: 0,
    canceled: 0,
  };
  for (const group of groups) {
    counts[batchCountOf(group.status, group.outcome)] += group.count;
    counts.total += group.count;
  }
  return counts;
}
