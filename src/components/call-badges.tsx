import { Badge } from '@/components/ui/badge';
import { CALL_OUTCOME_LABELS, type CallOutcome } from '@contract/call-outcomes.ts';
import {
  TASK_OUTCOME_LABELS,
  TASK_STATUS_LABELS,
  type TaskOutcome,
  type TaskStatus,
} from '@contract/task-vocabulary.ts';

type Variant = 'default' | 'secondary' | 'success' | 'destructive' | 'outline';

const statusVariant: Record<TaskStatus, Variant> = {
  scheduled: 'secondary',
  queued: 'secondary',
  ringing: 'default',
  in_progress: 'default',
  retry_scheduled: 'secondary',
  success: 'secondary',
  no_answer: 'outline',
  busy: 'outline',
  voicemail: 'outline',
  failed: 'destructive',
  canceled: 'outline',
};

const outcomeVariant: Record<TaskOutcome, Variant> = {
  achieved: 'success',
  not_achieved: 'outline',
  unknown: 'secondary',
};

/** A call's status (docs/product-rules.md#task-statuses-and-outcomes), named in words. */
export function CallStatusBadge({ status }: { status: string }) {
  const known = status in statusVariant;
  const label = known ? TASK_STATUS_LABELS[status as TaskStatus] : status;
  const variant = known ? statusVariant[status as TaskStatus] : 'outline';
  return (
    <Badge variant={variant} data-status={status}>
      {label}
    </Badge>
  );
}

/** Whether the goal was met; nothing while the call has no outcome yet. */
export function CallOutcomeBadge({ outcome }: { outcome: string | null }) {
  if (!outcome) return <span className="text-muted-foreground">—</span>;
  const known = outcome in outcomeVariant;
  const label = known ? TASK_OUTCOME_LABELS[outcome as TaskOutcome] : outcome;
  return (
    <Badge variant={known ? outcomeVariant[outcome as TaskOutcome] : 'outline'}>{label}</Badge>
  );
}

/** What became of the call (person, voicemail, busy…); nothing before a call ended. */
export function CallLineBadge({ callOutcome }: { callOutcome: string | null }) {
  if (!callOutcome) return null;
  const known = callOutcome in CALL_OUTCOME_LABELS;
  const label = known ? CALL_OUTCOME_LABELS[callOutcome as CallOutcome] : callOutcome;
  return (
    <Badge
      variant={callOutcome === 'human_answered' ? 'secondary' : 'outline'}
      data-call-outcome={callOutcome}
    >
      {label}
    </Badge>
  );
}
