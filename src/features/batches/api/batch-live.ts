import type { QueryClient } from '@tanstack/react-query';
import { endedCount, type Batch } from './batch-types';
import { batchesKeys } from './query-keys';

/** While any listed batch runs, the list of batches is read again this often (ms). */
export const BATCH_LIST_POLL_MS = 3_000;

/** The list's poll: on while a batch of it still runs, off once every batch has ended. */
export const batchListPollMs = (batches: Batch[] | undefined): number | false =>
  batches?.some((batch) => batch.completed_at === null) ? BATCH_LIST_POLL_MS : false;

/** The list with one batch replaced by a newer read of it (a batch not listed is left out). */
export function withBatch(list: Batch[] | undefined, batch: Batch): Batch[] | undefined {
  if (!list?.some((listed) => listed.id === batch.id)) return list;
  return list.map((listed) => (listed.id === batch.id ? batch : listed));
}

const changed = (before: Batch | undefined, after: Batch) =>
  !before ||
  before.status !== after.status ||
  endedCount(before.counts) !== endedCount(after.counts) ||
  before.counts.in_progress !== after.counts.in_progress ||
  before.counts.queued !== after.counts.queued;

/**
 * One fresh read of a batch, shown everywhere the batch appears: its entry in the list of batches
 * takes the same counts at once (the list never trails the progress panel), and its calls are read
 * again when its counts moved. Every view reads the `batchesKeys` family, so this is the one place
 * that keeps them in step.
 */
export function shareBatchRead(client: QueryClient, userId: string, batch: Batch) {
  const before = client.getQueryData<Batch>(batchesKeys.detail(userId, batch.id));
  client.setQueryData<Batch[]>(batchesKeys.list(userId), (list) => withBatch(list, batch));
  if (before && changed(before, batch))
    void client.invalidateQueries({ queryKey: batchesKeys.tasks(userId, batch.id) });
}
