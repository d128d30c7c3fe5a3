import { Radio } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/format';
import { useSession } from '@/lib/auth/session-context';
import { useCancelCall } from '../api/cancel-call';
import { ERASED_GOAL, isTerminal, type CallDetail } from '@/lib/call-types';
import { useCall } from '../api/get-call';
import { useApiKey } from '@/lib/api-key';
import { useCallEvents, type CallStreamState } from '../hooks/use-call-events';
import { CallOutcomeBadge, CallStatusBadge } from '@/components/call-badges';
import { CallRecording, CallResult } from './call-result';
import { describeCallError } from './call-error';
import { formatCallCost, formatCalleeTime, formatDuration, speakerLabel } from './call-format';
import { formatPhone } from '@/lib/us-phone-number';

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

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

function JsonBlock({ label, value }: { label: string; value: Record<string, unknown> }) {
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

function connectionNote(stream: CallStreamState, following: boolean): string | null {
  if (!following) return null;
  switch (stream.connection) {
    case 'idle':
    case 'connecting':
      return 'Connecting to the live call…';
    case 'live':
      return 'Live';
    case 'reconnecting':
      return 'Connection dropped; resuming…';
    default:
      return null;
  }
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
  const apiKey = useApiKey(user?.id);
  const ongoing = !!call.data && !isTerminal(call.data.status);
  const stream = useCallEvents({
    userId: user?.id,
    taskId,
    apiKey: apiKey.data,
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
      call={call.data}
      stream={stream}
      following={ongoing && !!apiKey.data && stream.connection !== 'ended'}
      apiKey={apiKey.data ?? null}
      userId={user?.id}
    />
  );
}

function CallDetailBody({
  call,
  stream,
  following,
  apiKey,
  userId,
}: {
  call: CallDetail;
  stream: CallStreamState;
  following: boolean;
  apiKey: string | null;
  userId: string | undefined;
}) {
  const status = isTerminal(call.status) ? call.status : (stream.status ?? call.status);
  const turns = stream.turns.length > 0 ? stream.turns : call.transcript;
  const note = connectionNote(stream, following);
  const connected = call.attempts.some((a) => a.status === 'success') || call.duration_seconds > 0;

  return (
    <>
      <DialogHeader>
        <DialogTitle>Call to {formatPhone(call.phone_number)}</DialogTitle>
        <DialogDescription className="whitespace-pre-wrap break-words">
          {call.goal ?? ERASED_GOAL}
        </DialogDescription>
      </DialogHeader>

      <div className="flex flex-wrap items-center gap-2">
        <span className="sr-only">Status:</span>
        <span data-testid="call-status">
          <CallStatusBadge status={status} />
        </span>
        <span className="sr-only">Outcome:</span>
        <CallOutcomeBadge outcome={call.outcome} />
        {note ? (
          <span
            className="ml-auto flex items-center gap-1 text-xs text-muted-foreground"
            role="status"
          >
            <Radio className="size-3.5 motion-safe:animate-pulse" aria-hidden />
            {note}
          </span>
        ) : null}
      </div>

      {stream.error && !isTerminal(call.status) ? (
        <p role="alert" className="text-sm text-destructive">
          {stream.error}
        </p>
      ) : null}
      {!isTerminal(call.status) && !apiKey ? (
        <p className="text-sm text-muted-foreground">
          Generate an API key to follow this call live and to cancel it.
        </p>
      ) : null}
      {call.failure_reason ? (
        <p
          role="note"
          className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm"
        >
          <span className="font-medium">Why it failed:</span> {call.failure_reason}
        </p>
      ) : null}

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

      {call.summary ? (
        <section className="grid gap-1">
          <h3 className="text-sm font-semibold">Summary</h3>
          <p className="text-sm">{call.summary}</p>
        </section>
      ) : null}

      <CallResult result={call.result} note={call.result_note} />
      {hasRecording(call) ? (
        <CallRecording userId={userId} taskId={call.id} apiKey={apiKey} />
      ) : null}

      <section className="grid gap-2">
        <h3 className="text-sm font-semibold">Transcript</h3>
        <div
          role="log"
          aria-label="Transcript"
          aria-live="polite"
          className="max-h-72 overflow-y-auto rounded-md border p-3"
        >
          <ol className="grid gap-2">
            {turns.length === 0 ? (
              <li className="text-sm text-muted-foreground">
                {isTerminal(call.status)
                  ? 'No conversation took place on this call.'
                  : 'The transcript appears here as the call is answered.'}
              </li>
            ) : (
              turns.map((turn, index) => (
                <li key={index} className="text-sm">
                  <span
                    className={
                      turn.speaker === 'agent'
                        ? 'font-semibold text-primary'
                        : 'font-semibold text-foreground'
                    }
                  >
                    {speakerLabel(turn.speaker)}:
                  </span>{' '}
                  {turn.text}
                </li>
              ))
            )}
          </ol>
        </div>
      </section>

      {call.attempts.length > 0 ? (
        <section className="grid gap-1">
          <h3 className="text-sm font-semibold">Attempts</h3>
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="pr-3 font-medium">
                  #
                </th>
                <th scope="col" className="pr-3 font-medium">
                  Status
                </th>
                <th scope="col" className="pr-3 font-medium">
                  Started
                </th>
                <th scope="col" className="font-medium">
                  Ended
                </th>
              </tr>
            </thead>
            <tbody>
              {call.attempts.map((attempt) => (
                <tr key={attempt.number}>
                  <td className="pr-3 tabular-nums">{attempt.number}</td>
                  <td className="pr-3">
                    <CallStatusBadge status={attempt.status} />
                  </td>
                  <td className="pr-3 text-muted-foreground">
                    {attempt.started_at ? formatDateTime(attempt.started_at) : '—'}
                  </td>
                  <td className="text-muted-foreground">
                    {attempt.ended_at ? formatDateTime(attempt.ended_at) : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}

      <JsonBlock label="Metadata" value={call.metadata} />
      <JsonBlock label="Context" value={call.context} />

      {!isTerminal(call.status) && apiKey ? (
        <CancelCall apiKey={apiKey} taskId={call.id} userId={userId} />
      ) : null}
    </>
  );
}

/** A recording is kept for this call and its retention has not run out. */
function hasRecording(call: CallDetail): boolean {
  return (
    call.record && !!call.recording_expires_at && Date.parse(call.recording_expires_at) > Date.now()
  );
}

/** Cancel, with a confirmation step (the agent hangs up if the call is under way). */
function CancelCall({
  apiKey,
  taskId,
  userId,
}: {
  apiKey: string;
  taskId: string;
  userId: string | undefined;
}) {
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
          onClick={() => cancel.mutate({ apiKey, taskId })}
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
