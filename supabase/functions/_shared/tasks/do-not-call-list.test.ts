// @vitest-environment node
import type { Db } from '../db.ts';
import { ServiceError } from '../errors.ts';
import { addToDoNotCall, DO_NOT_CALL_CHUNK } from './do-not-call-list.ts';

/** do_not_call_add as the database answers it: every number new, each call taking `ms`. */
function database(ms = 0) {
  const chunks: number[] = [];
  const db = {
    rpc: async (_name: string, args: { p_numbers: string[] }) => {
      chunks.push(args.p_numbers.length);
      await new Promise((resolve) => setTimeout(resolve, ms));
      return { data: { added: args.p_numbers.length, already_listed: 0 }, error: null };
    },
  } as unknown as Db;
  return { db, chunks };
}

const numbers = (n: number) =>
  Array.from({ length: n }, (_, i) => `+1415${String(2_000_000 + i).padStart(7, '0')}`);

describe('a do-not-call upload', () => {
  it('is written a chunk at a time, each number once', async () => {
    const { db, chunks } = database();
    const upload = [...numbers(12_000), ...numbers(10)];
    expect(await addToDoNotCall(db, { userId: 'u1', livemode: true }, upload)).toEqual({
      added: 12_000,
      already_listed: 0,
    });
    expect(chunks).toEqual([DO_NOT_CALL_CHUNK, DO_NOT_CALL_CHUNK, 2_000]);
  });

  it('refuses a second list of the same account while the first is written, never another account’s', async () => {
    const { db } = database(30);
    const first = addToDoNotCall(db, { userId: 'u2', livemode: true }, numbers(10));
    const second = addToDoNotCall(db, { userId: 'u2', livemode: true }, numbers(10)).catch(
      (error: unknown) => error,
    );
    const other = addToDoNotCall(db, { userId: 'u3', livemode: true }, numbers(10));
    expect(await second).toBeInstanceOf(ServiceError);
    expect(((await second) as ServiceError).code).toBe('rate_limited');
    expect(await first).toEqual({ added: 10, already_listed: 0 });
    expect(await other).toEqual({ added: 10, already_listed: 0 });
    // Once written, the account may send the next.
    expect(await addToDoNotCall(db, { userId: 'u2', livemode: true }, numbers(5))).toEqual({
      added: 5,
      already_listed: 0,
    });
  });
});
