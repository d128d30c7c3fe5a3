import type { TranscriptTurn } from '@/lib/call-types';
import { formatPhone } from '@/lib/us-phone-number';
import type { CallAction } from '../api/get-call-actions';
import { speakerLabel } from './call-format';

const json = (value: unknown) => JSON.stringify(value ?? null);

/**
 * One thing the agent did besides speaking: a tool call with its answer, a search of its documents,
 * or the transfer.
 */
function ActionLine({ action }: { action: Exclude<CallAction, { kind: 'keys' }> }) {
  if (action.kind === 'transfer')
    return (
      <li className="rounded-md bg-muted px-2 py-1 text-sm" data-testid="call-transfer">
        <span className="font-semibold">Transferred</span> to {formatPhone(action.to)}
      </li>
    );
  if (action.kind === 'lookup')
    return (
      <li className="rounded-md bg-muted px-2 py-1 text-sm" data-testid="call-lookup">
        <span className="font-semibold">Looked up</span> “{action.query}”
        <div className="text-xs text-muted-foreground">
          {action.found.length
            ? `Found in ${action.found.map((one) => `${one.document} (${one.place})`).join(', ')}`
            : 'Nothing in the documents answered it'}
        </div>
      </li>
    );
  const answer = action.answer;
  return (
    <li className="rounded-md bg-muted px-2 py-1 text-sm" data-testid="call-tool">
      <span className="font-semibold">Tool {action.name}</span>{' '}
      <code className="break-all text-xs">{json(action.arguments)}</code>
      <div className="text-xs text-muted-foreground">
        {answer === null
          ? 'Waiting for the answer…'
          : answer.ok
            ? `Answered ${json(answer.result)}`
            : `Failed: ${answer.error ?? 'no answer'}`}
        {answer?.durationMs != null ? ` · ${answer.durationMs} ms` : ''}
      </div>
    </li>
  );
}

/**
 * The conversation, turn by turn, with key presses shown as keys and the agent's tool calls and
 * transfer after the conversation; a live region, so new turns are announced as they arrive.
 */
export function CallTranscript({
  turns,
  ended,
  actions = [],
}: {
  turns: TranscriptTurn[];
  ended: boolean;
  actions?: CallAction[];
}) {
  const shown = actions.filter(
    (a): a is Exclude<CallAction, { kind: 'keys' }> => a.kind !== 'keys',
  );
  return (
    <section className="grid gap-2">
      <h3 className="text-sm font-semibold">Transcript</h3>
      <div
        role="log"
        aria-label="Transcript"
        aria-live="polite"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a transcript longer than its box scrolls, and keyboard users must reach it
        tabIndex={0}
        className="max-h-72 overflow-y-auto rounded-md border p-3 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <ol className="grid gap-2">
          {turns.length === 0 ? (
            <li className="text-sm text-muted-foreground">
              {ended
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
                {turn.dtmf ? (
                  <span data-testid="call-keys">
                    pressed <kbd className="rounded border px-1 font-mono">{turn.dtmf}</kbd> on the
                    keypad
                  </span>
                ) : (
                  turn.text
                )}
              </li>
            ))
          )}
        </ol>
        {shown.length > 0 ? (
          <ol className="mt-3 grid gap-2" aria-label="During the call">
            {shown.map((action) => (
              <ActionLine key={action.seq} action={action} />
            ))}
          </ol>
        ) : null}
      </div>
    </section>
  );
}
