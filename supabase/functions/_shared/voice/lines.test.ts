import { describe, expect, it } from 'vitest';
import { maxConcurrentCallsFromEnv } from './lines.ts';

const env = (value?: string) => (name: string) =>
  name === 'VOICE_MAX_CONCURRENT_CALLS' ? value : undefined;

describe('VOICE_MAX_CONCURRENT_CALLS', () => {
  it('is the number of lines bought, or nothing when unset (the database keeps its own)', () => {
    expect(maxConcurrentCallsFromEnv(env('25'))).toBe(25);
    expect(maxConcurrentCallsFromEnv(env(' 10 '))).toBe(10);
    expect(maxConcurrentCallsFromEnv(env())).toBeUndefined();
    expect(maxConcurrentCallsFromEnv(env(''))).toBeUndefined();
  });

  it('refuses a value that is not a whole number of lines, naming the setting', () => {
    for (const bad of ['0', '-3', '2.5', 'ten', '100001'])
      expect(() => maxConcurrentCallsFromEnv(env(bad))).toThrow(/VOICE_MAX_CONCURRENT_CALLS/);
  });
});
