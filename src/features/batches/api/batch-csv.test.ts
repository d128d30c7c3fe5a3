import { describe, expect, it } from 'vitest';
import { normalizedColumn, parseBatchCsv } from './batch-csv';

describe('parseBatchCsv', () => {
  it('reads quoted fields holding commas, quotes and line breaks', () => {
    const csv =
      'phone_number,goal,pupil\n' +
      '+14155550100,"Ask about Kim, who was absent","Kim ""KJ"" Lee"\n' +
      '+14155550101,"Two lines:\nfirst, then second",Sam\n';
    const parsed = parseBatchCsv(csv);
    expect(parsed.problems).toEqual([]);
    expect(parsed.columns).toEqual(['phone_number', 'goal', 'pupil']);
    expect(parsed.records).toEqual([
      {
        phone_number: '+14155550100',
        goal: 'Ask about Kim, who was absent',
        pupil: 'Kim "KJ" Lee',
      },
      { phone_number: '+14155550101', goal: 'Two lines:\nfirst, then second', pupil: 'Sam' },
    ]);
  });

  it('drops a byte-order mark and reads CRLF line ends', () => {
    const parsed = parseBatchCsv(
      '\uFEFFphone_number,name\r\n+14155550100,Ann\r\n+14155550101,Bo\r\n',
    );
    expect(parsed.columns).toEqual(['phone_number', 'name']);
    expect(parsed.records).toEqual([
      { phone_number: '+14155550100', name: 'Ann' },
      { phone_number: '+14155550101', name: 'Bo' },
    ]);
  });

  it('skips blank lines and trims header names', () => {
    const parsed = parseBatchCsv(' Phone Number , Goal \n\n415 555 0100,Hi\n\n');
    expect(parsed.columns).toEqual(['Phone Number', 'Goal']);
    expect(parsed.records).toHaveLength(1);
    expect(normalizedColumn('Phone Number')).toBe('phone_number');
  });

  it('names a file without a phone_number column, or with a column twice', () => {
    expect(parseBatchCsv('number,goal\n1,2\n').problems).toEqual([
      'The header row has no phone_number column.',
    ]);
    expect(parseBatchCsv('phone_number,Phone Number\n1,2\n').problems).toEqual([
      'The column Phone Number appears twice in the header row.',
    ]);
    expect(parseBatchCsv('').problems).toEqual(['The file has no header row.']);
  });
});
