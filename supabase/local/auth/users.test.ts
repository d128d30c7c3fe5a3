import { describe, expect, it } from 'vitest';
import { isBanned, parseGoDuration } from './users';

describe('ban durations as GoTrue reads them (Go time.ParseDuration)', () => {
  it('reads hours, minutes, seconds, fractions and combinations', () => {
    expect(parseGoDuration('876000h')).toBe(876_000 * 3_600_000);
    expect(parseGoDuration('1h30m')).toBe(90 * 60_000);
    expect(parseGoDuration('1.5s')).toBe(1_500);
    expect(parseGoDuration('250ms')).toBe(250);
    expect(parseGoDuration('0')).toBe(0);
    expect(parseGoDuration('-1h')).toBe(-3_600_000);
  });

  it('refuses what Go refuses: no unit, unknown units, days, empty', () => {
    for (const text of ['10', '1d', 'forever', '', 'h', '1h '])
      expect(parseGoDuration(text)).toBeNull();
  });

  it('a user is banned only while banned_until is ahead', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(isBanned({ banned_until: null }, now)).toBe(false);
    expect(isBanned({ banned_until: new Date('2025-12-31T00:00:00Z') }, now)).toBe(false);
    expect(isBanned({ banned_until: new Date('2026-01-02T00:00:00Z') }, now)).toBe(true);
  });
});
