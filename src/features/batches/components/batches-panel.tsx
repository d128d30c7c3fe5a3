import { LIMITS } from '@contract/limits.ts';
import { useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useSession } from '@/lib/auth/session-context';
import { BatchProgress } from './batch-progress';
import { BatchUpload } from './batch-upload';
import { RecentBatches } from './recent-batches';

/**
 * The Batches tab (and /batches): upload a CSV of up to 1,000 calls, checked row by row before it
 * is sent, then follow the batch's progress and download its results. It talks to the call API
 * with the signed-in user's session.
 */
export function BatchesPanel() {
  const { user } = useSession();
  const [openBatchId, setOpenBatchId] = useState<string | null>(null);

  if (!user) return null;

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Call a list</CardTitle>
          <CardDescription>
            Upload a CSV with a header row: a <code>phone_number</code> column, a <code>goal</code>{' '}
            column or one goal for all rows, and any other columns (they come back with each call as
            metadata). Up to {LIMITS.batchMaxRows.toLocaleString('en-US')} rows; at most{' '}
            {LIMITS.activeCallsPerAccount} calls ring at once.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <BatchUpload userId={user.id} onCreated={setOpenBatchId} />
        </CardContent>
      </Card>
      {openBatchId && <BatchProgress userId={user.id} batchId={openBatchId} />}
      <Card>
        <CardHeader>
          <CardTitle>Recent batches</CardTitle>
        </CardHeader>
        <CardContent>
          <RecentBatches userId={user.id} openBatchId={openBatchId} onOpen={setOpenBatchId} />
        </CardContent>
      </Card>
    </div>
  );
}
