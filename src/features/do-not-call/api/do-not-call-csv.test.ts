import { describe, expect, it } from 'vitest';
import { parseDoNotCallCsv } from './do-not-call-csv';

describe('reading a do-not-call CSV', () => {
  it('takes the first column of a headerless file, in any usual US form, each number once', () => {
    expect(parseDoNotCallCsv('415-555-0100\n(212) 555-0101\n+14155550100\n\n')).toEqual({
      numbers: ['+14155550100', '+12125550101'],
      bad: [],
      badCount: 0,
      tooMany: false,
    });
  });

  it('takes the column headed phone_number, quoted or not', () => {
    const csv = 'name,phone_number\n"Lee, Kim",415 555 0102\nSam,"+1 305 555 0103"\r\n';
    expect(parseDoNotCallCsv(csv).numbers).toEqual(['+14155550102', '+13055550103']);
  });

  it('names the lines that hold no US number, so nothing half-uploads', () => {
    const parsed = parseDoNotCallCsv('phone\n4155550100\n12345\n+442071234567\n');
    expect(parsed.badCount).toBe(2);
    expect(parsed.bad).toEqual([
      { line: 3, value: '12345' },
      { line: 4, value: '+442071234567' },
    ]);
  });

  it('refuses more than 100,000 numbers', () => {
    const lines = Array.from({ length: 100_001 }, (_, i) => `+1415${String(2_000_000 + i)}`);
    expect(parseDoNotCallCsv(lines.join('\n')).tooMany).toBe(true);
  });
});
