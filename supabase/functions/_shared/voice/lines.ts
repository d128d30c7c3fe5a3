// The voice provider's lines: how many calls the whole platform may have live at once. Vapi allows
// 10 concurrent calls per organisation unless more lines are bought, so the database starts at 10;
// set VOICE_MAX_CONCURRENT_CALLS to the organisation's limit.

/**
 * VOICE_MAX_CONCURRENT_CALLS, a whole number from 1 (anything else is a deployment mistake);
 * undefined when unset: the database keeps what it has (10 unless changed).
 */
export function maxConcurrentCallsFromEnv(
  env: (name: string) => string | undefined,
): number | undefined {
  const raw = env('VOICE_MAX_CONCURRENT_CALLS')?.trim();
  if (!raw) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 100_000)
    throw new Error(
      `VOICE_MAX_CONCURRENT_CALLS must be a whole number from 1 to 100000, not "${raw}"`,
    );
  return value;
}
