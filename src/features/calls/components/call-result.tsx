import { useEffect, useRef } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { useCallRecording } from '../api/get-call-recording';
import { describeCallError } from './call-error';

/** "party_size" → "Party size". */
export function fieldLabel(name: string): string {
  const words = name.replace(/[_-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : name;
}

/** One value of a result, in words: not settled, yes/no, a list, or the value itself. */
export function formatResultValue(value: unknown): string {
  if (value === null || value === undefined) return 'Not settled';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value))
    return value.length === 0 ? 'None' : value.map((item) => formatResultValue(item)).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The structured result of a call as a table: one row per field of the integrator's schema. */
export function CallResult({
  result,
  note,
}: {
  result: Record<string, unknown> | null;
  note: string | null;
}) {
  if (!result) return null;
  const rows = Object.entries(result);
  return (
    <section className="grid gap-1">
      <h3 className="text-sm font-semibold">Result</h3>
      {note ? (
        <p role="note" className="text-xs text-muted-foreground">
          {note}
        </p>
      ) : null}
      <table className="w-full text-left text-sm" aria-label="Result">
        <thead className="text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="w-1/3 pr-3 font-medium">
              Field
            </th>
            <th scope="col" className="font-medium">
              Value
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([name, value]) => (
            <tr key={name} className="border-t align-top">
              <th scope="row" className="py-1 pr-3 font-normal">
                {fieldLabel(name)}{' '}
                <code className="font-mono text-xs text-muted-foreground">{name}</code>
              </th>
              <td className={value === null ? 'py-1 text-muted-foreground' : 'py-1'}>
                {formatResultValue(value)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * The call's recording, fetched with the session (the audio is never public) and played
 * from a blob URL, released when the view closes.
 */
export function CallRecording({ userId, taskId }: { userId: string | undefined; taskId: string }) {
  const recording = useCallRecording(userId, taskId, true);
  const audio = useRef<HTMLAudioElement>(null);
  const blob = recording.data;
  useEffect(() => {
    const player = audio.current;
    if (!blob || !player) return;
    const url = URL.createObjectURL(blob);
    player.src = url;
    return () => {
      player.removeAttribute('src');
      URL.revokeObjectURL(url);
    };
  }, [blob]);

  return (
    <section className="grid gap-1">
      <h3 className="text-sm font-semibold">Recording</h3>
      {recording.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {describeCallError(recording.error).message}
        </p>
      ) : blob ? (
        // The recording holds no speech to caption: it is the call's audio, transcribed above.
        // eslint-disable-next-line jsx-a11y/media-has-caption
        <audio
          controls
          ref={audio}
          className="w-full"
          aria-label="Call recording"
          preload="metadata"
        />
      ) : (
        <Skeleton className="h-10 w-full" />
      )}
    </section>
  );
}
