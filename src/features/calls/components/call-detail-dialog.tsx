import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useSession } from '@/lib/auth/session-context';
import { isTerminalStatus as isTerminal } from '@contract/task-vocabulary.ts';
import { callView } from '../api/call-view';
import { useCall } from '../api/get-call';
import { useCallEvents } from '../hooks/use-call-events';
import { CallDetailBody } from './call-detail-body';

/** A call's details in a dialog; `taskId` null closes it. */
export function CallDetailDialog({
  taskId,
  onClose,
  reconnectDelayMs,
}: {
  taskId: string | null;
  onClose: () => void;
  reconnectDelayMs?: number;
}) {
  return (
    <Dialog open={taskId !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent size="wide">
        {taskId ? (
          <CallDetailContent key={taskId} taskId={taskId} reconnectDelayMs={reconnectDelayMs} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function CallDetailContent({
  taskId,
  reconnectDelayMs,
}: {
  taskId: string;
  reconnectDelayMs?: number;
}) {
  const { user } = useSession();
  const call = useCall(user?.id, taskId);
  const ongoing = !!call.data && !isTerminal(call.data.status);
  const stream = useCallEvents({
    userId: user?.id,
    taskId,
    enabled: ongoing,
    reconnectDelayMs,
  });

  if (call.isPending) {
    return (
      <>
        <DialogHeader>
          <DialogTitle>Call details</DialogTitle>
          <DialogDescription>Loading the call...</DialogDescription>
        </DialogHeader>
        <Skeleton className="h-40 w-full" />
      </>
    );
  }

  if (call.isError || !call.data) {
    return (
      <>
        <DialogHeader>
          <DialogTitle>Call details</DialogTitle>
          <DialogDescription>
            {call.isError
              ? 'We couldn’t load this call.'
              : 'This call does not exist on your account.'}
          </DialogDescription>
        </DialogHeader>
        {call.isError ? (
          <Button
            variant="outline"
            className="justify-self-start"
            onClick={() => void call.refetch()}
          >
            Try again
          </Button>
        ) : null}
      </>
    );
  }

  return (
    <CallDetailBody
      call={callView(call.data, stream.events)}
      stream={stream}
      following={ongoing && !!user && stream.connection !== 'ended'}
      userId={user?.id}
    />
  );
}
