// The voice provider's lines: how many calls the whole platform may have live at once. Vapi allows
// 10 concurrent calls per organisation unless more lines are bought, so 10 is the default; set
// VOICE_MAX_CONCURRENT_CALLS to the organisation's limit.

export const DEFAULT_MAX_CONCURRENT_CALLS = 10;

/** VOICE_MAX_CONCURRENT_CALLS, a whole number from 1; anything else is a deployment mistake. */
export function maxConcurrentCallsFromEnv(env: (name: string) => string | undefined): number {
  const raw = env('VOICE_MAX_CONCURRENT_CALLS')?.trim();
  if (!raw) return DEFAULT_MAX_CONCURRENT_CALLS;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 100_000)
    throw new Error(
      `VOICE_MAX_CONCURRENT_CALLS must be a whole number from 1 to 100000, not "${raw}"`,
    );
  return value;
}
