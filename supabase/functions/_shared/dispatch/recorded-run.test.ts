// @vitest-environment node
import type { Db } from '../db.ts';
import { recordedRun } from './recorded-run.ts';

const db = {} as Db;
const startedAt = new Date('2026-11-27T12:00:00Z');

describe('a recorded dispatch run', () => {
  it('records what the run did, after it ends', async () => {
    const records: unknown[] = [];
    const run = recordedRun(db, async () => ({ retries_placed: 2 }), {
      clock: () => startedAt,
      log: () => {},
      record: async (_db, at, report, error) => void records.push({ at, report, error }),
    });
    expect(await run(startedAt)).toEqual({ retries_placed: 2 });
    expect(records).toEqual([{ at: startedAt, report: { retries_placed: 2 }, error: null }]);
  });

  it('records why a run failed, then fails as before, even when the record cannot be written', async () => {
    const records: unknown[] = [];
    const logged: string[] = [];
    const failing = recordedRun(
      db,
      async () => {
        throw new Error('connection to the provider refused');
      },
      {
        clock: () => startedAt,
        log: (line) => logged.push(line),
        record: async (_db, _at, report, error) => {
          records.push({ report, error });
          throw new Error('database unavailable');
        },
      },
    );
    await expect(failing(startedAt)).rejects.toThrow('connection to the provider refused');
    expect(records).toEqual([{ report: null, error: 'connection to the provider refused' }]);
    expect(logged).toEqual([
      '[dispatch] the failed run could not be recorded: database unavailable',
    ]);
  });
});
