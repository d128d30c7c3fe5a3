import { describe, expect, it } from 'vitest';
import { parseBatchCsv } from './batch-csv';
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
  duration_seconds: 61,
  cost_usd: 0.02,
  batch_id: 'batch_01',
  batch_index: 0,
  created_at: '2026-11-26T00:00:00Z',
  ...overrides,
});

describe('resultsCsv', () => {
  it('has one row per task: input columns, status, outcome, summary, cost', () => {
    const csv = resultsCsv([
      task({ metadata: { pupil: 'Kim' }, summary: 'Kim is sick, "flu", back Monday.' }),
      task({
        id: 'task_02',
        status: 'failed',
        outcome: 'not_achieved',
        failure_reason: 'insufficient_credits',
        cost_usd: 0,
        metadata: { pupil: 'Sam' },
      }),
    ]);
    const parsed = parseBatchCsv(csv);
    expect(parsed.columns).toEqual([
      'phone_number',
      'goal',
      'pupil',
      'status',
      'outcome',
      'summary',
      'failure_reason',
      'duration_seconds',
      'cost_usd',
      'task_id',
    ]);
    expect(parsed.records[0]).toMatchObject({
      pupil: 'Kim',
      status: 'success',
      summary: 'Kim is sick, "flu", back Monday.',
      cost_usd: '0.02',
    });
    expect(parsed.records[1]).toMatchObject({
      status: 'failed',
      failure_reason: 'insufficient_credits',
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
});
