import { describe, expect, it } from 'vitest';
import { parseBatchCsv } from './batch-csv';
import { batchRequestBody, checkBatchRow, checkBatchRows, CHECK_SLICE } from './batch-rows';

describe('checkBatchRow', () => {
  it('accepts a good row: the number in E.164, its own goal, the other columns as metadata', () => {
    const row = checkBatchRow(
      { phone_number: '(415) 555-0100', goal: 'Confirm pickup', pupil: 'Kim', empty: '' },
      1,
      '',
    );
    expect(row.problems).toEqual([]);
    expect(row.body).toEqual({
      phone_number: '+14155550100',
      goal: 'Confirm pickup',
      metadata: { pupil: 'Kim' },
    });
  });

  it('names a premium-rate number with the shared rule, and a number that is not one', () => {
    expect(checkBatchRow({ phone_number: '+1 900 555 0100' }, 2, 'Hi').problems).toEqual([
      { field: 'phone_number', message: expect.stringMatching(/premium-rate/) },
    ]);
    expect(checkBatchRow({ phone_number: '12345' }, 3, 'Hi').problems).toEqual([
      { field: 'phone_number', message: expect.stringMatching(/not a US phone number/) },
    ]);
    expect(checkBatchRow({ phone_number: '' }, 4, 'Hi').problems[0]!.message).toMatch(/empty/);
  });

  it('takes the goal for all rows where a row has none, and names a row with no goal at all', () => {
    expect(checkBatchRow({ phone_number: '+14155550100' }, 1, 'Shared').problems).toEqual([]);
    expect(checkBatchRow({ phone_number: '+14155550100' }, 1, '  ').problems).toEqual([
      { field: 'goal', message: expect.stringMatching(/No goal/) },
    ]);
  });

  it('refuses metadata over 4 KB', () => {
    const row = checkBatchRow({ phone_number: '+14155550100', notes: 'x'.repeat(5000) }, 1, 'Hi');
    expect(row.problems).toEqual([{ field: 'metadata', message: expect.any(String) }]);
  });
});

describe('checkBatchRows', () => {
  it('checks 1,000 rows in slices, yielding between them, and keeps each slice short', async () => {
    const lines = ['phone_number,goal,pupil'];
    for (let i = 0; i < 1000; i++)
      lines.push(`+1415555${String(1000 + i).slice(-4)},"Absent today, ask why",Pupil ${i}`);
    const started = performance.now();
    const parsed = parseBatchCsv(lines.join('\r\n'));
    const parsedMs = performance.now() - started;
    const slices: number[] = [];
    let sliceStart = performance.now();
    const rows = await checkBatchRows(parsed.records, '', {
      yieldToBrowser: async () => {
        slices.push(performance.now() - sliceStart);
        await new Promise((r) => setTimeout(r, 0));
        sliceStart = performance.now();
      },
    });
    slices.push(performance.now() - sliceStart);
    const totalMs = performance.now() - started;
    console.log(
      `1,000 rows: parsed in ${parsedMs.toFixed(1)} ms, checked in ${slices.length} slices, longest ${Math.max(...slices).toFixed(1)} ms, ${totalMs.toFixed(1)} ms in all`,
    );
    expect(rows).toHaveLength(1000);
    expect(rows.every((row) => row.problems.length === 0)).toBe(true);
    expect(slices).toHaveLength(1000 / CHECK_SLICE);
    expect(rows[999]!.row).toBe(1000);
  });

  it('builds the request body with the shared goal as a default', async () => {
    const rows = await checkBatchRows([{ phone_number: '+14155550100' }], 'Shared goal');
    expect(batchRequestBody(rows, 'Shared goal')).toEqual({
      defaults: { goal: 'Shared goal' },
      tasks: [{ phone_number: '+14155550100' }],
    });
  });
});
