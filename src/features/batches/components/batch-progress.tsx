import { LIMITS } from '@contract/limits.ts';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CallOutcomeBadge, CallStatusBadge } from '@/components/call-badges';
import { callHref } from '@/config/paths';
import { downloadFile } from '@/lib/download-file';
import { toast } from '@/lib/toast';
import { endedCount, type BatchCounts } from '../api/batch-types';
import { useCancelBatch } from '../api/cancel-batch';
import { useBatch } from '../api/get-batch';
import { getBatchTasks, useBatchTasks } from '../api/get-batch-tasks';
import { resultsCsv, uploadColumnsOf } from '../api/results-csv';
import { nextAttemptWords, retryingWords } from '../api/batch-wording';

const COUNT_LABELS: [keyof BatchCounts, string][] = [
  ['scheduled', 'Scheduled'],
  ['queued', 'Queued'],
  ['in_progress', 'In progress'],
  ['succeeded', 'Succeeded'],
  ['not_achieved', 'Goal not achieved'],
  ['unreachable', 'Unreachable'],
  ['failed', 'Failed'],
  ['canceled', 'Canceled'],
];

/** Calls listed at first; the rest on request (a batch may hold 1,000). */
const SHOWN_AT_FIRST = 50;

/** The time now, moved on every `everyMs` (false: held), so "in 25 minutes" stays true. */
function useNow(everyMs: number | false) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (everyMs === false) return;
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** A batch's live progress: the bar, the counts, its calls, cancel and the results download. */
export function BatchProgress({
  userId,
  batchId,
}: {
  userId: string | undefined;
  batchId: string;
}) {
  const batch = useBatch(userId, batchId);
  const running = batch.data?.completed_at === null;
  const tasks = useBatchTasks(userId, batchId, { pollMs: running ? 3_000 : false });
  const cancel = useCancelBatch(userId, { onError: (error) => toast.error(error.message) });
  const [showAll, setShowAll] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const now = useNow(running ? 30_000 : false);

  if (batch.isPending) return <p className="text-sm text-muted-foreground">Loading the batch...</p>;
  if (batch.isError)
    return (
      <p role="alert" className="text-sm">
        We couldn&apos;t load batch {batchId}: {batch.error.message}
      </p>
    );
  const { counts } = batch.data;
  const ended = endedCount(counts);
  const percent = counts.total ? Math.round((ended / counts.total) * 100) : 100;
  const list = tasks.data ?? [];
  const retrying = running ? retryingWords(list, now) : null;

  async function downloadResults() {
    setDownloading(true);
    try {
      downloadFile(
        `${batchId}-results.csv`,
        new Blob([resultsCsv(await getBatchTasks(batchId), uploadColumnsOf(batchId))], {
          type: 'text/csv;charset=utf-8',
        }),
      );
    } catch (error) {
      toast.error((error as Error).message);
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Batch {batchId}</CardTitle>
        <CardDescription>
          {batch.data.status === 'running'
            ? `Running: at most ${LIMITS.activeCallsPerAccount} calls ring at once; the rest wait their turn.`
            : batch.data.status === 'canceled'
              ? 'Canceled: every call that had not ended was canceled.'
              : 'Completed: every call has ended.'}
          {retrying && <span className="block">{retrying}</span>}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-1">
          <div
            role="progressbar"
            aria-label="Calls ended"
            aria-valuemin={0}
            aria-valuemax={counts.total}
            aria-valuenow={ended}
            aria-valuetext={`${ended} of ${counts.total} calls ended`}
            className="h-3 w-full overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full bg-primary transition-all" style={{ width: `${percent}%` }} />
          </div>
          <p className="text-sm text-muted-foreground">
            {ended} of {counts.total} calls ended ({percent}%)
          </p>
        </div>
        <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4" aria-label="Counts">
          {COUNT_LABELS.map(([key, label]) => (
            <div key={key} className="rounded-md border p-2">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="text-lg font-semibold" data-count={key}>
                {counts[key]}
              </dd>
            </div>
          ))}
        </dl>
        <div className="flex flex-wrap gap-2">
          {running && (
            <Button
              variant="destructive"
              disabled={cancel.isPending}
              onClick={() => cancel.mutate(batchId)}
            >
              {cancel.isPending ? 'Canceling...' : 'Cancel batch'}
            </Button>
          )}
          <Button variant="outline" disabled={downloading} onClick={() => void downloadResults()}>
            {downloading ? 'Preparing...' : 'Download results (CSV)'}
          </Button>
        </div>
        {list.length > 0 && (
          <div className="grid gap-2">
            {/* A phone-wide screen scrolls the table, never the page. */}
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Calls of this batch</caption>
                <thead>
                  <tr className="text-muted-foreground">
                    <th className="py-1 font-medium">Row</th>
                    <th className="py-1 font-medium">Number</th>
                    <th className="py-1 font-medium">Status</th>
                    <th className="py-1 font-medium">Outcome</th>
                    <th className="py-1 font-medium">
                      <span className="sr-only">Call</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {(showAll ? list : list.slice(0, SHOWN_AT_FIRST)).map((task) => (
                    <tr key={task.id} className="border-t">
                      <td className="py-1">{(task.batch_index ?? 0) + 1}</td>
                      <td className="py-1 font-mono">{task.phone_number}</td>
                      <td className="py-1">
                        <CallStatusBadge status={task.status} />
                        {task.status === 'retry_scheduled' && task.next_attempt_at && (
                          <span className="block text-xs text-muted-foreground">
                            {nextAttemptWords(task.next_attempt_at, now)}
                          </span>
                        )}
                      </td>
                      <td className="py-1">
                        <CallOutcomeBadge outcome={task.outcome} />
                      </td>
                      <td className="py-1 text-right">
                        <Link
                          to={callHref(task.id)}
                          className="text-primary underline-offset-4 hover:underline"
                          aria-label={`Open the call of row ${(task.batch_index ?? 0) + 1}`}
                        >
                          Open call
                        </Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {!showAll && list.length > SHOWN_AT_FIRST && (
              <Button
                variant="outline"
                className="justify-self-start"
                onClick={() => setShowAll(true)}
              >
                Show all {list.length} calls
              </Button>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
