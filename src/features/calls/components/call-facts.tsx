import type { ReactNode } from 'react';
import { formatDateTime } from '@/lib/format';
import type { CallDetail } from '@/lib/call-types';
import { formatCallCost, formatCalleeTime, formatDuration } from './call-format';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

/** Times, money, the agent and the task id of a call. */
export function CallFacts({ call }: { call: CallDetail }) {
  const connected = call.attempts.some((a) => a.status === 'success') || call.duration_seconds > 0;
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      <Field label="Started">{call.started_at ? formatDateTime(call.started_at) : '—'}</Field>
      <Field label="Ended">{call.ended_at ? formatDateTime(call.ended_at) : '—'}</Field>
      <Field label="Duration">{formatDuration(call.duration_seconds, connected)}</Field>
      <Field label="Cost">{formatCallCost(call)}</Field>
      <Field label="Billed minutes">{call.billed_minutes}</Field>
      <Field label="Free minutes used">{call.free_minutes_used}</Field>
      <Field label="Agent">
        {call.voice}, {call.speaking_style}, {call.language}
      </Field>
      <Field label="Max duration">{call.max_duration_minutes} min</Field>
      {call.status === 'scheduled' && call.scheduled_for ? (
        <Field label="Rings at (callee's time)">
          {formatCalleeTime(call.scheduled_for, call.time_zones)}
        </Field>
      ) : null}
      {call.next_attempt_at ? (
        <Field label="Next attempt">{formatDateTime(call.next_attempt_at)}</Field>
      ) : null}
      <Field label="Task id">
        <code className="break-all font-mono text-xs">{call.id}</code>
      </Field>
    </dl>
  );
}

/** A JSON object of the call (metadata, context), when it holds anything. */
export function JsonBlock({ label, value }: { label: string; value: Record<string, unknown> }) {
  if (!value || Object.keys(value).length === 0) return null;
  return (
    <section className="grid gap-1">
      <h3 className="text-sm font-semibold">{label}</h3>
      <pre className="overflow-x-auto rounded-md bg-muted p-3 font-mono text-xs">
        {JSON.stringify(value, null, 2)}
      </pre>
    </section>
  );
}
