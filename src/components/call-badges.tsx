import { Badge } from '@/components/ui/badge';
import type { TaskOutcome, TaskStatus } from '@/lib/call-types';

type Variant = 'default' | 'secondary' | 'success' | 'destructive' | 'outline';

const statusLook: Record<TaskStatus, { label: string; variant: Variant }> = {
  scheduled: { label: 'Scheduled', variant: 'secondary' },
  queued: { label: 'Queued', variant: 'secondary' },
  ringing: { label: 'Ringing', variant: 'default' },
  in_progress: { label: 'In progress', variant: 'default' },
  retry_scheduled: { label: 'Retry scheduled', variant: 'secondary' },
  // The call itself completed; whether the goal was met is the outcome's to say.
  success: { label: 'Completed', variant: 'secondary' },
  no_answer: { label: 'No answer', variant: 'outline' },
  busy: { label: 'Busy', variant: 'outline' },
  voicemail: { label: 'Voicemail', variant: 'outline' },
  failed: { label: 'Failed', variant: 'destructive' },
  canceled: { label: 'Canceled', variant: 'outline' },
};

const outcomeLook: Record<TaskOutcome, { label: string; variant: Variant }> = {
  achieved: { label: 'Goal achieved', variant: 'success' },
  not_achieved: { label: 'Goal not achieved', variant: 'outline' },
  unknown: { label: 'Outcome unknown', variant: 'secondary' },
};

/** A call's status (docs/product-rules.md#task-statuses-and-outcomes), named in words. */
export function CallStatusBadge({ status }: { status: string }) {
  const look = statusLook[status as TaskStatus] ?? { label: status, variant: 'outline' as const };
  return (
    <Badge variant={look.variant} data-status={status}>
      {look.label}
    </Badge>
  );
}

/** Whether the goal was met; nothing while the call has no outcome yet. */
export function CallOutcomeBadge({ outcome }: { outcome: string | null }) {
  if (!outcome) return <span className="text-muted-foreground">—</span>;
  const look = outcomeLook[outcome as TaskOutcome] ?? {
    label: outcome,
    variant: 'outline' as const,
  };
  return <Badge variant={look.variant}>{look.label}</Badge>;
}
