import { describe, expect, it } from 'vitest';
import { BATCH_COUNT_KEYS, batchCountOf, batchCounts } from './batch-counts.ts';
import { TASK_STATUSES } from './schema.ts';

describe('batch counts', () => {
  it.each([
    ['scheduled', null, 'scheduled'],
    ['retry_scheduled', null, 'scheduled'],
    ['queued', null, 'queued'],
    ['ringing', null, 'in_progress'],
    ['in_progress', null, 'in_progress'],
    ['success', 'achieved', 'succeeded'],
    ['success', 'unknown', 'succeeded'],
    ['success', 'not_achieved', 'not_achieved'],
    ['no_answer', 'not_achieved', 'unreachable'],
    ['busy', 'not_achieved', 'unreachable'],
    ['voicemail', 'not_achieved', 'unreachable'],
    ['failed', 'not_achieved', 'failed'],
    ['canceled', 'not_achieved', 'canceled'],
  ])('a %s task with outcome %s counts as %s', (status, outcome, key) => {
    expect(batchCountOf(status, outcome)).toBe(key);
  });

  it('puts every status in exactly one count, so the counts add up to the total', () => {
    const groups = TASK_STATUSES.flatMap((status) =>
      [null, 'achieved', 'not_achieved', 'unknown'].map((outcome, i) => ({
        status,
        outcome,
        count: i + 1,
      })),
    );
    const counts = batchCounts(groups);
    expect(counts.total).toBe(TASK_STATUSES.length * 10);
    expect(BATCH_COUNT_KEYS.reduce((sum, key) => sum + counts[key], 0)).toBe(counts.total);
  });

  it('is all zeros for no tasks', () => {
    expect(batchCounts([])).toEqual({
      total: 0,
      scheduled: 0,
      queued: 0,
      in_progress: 0,
      succeeded: 0,
      not_achieved: 0,
      unreachable: 0,
      failed: 0,
      canceled: 0,
    });
  });
});
