import { describe, expect, it } from 'vitest';
import { nextAttemptWords } from './batch-wording';

describe('nextAttemptWords', () => {
  const now = new Date(2026, 10, 27, 13, 40);
  it('names the time today, and how far off it is', () => {
    expect(nextAttemptWords(new Date(2026, 10, 27, 14, 5).toISOString(), now)).toBe(
      'Next attempt 2:05 PM, in 25 minutes',
    );
  });
  it('names the day when it is not today', () => {
    expect(nextAttemptWords(new Date(2026, 10, 28, 9, 0).toISOString(), now)).toBe(
      'Next attempt Nov 28, 9:00 AM, in 19 hours',
    );
  });
  it('says "due now" once the moment has passed', () => {
    expect(nextAttemptWords(new Date(2026, 10, 27, 13, 39).toISOString(), now)).toBe(
      'Next attempt due now',
    );
  });
});
