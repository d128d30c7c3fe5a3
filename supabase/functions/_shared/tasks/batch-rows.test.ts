import { describe, expect, it } from 'vitest';
import { createBatchSchema, createTaskSchema, mergeCreateBody } from './schema.ts';

describe('a batch row over its defaults', () => {
  it('takes the row over the defaults, and merges context and metadata key by key', () => {
    expect(
      mergeCreateBody(
        { goal: 'Default goal', voice: 'Aria', metadata: { school: 'North' }, context: { a: 1 } },
        { phone_number: '+14155550100', voice: 'Roger', metadata: { pupil: 'Kim' } },
      ),
    ).toEqual({
      goal: 'Default goal',
      voice: 'Roger',
      phone_number: '+14155550100',
      metadata: { school: 'North', pupil: 'Kim' },
      context: { a: 1 },
    });
  });

  it("lets a row's goal replace a default given as task (its alias), and the other way round", () => {
    expect(mergeCreateBody({ task: 'Default' }, { goal: 'Own' })).toEqual({ goal: 'Own' });
    expect(mergeCreateBody({ goal: 'Default' }, { task: 'Own' })).toEqual({ task: 'Own' });
  });

  it('validates each merged row as a create body', () => {
    const ok = createTaskSchema.safeParse(
      mergeCreateBody({ goal: 'Remind' }, { phone_number: '+14155550100' }),
    );
    expect(ok.success).toBe(true);
    const premium = createTaskSchema.safeParse(
      mergeCreateBody({ goal: 'Remind' }, { phone_number: '+19005550100' }),
    );
    expect(premium.success).toBe(false);
  });

  it('takes 1 to 1,000 rows', () => {
    const row = { phone_number: '+14155550100' };
    expect(createBatchSchema.safeParse({ tasks: [] }).success).toBe(false);
    expect(createBatchSchema.safeParse({ tasks: Array(1000).fill(row) }).success).toBe(true);
    expect(createBatchSchema.safeParse({ tasks: Array(1001).fill(row) }).success).toBe(false);
    expect(createBatchSchema.safeParse({ tasks: [row], extra: 1 }).success).toBe(false);
  });
});
