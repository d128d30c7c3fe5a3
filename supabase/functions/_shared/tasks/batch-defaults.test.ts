import { describe, expect, it } from 'vitest';
import { shareBatchDefaults, withBatchDefaults } from './batch-defaults.ts';
import type { NewTaskRow } from './task-repository.ts';

const SCHEMA = { type: 'object', properties: { knew: { type: 'boolean' } } };
const row = (fields: Record<string, unknown>): NewTaskRow => ({
  id: `task_${Math.random()}`,
  phone_number: '+14155550100',
  goal: 'Shared goal',
  first_sentence: null,
  voicemail_message: 'Call us back.',
  output_schema: SCHEMA,
  context: { school: 'North', tone: 'calm' },
  metadata: {},
  ...fields,
});
const stored = (fields: Record<string, unknown>) => ({ content_erased_at: null, ...fields });

describe('a batch’s shared fields', () => {
  it('are kept once and every row puts back exactly what it was, its own values winning', () => {
    const rows = [
      row({}),
      row({ goal: 'Own goal', context: { school: 'North', tone: 'warm', pupil: 'Kim' } }),
      row({ output_schema: { type: 'object', properties: {} } }),
    ];
    const own = new Set(['1:goal', '1:context', '2:output_schema']);
    const { defaults, rows: reduced } = shareBatchDefaults(
      rows,
      (field, index) => !own.has(`${index}:${field}`),
      { context: { school: 'North', tone: 'calm' }, metadata: undefined },
    );
    expect(defaults).toEqual({
      goal: 'Shared goal',
      voicemail_message: 'Call us back.',
      output_schema: SCHEMA,
      context: { school: 'North', tone: 'calm' },
    });
    expect(reduced[0]).toMatchObject({
      goal: null,
      voicemail_message: null,
      output_schema: null,
      context: {},
    });
    expect(reduced[1]).toMatchObject({ goal: 'Own goal', context: { tone: 'warm', pupil: 'Kim' } });
    for (const [index, original] of rows.entries())
      expect(withBatchDefaults(stored(reduced[index]!), defaults)).toEqual(stored(original));
  });

  it('are not shared where a row without a value could not be told from one that inherits', () => {
    const rows = [row({}), row({ voicemail_message: null })];
    const { defaults, rows: reduced } = shareBatchDefaults(rows, () => true, {});
    expect(defaults).not.toHaveProperty('voicemail_message');
    expect(reduced.map((r) => r.voicemail_message)).toEqual(['Call us back.', null]);
  });

  it('read merged objects with jsonb’s key order (shorter keys first), as PostgreSQL answers them', () => {
    const read = withBatchDefaults(stored({ context: { a: 1, zz: 2 } }), {
      context: { school: 'North', b: 3 },
    });
    expect(Object.keys(read.context as object)).toEqual(['a', 'b', 'zz', 'school']);
  });

  it('give an erased task none of the content back, only its output_schema', () => {
    const read = withBatchDefaults(
      stored({
        content_erased_at: '2026-01-01T00:00:00Z',
        goal: null,
        context: {},
        metadata: {},
        first_sentence: null,
        output_schema: null,
      }),
      {
        goal: 'Shared goal',
        context: { school: 'North' },
        first_sentence: 'Hi.',
        output_schema: SCHEMA,
      },
    );
    expect(read).toMatchObject({
      goal: null,
      context: {},
      first_sentence: null,
      output_schema: SCHEMA,
    });
  });
});
