import { describe, expect, it } from 'vitest';
import { exportFileName } from './export-account-data';

describe('the export file name', () => {
  it('is dated by the export', () => {
    expect(exportFileName({ exported_at: '2026-03-04T05:06:07.000Z' })).toBe(
      'dialwise-account-2026-03-04.json',
    );
  });

  it('falls back to today when the export has no date', () => {
    expect(exportFileName({}, new Date('2026-01-02T00:00:00Z'))).toBe(
      'dialwise-account-2026-01-02.json',
    );
  });
});
