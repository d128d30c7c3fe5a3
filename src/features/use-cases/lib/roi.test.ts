import { describe, expect, it } from 'vitest';
import { formatHours, formatUsd, roiRow } from '@/features/use-cases/lib/roi';

const basis = { callsPerLoad: 2, minutesPerCall: 5, hourlyRateUsd: 35 };

describe('roiRow', () => {
  it.each([
    { loads: 50, calls: 100, hours: '8.3', dollars: '$290' },
    { loads: 100, calls: 200, hours: '16.7', dollars: '$585' },
    { loads: 200, calls: 400, hours: '33.3', dollars: '$1,165' },
  ])('gives the published figures for $loads loads a month', ({ loads, calls, hours, dollars }) => {
    const row = roiRow(loads, basis);
    expect(row.calls).toBe(calls);
    expect(formatHours(row.hours)).toBe(hours);
    expect(formatUsd(row.dollars)).toBe(dollars);
  });

  it('rounds dollars to the nearest $5', () => {
    expect(roiRow(1, basis).dollars % 5).toBe(0);
    expect(roiRow(37, basis).dollars % 5).toBe(0);
  });
});
