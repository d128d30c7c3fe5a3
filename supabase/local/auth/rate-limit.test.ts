import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rate-limit';

describe('per-IP rate limiter', () => {
  it('allows the limit within a window, refuses the next, and resets with the next window', () => {
    let now = 0;
    const limiter = createRateLimiter(3, 1_000, () => now);
    expect([1, 2, 3, 4].map(() => limiter.hit('1.2.3.4'))).toEqual([true, true, true, false]);
    expect(limiter.hit('5.6.7.8')).toBe(true);
    now = 1_000;
    expect(limiter.hit('1.2.3.4')).toBe(true);
  });
});
