import { Radio } from 'lucide-react';
import { CallLineBadge, CallOutcomeBadge, CallStatusBadge } from '@/components/call-badges';
import { Badge } from '@/components/ui/badge';
import { DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { formatPhone } from '@/lib/us-phone-number';
import { isTerminalStatus as isTerminal } from '@contract/task-vocabulary.ts';
import { ERASED_GOAL, type CallDetail } from '@/lib/call-types';
import type { CallStreamState } from '../hooks/use-call-events';
import { CallAttempts } from './call-attempts';
import { CallFacts, JsonBlock } from './call-facts';
import { failureReasonText } from './call-format';
import { CallRecording, CallResult } from './call-result';
import { CallTranscript } from './call-transcript';
import { CALL_ACTION_EVENTS, useCallActions } from '../api/get-call-actions';
import { CancelCall } from './cancel-call-button';
import { SkipWait } from './skip-wait-button';

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

/**
 * A call as the dialog shows it (the API's snapshot with the stream's events applied): status,
 * why it failed, facts, summary, result, recording, transcript, attempts, and Cancel while it goes.
 */
export function CallDetailBody({
  call,
  stream,
  following,
  userId,
}: {
  call: CallDetail;
  stream: CallStreamState;
  following: boolean;
  userId: string | undefined;
}) {
  const note = connectionNote(stream, following);
  // Tool calls and the transfer, read again as the stream brings new events.
  const actions = useCallActions(
    userId,
    call.id,
    isTerminal(call.status),
    stream.events.filter((e) => (CALL_ACTION_EVENTS as readonly string[]).includes(e.type)).length,
  );

  return (
    <>
      <DialogHeader>
        <DialogTitle>
          {call.phone_number === null
            ? 'Browser call with your agent'
            : `${call.direction === 'inbound' ? 'Call from' : 'Call to'} ${formatPhone(call.phone_number)}`}
        </DialogTitle>
        <DialogDescription className="whitespace-pre-wrap break-words">
          {call.goal ?? ERASED_GOAL}
        </DialogDescription>
      </DialogHeader>
      <p className="text-sm text-muted-foreground" data-testid="call-from-number">
        {call.direction === 'inbound'
          ? `To your number ${call.from_number ? formatPhone(call.from_number) : ''}.`
          : call.from_number === undefined
            ? null
            : call.from_number
              ? `Shown to the callee as ${formatPhone(call.from_number)}${call.livemode === false ? ' (fictional: a test call)' : ''}.`
              : "Shown to the callee as the platform's shared number."}
      </p>

      <div className="flex flex-wrap items-center gap-2">
        <span className="sr-only">Status:</span>
        <span data-testid="call-status">
          <CallStatusBadge status={call.status} />
        </span>
        <span className="sr-only">Outcome:</span>
        <CallOutcomeBadge outcome={call.outcome} />
        {call.call_outcome ? (
          <>
            <span className="sr-only">Call:</span>
            <CallLineBadge callOutcome={call.call_outcome} />
          </>
        ) : null}
        {call.simulated ? <Badge variant="secondary">Simulated</Badge> : null}
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
      {call.call_outcome_evidence ? (
        <p className="text-xs text-muted-foreground" data-testid="call-outcome-evidence">
          {call.call_outcome_evidence}
        </p>
      ) : null}
      {call.failure_reason ? (
        <p
          role="note"
          className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm"
        >
          <span className="font-medium">Why it failed:</span>{' '}
          {failureReasonText(call.failure_reason)}
        </p>
      ) : null}

      {call.simulated ? (
        <p className="text-xs text-muted-foreground" data-testid="simulated-note">
          Simulated calls run faster than real time: Started and Ended are the real moments the call
          connected and ended, while the duration and the transcript&apos;s times are the simulated
          conversation&apos;s.
        </p>
      ) : null}
      <CallFacts call={call} />

      {call.summary ? (
        <section className="grid gap-1">
          <h3 className="text-sm font-semibold">Summary</h3>
          <p className="text-sm">{call.summary}</p>
        </section>
      ) : null}

      <CallResult result={call.result} note={call.result_note} />
      {recordingAvailable(call) ? (
        <CallRecording userId={userId} taskId={call.id} />
      ) : (
        <RecordingNotice status={call.record ? call.recording_status : null} />
      )}

      <CallTranscript
        turns={call.transcript}
        ended={isTerminal(call.status)}
        actions={actions.data ?? []}
      />

      <CallAttempts attempts={call.attempts} />

      <JsonBlock label="Metadata" value={call.metadata} />
      <JsonBlock label="Context" value={call.context} />

      <SkipWait call={call} userId={userId} />
      {!isTerminal(call.status) && userId ? <CancelCall taskId={call.id} userId={userId} /> : null}
    </>
  );
}

/**
 * The recording is in storage and its retention has not run out. It is copied from the provider
 * after the call ends, so a finished call may still be `pending` for a moment: asking for the audio
 * then would fail, and the player waits for `available`.
 */
function recordingAvailable(call: CallDetail): boolean {
  return (
    call.record &&
    call.recording_status === 'available' &&
    !!call.recording_expires_at &&
    Date.parse(call.recording_expires_at) > Date.now()
  );
}

/** What a recorded call shows instead of a player: the copy under way, or why there is none. */
function RecordingNotice({ status }: { status: CallDetail['recording_status'] }) {
  if (status !== 'pending' && status !== 'failed') return null;
  return (
    <section className="grid gap-1">
      <h3 className="text-sm font-semibold">Recording</h3>
      <p role="status" className="text-sm text-muted-foreground">
        {status === 'pending'
          ? 'The recording is being saved. It will appear here in a moment.'
          : 'The recording of this call could not be saved.'}
      </p>
    </section>
  );
}
