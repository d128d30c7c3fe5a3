import { useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useSession } from '@/lib/auth/session-context';
import { CallDetailDialog } from './call-detail-dialog';
import { CallsList } from './calls-list';
import { ModeSwitch } from './mode-switch';
import { PlaceTestCallForm } from './place-test-call-form';

/**
 * The Calls tab (and /calls): a test call form, the list of calls, and a call's details with
 * its live transcript. A call placed here opens at once, so its transcript is seen as it is said.
 */
export function CallsPanel() {
  const { user } = useSession();
  const [openTaskId, setOpenTaskId] = useState<string | null>(null);

  return (
    <div className="grid gap-6">
      <ModeSwitch />
      <Card>
        <CardHeader>
          <CardTitle>Place a test call</CardTitle>
          <CardDescription>
            Our AI agent calls the number and pursues the goal; you see the transcript as it
            happens. It goes through the call API and is billed like any call (first 100 minutes
            free).
          </CardDescription>
        </CardHeader>
        <CardContent>
          <PlaceTestCallForm onPlaced={setOpenTaskId} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Calls</CardTitle>
          <CardDescription>Every call of your account, newest first.</CardDescription>
        </CardHeader>
        <CardContent>
          <CallsList
            userId={user?.id}
            onOpen={setOpenTaskId}
            // An open call follows its own event stream and refreshes the list when it ends.
            activePollMs={openTaskId ? false : undefined}
          />
        </CardContent>
      </Card>
      <CallDetailDialog taskId={openTaskId} onClose={() => setOpenTaskId(null)} />
    </div>
  );
}
