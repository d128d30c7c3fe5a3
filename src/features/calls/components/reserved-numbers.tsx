import { Button } from '@/components/ui/button';
import { SIMULATED_NUMBERS } from '@contract/simulated-numbers.ts';
import { formatPhone } from '@/lib/us-phone-number';

/**
 * The simulated phone network's scripted callees (local stack only):
 * the last four digits choose what happens.
 */
export const reservedNumbers = SIMULATED_NUMBERS;

/** True when the app talks to a local stack (`npm run dev`), where reserved numbers work. */
export function isLocalStack(supabaseUrl: string): boolean {
  try {
    const { hostname } = new URL(supabaseUrl);
    return hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]';
  } catch {
    return false;
  }
}

/** The reserved numbers with a 'Use' button each that fills the phone field. */
export function ReservedNumbers({ onUse }: { onUse: (number: string) => void }) {
  return (
    <details open className="rounded-md border bg-muted/40 p-3 text-sm">
      <summary className="cursor-pointer font-medium">
        Local phone network: numbers with a known script
      </summary>
      <p className="mt-2 text-muted-foreground">
        This app talks to your local stack, whose simulated network answers these numbers the same
        way every time. Any other US number behaves like the first one.
      </p>
      <ul className="mt-2 grid gap-1">
        {reservedNumbers.map(({ number, behaviour }) => (
          <li key={number} className="flex items-center gap-3">
            <Button
              type="button"
              size="xs"
              variant="outline"
              aria-label={`Use ${formatPhone(number)}`}
              onClick={() => onUse(number)}
            >
              Use
            </Button>
            <span className="whitespace-nowrap font-mono text-xs tabular-nums">
              {formatPhone(number)}
            </span>
            <span className="text-muted-foreground">{behaviour}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
