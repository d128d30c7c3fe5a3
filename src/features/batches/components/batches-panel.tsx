import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useApiKey } from '@/lib/api-key';
import { useSession } from '@/lib/auth/session-context';
import { BatchProgress } from './batch-progress';
import { BatchUpload } from './batch-upload';
import { RecentBatches } from './recent-batches';

/**
 * The Batches tab (and /batches): upload a CSV of up to 1,000 calls, checked row by row before it
 * is sent, then follow the batch's progress and download its results. It talks to the call API
 * with the account's key, as an integrator's system would.
 */
export function BatchesPanel() {
  const { user } = useSession();
  const apiKey = useApiKey(user?.id);
  const [openBatchId, setOpenBatchId] = useState<string | null>(null);

  if (apiKey.isPending)
    return (
      <div className="grid gap-3" aria-busy="true">
        <span className="sr-only">Loading batches...</span>
        <Skeleton className="h-32 w-full" />
      </div>
    );
  if (apiKey.isError)
    return (
      <div role="alert" className="grid justify-items-start gap-3 text-sm">
        <p>We couldn&apos;t read your API key, which batches use.</p>
        <Button size="sm" variant="outline" onClick={() => void apiKey.refetch()}>
          Try again
        </Button>
      </div>
    );
  if (!apiKey.data)
    return (
      <div className="flex items-start gap-3 rounded-md border border-dashed p-4 text-sm">
        <KeyRound className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
        <div className="grid gap-2">
          <p>
            <span className="font-medium">Generate an API key first.</span> Batches go through the
            API with your key, exactly as your own systems would call it.
          </p>
          <Button asChild size="sm" className="justify-self-start">
            <Link to={paths.dashboard.href} state={{ activeTab: 'apikey' }}>
              Go to API Keys
            </Link>
          </Button>
        </div>
      </div>
    );

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Call a list</CardTitle>
          <CardDescription>
            Upload a CSV with a header row: a <code>phone_number</code> column, a <code>goal</code>{' '}
            column or one goal for all rows, and any other columns (they come back with each call as
            metadata). Up to 1,000 rows; at most 10 calls ring at once.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <BatchUpload apiKey={apiKey.data} userId={user?.id} onCreated={setOpenBatchId} />
        </CardContent>
      </Card>
      {openBatchId && (
        <BatchProgress apiKey={apiKey.data} userId={user?.id} batchId={openBatchId} />
      )}
      <Card>
        <CardHeader>
          <CardTitle>Recent batches</CardTitle>
        </CardHeader>
        <CardContent>
          <RecentBatches
            apiKey={apiKey.data}
            userId={user?.id}
            openBatchId={openBatchId}
            onOpen={setOpenBatchId}
          />
        </CardContent>
      </Card>
    </div>
  );
}
