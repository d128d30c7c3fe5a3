import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { useCancelCall } from '../api/cancel-call';
import { describeCallError } from './call-error';

/** Cancel, with a confirmation step (the agent hangs up if the call is under way). */
export function CancelCall({ taskId, userId }: { taskId: string; userId: string | undefined }) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelCall(userId, {
    onSuccess: () => {
      setConfirming(false);
      toast.success('Call canceled');
    },
    onError: (error) => {
      setConfirming(false);
      const view = describeCallError(error);
      toast.error('Could not cancel the call', { description: view.message });
    },
  });

  if (!confirming)
    return (
      <Button variant="outline" className="justify-self-start" onClick={() => setConfirming(true)}>
        Cancel call
      </Button>
    );

  return (
    <div role="group" aria-label="Confirm cancel" className="grid gap-2 rounded-md border p-3">
      <p className="text-sm">
        Cancel this call? If it is under way the agent hangs up; minutes already talked are billed.
      </p>
      <div className="flex gap-2">
        <Button
          variant="destructive"
          size="sm"
          disabled={cancel.isPending}
          onClick={() => cancel.mutate(taskId)}
        >
          {cancel.isPending ? 'Canceling...' : 'Yes, cancel call'}
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={cancel.isPending}
          onClick={() => setConfirming(false)}
        >
          Keep calling
        </Button>
      </div>
    </div>
  );
}
