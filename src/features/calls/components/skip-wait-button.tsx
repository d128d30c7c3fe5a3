import { Button } from '@/components/ui/button';
import type { CallDetail } from '@/lib/call-types';
import { toast } from '@/lib/toast';
import { useAdvanceTestClock } from '../api/advance-test-clock';
import { describeCallError } from './call-error';

/** When a waiting test call is due: its retry, or its scheduled time (window or schedule_at). */
function dueAt(call: CallDetail): string | null {
  if (call.livemode !== false) return null;
  if (call.status === 'retry_scheduled') return call.next_attempt_at ?? null;
  if (call.status === 'scheduled') return call.scheduled_for ?? null;
  return null;
}

/** The whole minutes from `now` to `due`, at least one (the API's unit). */
export function minutesUntil(due: string, now = Date.now()): number {
  return Math.max(1, Math.ceil((Date.parse(due) - now) / 60_000));
}

/**
 * Test mode's "skip the wait": advances the call's test clock to when it is due, so a newcomer sees
 * a retry or a call scheduled for the morning placed now instead of waiting for it.
 */
export function SkipWait({ call, userId }: { call: CallDetail; userId: string | undefined }) {
  const advance = useAdvanceTestClock(userId, {
    onSuccess: () => toast.success('Test clock advanced: the call is placed now'),
    onError: (error) =>
      toast.error('Could not advance the test clock', {
        description: describeCallError(error).message,
      }),
  });
  const due = dueAt(call);
  if (!due || !userId) return null;
  const minutes = minutesUntil(due);
  return (
    <div className="grid gap-1">
      <Button
        variant="outline"
        className="justify-self-start"
        disabled={advance.isPending}
        onClick={() => advance.mutate({ taskId: call.id, minutes })}
      >
        {advance.isPending ? 'Advancing...' : 'Skip the wait'}
      </Button>
      <p className="text-xs text-muted-foreground">
        Test mode: moves this call&apos;s test clock {minutes} min ahead, to when it is due.
      </p>
    </div>
  );
}
