import { Button } from '@/components/ui/button';
import { endedCount, type Batch } from '../api/batch-types';
import { useBatches } from '../api/get-batches';

const statusLabel = { running: 'Running', completed: 'Completed', canceled: 'Canceled' } as const;

/** A running batch with nothing ringing or queued: it stays open only for later attempts. */
const waitingOnly = (batch: Batch) =>
  batch.status === 'running' &&
  batch.counts.scheduled > 0 &&
  batch.counts.queued === 0 &&
  batch.counts.in_progress === 0;

/** The account's newest batches; one opens its progress above. */
export function RecentBatches({
  userId,
  openBatchId,
  onOpen,
}: {
  userId: string | undefined;
  openBatchId: string | null;
  onOpen: (batchId: string) => void;
}) {
  const batches = useBatches(userId);
  if (batches.isPending) return <p className="text-sm text-muted-foreground">Loading...</p>;
  if (batches.isError)
    return (
      <p role="alert" className="text-sm">
        We couldn&apos;t load your batches.
      </p>
    );
  if (batches.data.length === 0)
    return <p className="text-sm text-muted-foreground">No batches yet.</p>;
  return (
    <ul className="grid gap-2 text-sm">
      {batches.data.map((batch) => (
        <li key={batch.id} className="flex flex-wrap items-center justify-between gap-2">
          <span>
            <span className="font-mono">{batch.id}</span> · {statusLabel[batch.status]} ·{' '}
            {endedCount(batch.counts)} of {batch.counts.total} ended
            {waitingOnly(batch) ? ` · ${batch.counts.scheduled} scheduled or waiting to retry` : ''}
          </span>
          <Button
            size="sm"
            variant="outline"
            disabled={batch.id === openBatchId}
            onClick={() => onOpen(batch.id)}
          >
            Open
          </Button>
        </li>
      ))}
    </ul>
  );
}
