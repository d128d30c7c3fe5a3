// Work that runs after the response is sent. Supabase's edge runtime keeps an instance alive for
// promises handed to EdgeRuntime.waitUntil; the local runtime is one long-lived Deno process, so
// there the promise simply runs on. Failures are logged: the dispatcher picks up what is left.
import { describeError } from './errors.ts';

type EdgeRuntimeGlobal = { waitUntil?: (promise: Promise<unknown>) => void };

export function runAfterResponse(label: string, work: () => Promise<unknown>): void {
  const running = Promise.resolve()
    .then(work)
    .catch((error: unknown) => console.error(`[${label}] ${describeError(error)}`));
  (globalThis as { EdgeRuntime?: EdgeRuntimeGlobal }).EdgeRuntime?.waitUntil?.(running);
}
