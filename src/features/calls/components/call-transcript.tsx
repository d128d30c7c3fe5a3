import type { TranscriptTurn } from '@/lib/call-types';
import { speakerLabel } from './call-format';

/** The conversation, turn by turn; a live region, so new turns are announced as they arrive. */
export function CallTranscript({ turns, ended }: { turns: TranscriptTurn[]; ended: boolean }) {
  return (
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
                {turn.text}
              </li>
            ))
          )}
        </ol>
      </div>
    </section>
  );
}
