/**
 * Waits for a condition instead of a fixed time: reads until `done` holds, then returns the value.
 * The deadline is generous (a loaded two-core machine is slow, not broken) and bounded (a condition
 * that never holds fails with the last value read, never hangs the run).
 */
export async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  options: { timeoutMs?: number; intervalMs?: number; what?: string } = {},
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const intervalMs = options.intervalMs ?? 200;
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - started > timeoutMs)
      throw new Error(
        `${options.what ?? 'condition'} did not hold within ${timeoutMs} ms; last read: ${JSON.stringify(value)}`,
      );
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
